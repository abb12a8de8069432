// Blog: posts with resolved authors and tags, newest first; pagination, archive, authors and tags pages.
import { didYouMean, fail } from '../diagnostics.ts';
import type { Author, BlogPostMeta, Config, ContentSet, Page, TagInfo } from '../types.ts';
import { blogSlugAndDate, withBase } from './urls.ts';

/** Every blog post, newest first (then by slug, for a stable order). Unknown authors and tags stop the build. */
export function blogPosts(
  config: Config,
  pages: Page[],
  content: ContentSet,
  routeByFile: Map<string, string>,
): BlogPostMeta[] {
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
      const authors = idList(source, 'authors', 'author').map((id) => ({
        ...lookup(content.authors, id, 'author', source, 'authors'),
        href: withBase(config, config.blog.routeBasePath, 'authors', id),
      }));
      const tags = idList(source, 'tags', 'tag').map((id) => ({
        ...lookup(content.blogTags, id, 'tag', source, 'tags'),
        href: withBase(config, config.blog.routeBasePath, 'tags', id),
      }));
      const words = page.wordCount;
      return {
        slug,
        title: page.title,
        path: routeByFile.get(source.file)!,
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

/** The ids a post names under `key`: one, or a list. Authors written out in full (as some generators allow) are an error. */
function idList(source: Page['source'], key: string, what: string): string[] {
  const value = source.frontMatter[key];
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  for (const entry of list) {
    if (typeof entry !== 'string' && typeof entry !== 'number')
      fail(
        'content',
        `${key} must list ${what} ids from ${REGISTRY[what]}`,
        { file: source.file, line: source.keyLines[key] ?? 1, column: 1 },
        `describe the ${what} in ${REGISTRY[what]} and write its id here`,
      );
  }
  return list.map(String);
}

/** Splits a list into pages of `size`. */
export function paginate<T>(items: T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length > 0 ? pages : [[]];
}
