// Where things live in URL space: the base path, and paths as people write them. Pure string functions, the same
// for the build (routes, links, checks) and the browser; a source's route is content/routes.ts, an asset's URL
// content/assets.ts.
import type { Config } from './model/types.ts';

/** Whether an href leaves the site: a scheme ('https:', 'mailto:') or a protocol-relative '//host'. */
export const isExternal = (href: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href);

/**
 * Joins path segments under the base path and ends with '/': withBase(c, 'docs', 'x') ->
 * '/egrocer-documentation/docs/x/'.
 * The parts are names as they are (file names, slugs, ids), not URLs: each segment is percent-encoded, so a page
 * named '100%-sure.md' gets the href '/docs/100%25-sure/' and '#' or '?' in a name cannot end the path.
 */
export function withBase(config: Config, ...parts: string[]): string {
  const inner = parts.join('/').split('/').filter(Boolean).map(encodeSegment).join('/');
  return inner ? `${config.baseUrl}${inner}/` : config.baseUrl;
}

/**
 * The part of a URL path after the base path, which is also its path in the output folder:
 * relativeToBase('/egrocer-documentation/', '/egrocer-documentation/docs/x/') -> 'docs/x/'. Undefined when the
 * path is not under the base.
 */
export function relativeToBase(baseUrl: string, urlPath: string): string | undefined {
  return urlPath.startsWith(baseUrl) ? urlPath.slice(baseUrl.length) : undefined;
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
    .map((segment) => encodeSegment(safeDecode(segment)));
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

/**
 * A file path as the path of a URL another site builds from it (an edit link's `{path}`): each segment encoded
 * whole, so '%', '#', '?' and '&' in a name stay part of it; the slashes are kept.
 */
export function encodeFilePath(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/** A name as a URL path segment: what encodeURI leaves alone stays readable; '%', '#' and '?' are escaped too. */
export function encodeSegment(segment: string): string {
  return encodeURI(segment).replace(/[?#]/g, (c) => (c === '?' ? '%3F' : '%23'));
}

/**
 * `text` with its escapes undone by `decode` (decodeURIComponent; decodeURI leaves '%2F' and the like escaped), or
 * as written when it is not valid percent-encoding ('100%'): people write such paths, and they are no error here.
 */
export function safeDecode(text: string, decode: (text: string) => string = decodeURIComponent): string {
  // Only escapes change: most links and routes have none (a check of a large site decodes every link).
  if (!text.includes('%')) return text;
  try {
    return decode(text);
  } catch {
    return text;
  }
}

/**
 * A URL path with its escapes undone, segment by segment ('/docs/100%25-sure/' -> '/docs/100%-sure/'): how routes,
 * links and output files are compared, since one path can be written with more or fewer escapes.
 */
export function decodePath(urlPath: string): string {
  if (!urlPath.includes('%')) return urlPath;
  return urlPath
    .split('/')
    .map((segment) => safeDecode(segment))
    .join('/');
}
