// Blog: posts with resolved authors and tags, newest first; pagination, archive, authors and tags pages.
import { type Diagnostics, didYouMean } from '../diagnostics.ts';
import type { Author, BlogPostMeta, Config, ContentSet, Page, TagInfo } from '../types.ts';
import { blogSlugAndDate, withBase } from './urls.ts';

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
      if (!date)
        diagnostics.error(
          'content',
          'a blog post needs a date',
          { file: source.file, line: 1 },
          "add 'date: 2025-01-31' to the front matter or name the file 2025-01-31-slug.md",
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
