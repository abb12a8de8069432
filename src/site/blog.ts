// Blog: posts with resolved authors and tags, newest first; pagination, archive, authors and tags pages.
import { type Diagnostics, didYouMean } from '../shared/model/diagnostics.ts';
import type { Author, BlogPostMeta, Config, ContentSet, Page, Route, Site, TagInfo } from '../shared/model/types.ts';
import { calendarDateProblem } from '../shared/content/dates.ts';
import { blogSlugAndDate } from '../content/routes.ts';
import { withBase } from '../shared/urls.ts';
import { groupBy } from './group-by.ts';

/**
 * Every blog post, newest first (then by slug, for a stable order). A post without a date and unknown authors and
 * tags are errors; every post is still read, so all of them are reported at once (the build stops after this step).
 */
export function blogPosts(
  config: Config,
  pages: Page[],
  content: ContentSet,
  diagnostics: Diagnostics,
): BlogPostMeta[] {
  return pages
    .filter((page) => page.source.kind === 'blog')
    .map((page) => {
      const { source } = page;
      const { slug, date = '' } = blogSlugAndDate(source);
      // The front matter's date was checked with it; one from the file name is checked here.
      const problem = date && !source.frontMatter.date ? calendarDateProblem(date) : undefined;
      if (!date)
        diagnostics.error(
          'content',
          'a blog post needs a date',
          { file: source.file, line: 1 },
          "add 'date: 2025-01-31' to the front matter or name the file 2025-01-31-slug.md",
        );
      else if (problem)
        diagnostics.error(
          'content',
          `the date in the file name, ${date}, is not a day of the calendar: ${problem}`,
          { file: source.file, line: 1 },
          'rename the file with the day the post was published, or give it in the front matter: date: 2025-01-31',
        );
      const resolve = <T extends Author | TagInfo>(map: Map<string, T>, key: 'authors' | 'tags', what: string) =>
        (source.frontMatter[key] ?? []).flatMap((id) => {
          const found = lookup(map, id, what, source, key, diagnostics);
          return found ? [{ ...found, href: withBase(config, config.blog.routeBasePath, key, id) }] : [];
        });
      const authors = resolve(content.authors, 'authors', 'author');
      const tags = resolve(content.blogTags, 'tags', 'tag');
      const words = page.wordCount;
      return {
        slug,
        title: page.title,
        path: source.route,
        date,
        description: page.description,
        authors,
        tags,
        readingMinutes: Math.max(1, Math.ceil(words / config.blog.wordsPerMinute)),
        excerptHtml: page.excerptHtml ?? page.html,
        truncated: page.excerptHtml !== undefined,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

const REGISTRY: Record<string, string> = { author: 'content/blog/authors.yml', tag: 'content/blog/tags.yml' };

function lookup<T extends Author | TagInfo>(
  map: Map<string, T>,
  id: string,
  what: string,
  source: Page['source'],
  key: string,
  diagnostics: Diagnostics,
): T | undefined {
  const found = map.get(id);
  if (found) return found;
  const guess = didYouMean(id, map.keys());
  diagnostics.error(
    'content',
    `unknown ${what} '${id}'`,
    { file: source.file, line: source.keyLines[key] ?? 1, column: 1 },
    guess ? `did you mean '${guess}'?` : `add '${id}' to ${REGISTRY[what]}`,
  );
  return undefined;
}

/** Splits a list into pages of `size`. */
export function paginate<T>(items: T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length > 0 ? pages : [[]];
}

/** The blog's list pages (paginated), archive, authors and tags pages. */
export function addBlogRoutes(
  config: Config,
  posts: Site['posts'],
  add: (route: Omit<Route, 'outFile'>) => void,
): void {
  const blog = (...parts: string[]) => withBase(config, config.blog.routeBasePath, ...parts);
  const listPages = paginate(posts, config.blog.postsPerPage);
  listPages.forEach((pagePosts, i) => {
    const pageHref = (n: number) => (n === 0 ? blog() : blog('page', String(n + 1)));
    add({
      path: pageHref(i),
      title: config.blog.title,
      description: config.blog.description,
      data: {
        kind: 'blog-list',
        posts: pagePosts,
        page: i + 1,
        pageCount: listPages.length,
        previous: i > 0 ? { label: 'Newer posts', href: pageHref(i - 1) } : undefined,
        next: i < listPages.length - 1 ? { label: 'Older posts', href: pageHref(i + 1) } : undefined,
      },
    });
  });
  const years = groupBy(posts, (post) => post.date.slice(0, 4));
  add({
    path: blog('archive'),
    title: 'Archive',
    description: 'Every blog post, by year',
    data: { kind: 'blog-archive', years: [...years].map(([year, list]) => ({ year, posts: list })) },
  });

  const authorById = new Map(posts.flatMap((post) => post.authors.map((author) => [author.id, author] as const)));
  const sortedAuthors = [...groupBy(posts, (post) => post.authors.map((a) => a.id))]
    .map(([id, list]) => ({ author: authorById.get(id)!, posts: list }))
    .sort((a, b) => a.author.name.localeCompare(b.author.name));
  add({
    path: blog('authors'),
    title: 'Authors',
    description: 'The people writing this blog',
    data: {
      kind: 'blog-authors',
      authors: sortedAuthors.map(({ author, posts: list }) => ({ ...author, count: list.length })),
    },
  });
  for (const { author, posts: list } of sortedAuthors) {
    add({
      path: author.href,
      title: author.name,
      description: `Posts by ${author.name}`,
      data: { kind: 'blog-author', author, posts: list },
    });
  }

  const tagById = new Map(posts.flatMap((post) => post.tags.map((tag) => [tag.id, tag] as const)));
  const sortedTags = [...groupBy(posts, (post) => post.tags.map((t) => t.id))]
    .map(([id, list]) => ({ tag: tagById.get(id)!, posts: list }))
    .sort((a, b) => a.tag.label.localeCompare(b.tag.label));
  add({
    path: blog('tags'),
    title: 'Tags',
    description: 'Blog posts by topic',
    data: {
      kind: 'blog-tags',
      tags: sortedTags.map(({ tag, posts: list }) => ({ label: tag.label, href: tag.href, count: list.length })),
    },
  });
  for (const { tag, posts: list } of sortedTags) {
    add({
      path: tag.href,
      title: `${list.length} post${list.length === 1 ? '' : 's'} tagged with "${tag.label}"`,
      description: tag.description ?? `Posts tagged ${tag.label}`,
      data: { kind: 'blog-tag', tag, posts: list, allTagsHref: blog('tags') },
    });
  }
}
