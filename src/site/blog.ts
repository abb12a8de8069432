// Blog: posts with resolved authors and tags, newest first; pagination, archive, authors and tags pages.
import { didYouMean, fail } from '../diagnostics.ts';
import type { Author, BlogPostMeta, Config, ContentSet, Page, TagInfo } from '../types.ts';
import { blogSlugAndDate, withBase } from './urls.ts';

/** Every blog post, newest first (then by slug, for a stable order). Unknown authors and tags stop the build. */
export function blogPosts(config: Config, pages: Page[], content: ContentSet): BlogPostMeta[] {
  return pages
    .filter((page) => page.source.kind === 'blog')
    .map((page) => {
      const { source } = page;
      const { slug, date } = blogSlugAndDate(source);
      if (!date)
        fail(
          'content',
          'a blog post needs a date',
          { file: source.file, line: 1 },
          "add 'date: 2025-01-31' to the front matter or name the file 2025-01-31-slug.md",
        );
      const authors = (source.frontMatter.authors ?? []).map((id) => ({
        ...lookup(content.authors, id, 'author', source, 'authors'),
        href: withBase(config, config.blog.routeBasePath, 'authors', id),
      }));
      const tags = (source.frontMatter.tags ?? []).map((id) => ({
        ...lookup(content.blogTags, id, 'tag', source, 'tags'),
        href: withBase(config, config.blog.routeBasePath, 'tags', id),
      }));
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
): T {
  const found = map.get(id);
  if (found) return found;
  const guess = didYouMean(id, map.keys());
  fail(
    'content',
    `unknown ${what} '${id}'`,
    { file: source.file, line: source.keyLines[key] ?? 1, column: 1 },
    guess ? `did you mean '${guess}'?` : `add '${id}' to ${REGISTRY[what]}`,
  );
}

/** Splits a list into pages of `size`. */
export function paginate<T>(items: T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length > 0 ? pages : [[]];
}
