// Which values a config or front matter may give where egdocs makes a URL of them: links (not javascript: or data:),
// base paths, and the ids and slugs that name a page. Pure checks, with no import, so the schemas of the config and
// of front matter and the stages that read other files (blog registries) share them.

/** What a link written in the config or front matter may be, as messages say it. */
export const LINK_FORMS = "a site path ('/docs/x/') or an http(s), mailto: or tel: URL";

/** The schemes a link may have: pages, mail and phone. javascript:, data: and the like run or show what they hold. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Whether `href` may be a link's target: a path, a fragment, or a URL with one of LINK_SCHEMES. Read as a browser
 * reads it: past spaces and control characters in front, and tabs and newlines anywhere (' java\tscript:' runs).
 */
export function isLinkable(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/^[\x00-\x20]+/, '').replace(/[\t\n\r]/g, ''))?.[1];
  return scheme === undefined || LINK_SCHEMES.has(scheme.toLowerCase());
}

/**
 * An href or src attribute in HTML a config writes (the announcement bar's), quoted or not: group 1 is what comes
 * before the value, 2 the quote, 3 a quoted value and 4 an unquoted one.
 */
export const HTML_LINK_ATTRIBUTE = /(\s(?:href|src)\s*=\s*)(?:(["'])(.*?)\2|([^\s"'=<>`]+))/gis;

/**
 * Why `base` cannot be a base path, or undefined. Slashes at either end may be left out (normaliseBase adds them);
 * in between: letters, digits, '-._~!$&*+,;=:@' and %-escapes, in segments that are not empty, '.' or '..'. What
 * else a URL path may hold (quotes, parentheses) is refused too: a base path goes into attributes, scripts and CSS.
 */
export function basePathProblem(base: string): string | undefined {
  const inner = base.replace(/^\/+|\/+$/g, '');
  if (inner === '') return undefined;
  const bad = /[^A-Za-z0-9\-._~!$&*+,;=:@%/]/u.exec(inner)?.[0];
  if (bad === '?') return "'?' would start a query";
  if (bad === '#') return "'#' would start a fragment";
  if (bad !== undefined) {
    const code = bad.codePointAt(0)!;
    if (code > 0x7f) return `'${bad}' cannot be in a URL path (write it percent-encoded: ${encodeURIComponent(bad)})`;
    return `'${code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : bad}' cannot be in a URL path`;
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(inner)) return "'%' must start an escape like %20";
  const segments = inner.split('/');
  if (segments.includes('')) return 'it has an empty segment';
  const dots = segments.find((segment) => segment === '.' || segment === '..');
  return dots ? `'${dots}' is not a folder name` : undefined;
}

/** Why an id that becomes one URL segment (a doc's id, a blog author or tag id) cannot be used, or undefined. */
export function idProblem(id: string): string | undefined {
  if (id.includes('/') || id.includes('\\')) return "contains '/', but it names one page, not a folder";
  if (id === '.' || id === '..' || id.trim() === '') return 'is not a name a page can have';
  return undefined;
}

/**
 * Why a slug (a page's path in its section) cannot be used, or undefined: a '.' or '..' segment would put the page
 * outside its folder (`slug: /../` once wrote over the home page).
 */
export function slugProblem(slug: string): string | undefined {
  return slug.split('/').some((segment) => segment === '.' || segment === '..')
    ? "has a '.' or '..' segment, which would place the page outside the site's folders"
    : undefined;
}

/** How a social card must be given, as hints say it. */
export const SOCIAL_IMAGE_FORM =
  'a PNG or JPEG of about 1200 × 630 pixels under content/static/ (img/social-card.png), or its https URL';

/**
 * What is wrong with a social card's address (config `image`, front matter `image`), if anything: sites that show
 * link previews fetch only http(s) URLs, and read PNG, JPEG or WebP, not SVG.
 */
export function socialImageProblem(image: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) && !/^https?:\/\//i.test(image)) return 'is neither an http(s) URL nor a path';
  if (/\.svg$/i.test(image.split(/[?#]/)[0])) return 'is an SVG, which sites that show link previews do not read';
  return undefined;
}
