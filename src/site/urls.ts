// Where things live in URL space: a source's route, an asset's URL, the base path.
// Pure functions of config and source, used by the markdown stage (link rewriting) and the site stage (routes).
import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import type { Config, ParsedSource } from '../types.ts';

const DATED = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

/** Whether an href leaves the site: a scheme ('https:', 'mailto:') or a protocol-relative '//host'. */
export const isExternal = (href: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/**
 * Joins path segments under the base path and ends with '/': withBase(c, 'docs', 'x') -> '/egrocer-documentation/docs/x/'.
 * The parts are names as they are (file names, slugs, ids), not URLs: each segment is percent-encoded, so a page
 * named '100%-sure.md' gets the href '/docs/100%25-sure/' and '#' or '?' in a name cannot end the path.
 */
export function withBase(config: Config, ...parts: string[]): string {
  const inner = parts.join('/').split('/').filter(Boolean).map(encodeSegment).join('/');
  return inner ? `${config.baseUrl}${inner}/` : config.baseUrl;
}

/**
 * A path a person wrote in the config or front matter ('/docs/x/', 'docs/x', '/docs/caf%C3%A9/') as a route path
 * under the base. It is a site path: the base path is always added, so `--base-url` moves it with the site. Written
 * escapes are kept (decoded, then encoded again), so '%C3%A9' and 'é' give the same href.
 */
export function sitePath(config: Config, written: string): string {
  const [pathPart, hash = ''] = splitHash(written);
  const segments = pathPart
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeSegment(decodeSegment(segment)));
  const last = segments[segments.length - 1] ?? '';
  // A file ('/img/logo.svg', '/blog/rss.xml') keeps its name; a page path ends with '/'.
  const joined =
    segments.length === 0
      ? config.baseUrl
      : `${config.baseUrl}${segments.join('/')}${last.includes('.') && !pathPart.endsWith('/') ? '' : '/'}`;
  return hash ? `${joined}#${hash}` : joined;
}

/** The path and the fragment (without '#') of an href. */
function splitHash(href: string): [string, string?] {
  const at = href.indexOf('#');
  return at < 0 ? [href] : [href.slice(0, at), href.slice(at + 1)];
}

/** A name as a URL path segment: what encodeURI leaves alone stays readable; '%', '#' and '?' are escaped too. */
export function encodeSegment(segment: string): string {
  return encodeURI(segment).replace(/[?#]/g, (c) => (c === '?' ? '%3F' : '%23'));
}

/** A segment with its escapes undone; one that is not valid percent-encoding ('100%') stays as written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A URL path with its escapes undone, segment by segment ('/docs/100%25-sure/' -> '/docs/100%-sure/'): how routes,
 * links and output files are compared, since one path can be written with more or fewer escapes.
 */
export function decodePath(urlPath: string): string {
  return urlPath.split('/').map(decodeSegment).join('/');
}

/** A doc's id: its path under content/docs without extension, with front matter `id` replacing the file name. */
export function docId(source: ParsedSource): string {
  const withoutExt = source.relPath.replace(/\.mdx?$/, '');
  const dir = path.dirname(withoutExt);
  const name = source.frontMatter.id ?? path.basename(withoutExt);
  return dir === '.' ? name : `${dir}/${name}`;
}

/** A blog post's slug and date, from front matter or the dated file name (2024-05-01-title.md or 2024-05-01-title/index.md). */
export function blogSlugAndDate(source: ParsedSource): { slug: string; date?: string } {
  const withoutExt = source.relPath.replace(/\.mdx?$/, '').replace(/\/index$/, '');
  const name = path.basename(withoutExt);
  const dated = DATED.exec(name);
  const slug = source.frontMatter.slug?.replace(/^\/+|\/+$/g, '') ?? (dated ? dated[4] : name);
  const date = source.frontMatter.date ?? (dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : undefined);
  return { slug, date };
}

/** The URL path of a source's page. */
export function routeOfSource(source: ParsedSource, config: Config): string {
  const { slug } = source.frontMatter;
  switch (source.kind) {
    case 'doc': {
      if (slug?.startsWith('/')) return withBase(config, config.docs.routeBasePath, slug);
      const id = docId(source);
      if (slug !== undefined)
        return withBase(config, config.docs.routeBasePath, path.dirname(id) === '.' ? '' : path.dirname(id), slug);
      return withBase(config, config.docs.routeBasePath, id);
    }
    case 'blog':
      return withBase(config, config.blog.routeBasePath, blogSlugAndDate(source).slug);
    case 'page': {
      if (slug !== undefined) return withBase(config, slug);
      const page = source.relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
      return withBase(config, page);
    }
  }
}

/** URL of a file under content/: content/static/x -> <base>x; anything else -> <base>assets/images/<name>-<hash>.<ext>. */
export function assetUrl(config: Config, contentPath: string, bytes: Uint8Array): string {
  return config.baseUrl + assetOutPath(contentPath, bytes).split('/').map(encodeSegment).join('/');
}

/** Output path (relative to the output folder) of a file under content/. */
export function assetOutPath(contentPath: string, bytes: Uint8Array): string {
  if (contentPath.startsWith('content/static/')) return contentPath.slice('content/static/'.length);
  const ext = path.extname(contentPath);
  const name = path.basename(contentPath, ext);
  return `assets/images/${name}-${contentHash(bytes)}${ext}`;
}

/** First 8 hex digits of a SHA-256: enough to bust caches, short enough to read. */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 8);
}

/** Groups items by key, keeping their order (one pass; no copying per item). */
export function groupBy<T, K>(items: Iterable<T>, keysOf: (item: T) => K | K[]): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const keys = keysOf(item);
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}
