// Link rewriting and recording, in the one parse pass: `.md` paths become routes, root-relative paths get the
// base path, external links open in a new tab; every link is recorded with its file position for `check`.
import path from 'node:path/posix';
import type { MarkdownIt } from 'markdown-it';
import type { Config, LinkRef } from '../../shared/model/types.ts';
import { decodePath, isExternal } from '../../shared/urls.ts';
import { attr } from '../env.ts';
import { forEachInline } from './locate.ts';

export interface LinkOptions {
  config: Config;
  /** Route of each markdown source, by its path from the project root (a Map, or a view that records lookups). */
  routeOfFile: Pick<ReadonlyMap<string, string>, 'get'>;
}

const MARKDOWN_FILE = /\.mdx?$/i;

export function links(md: MarkdownIt, options: LinkOptions): void {
  // After 'linkify' so that bare URLs turned into links are treated like written ones.
  md.core.ruler.after('linkify', 'egdocs_links', (state) =>
    forEachInline(state, 'link_open', (token, env, locate) => {
      const raw = attr(token, 'href');
      const { file, line, column, related, inBody } = locate(raw);
      // A file path resolves from the file it is written in, which for included text is the included file.
      const ref = resolveLink(raw, file, options, env.source.file);
      const where = file === env.source.file ? {} : { file, includedFrom: related };
      env.links.push({ ...ref, raw, line, column, ...where });
      if (ref.kind === 'external') {
        if (/^https?:|^\/\//i.test(raw)) {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer');
        }
      } else if (ref.kind === 'markdown' && !ref.href.startsWith(options.config.baseUrl)) {
        // A .md link to no page (check warns at it): a source path is no URL, so the link keeps its text and goes
        // nowhere rather than to a 404 under a path that reveals the project's layout.
        token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'href');
      } else {
        const url = ref.href + (ref.hash ? `#${ref.hash}` : '');
        token.attrSet('href', url);
        if (url.startsWith('/')) env.siteUrls.push({ ...inBody, raw, url });
      }
    }),
  );
}

/**
 * What a written href points at: a `.md` path resolved against the file it is written in (`fromFile`), a relative URL
 * against the route of the page it shows on (`pageFile`, the including page for included text), as a browser would.
 */
export function resolveLink(
  raw: string,
  fromFile: string,
  options: LinkOptions,
  pageFile = fromFile,
): Pick<LinkRef, 'href' | 'hash' | 'kind'> {
  const { config, routeOfFile } = options;
  if (isExternal(raw)) return { href: raw, hash: '', kind: 'external' };
  const hashAt = raw.indexOf('#');
  // Escapes undone segment by segment ('a%23b.md' is the file 'a#b.md'); a '%' that is no escape stays.
  const pathPart = decodePath(hashAt >= 0 ? raw.slice(0, hashAt) : raw);
  const hash = hashAt >= 0 ? raw.slice(hashAt + 1) : '';
  if (pathPart === '') return { href: '', hash, kind: 'anchor' };
  if (MARKDOWN_FILE.test(pathPart)) {
    const target = pathPart.startsWith('/')
      ? absoluteMarkdownFile(pathPart, pageFile)
      : path.normalize(path.join(path.dirname(fromFile), pathPart));
    // An unresolved .md link keeps its content path (not a URL), which is how check tells it is broken.
    return { href: routeOfFile.get(target) ?? target, hash, kind: 'markdown' };
  }
  if (pathPart.startsWith('/')) {
    const underBase = pathPart.startsWith(config.baseUrl) ? pathPart : config.baseUrl + pathPart.slice(1);
    return { href: withTrailingSlash(underBase), hash, kind: 'internal' };
  }
  // A relative URL (./sibling/) resolves against the page's own route, as a browser would.
  const ownRoute = routeOfFile.get(pageFile) ?? config.baseUrl;
  return { href: withTrailingSlash(path.normalize(path.join(ownRoute, pathPart))), hash, kind: 'internal' };
}

/** The older version a content file belongs to (its folder's name, content/versioned/<name>/), if any. */
export function versionOfFile(file: string): string | undefined {
  return /^content\/versioned\/([^/]+)\//.exec(file)?.[1];
}

/**
 * The file an absolute `.md` path names: under content/, except that `/docs/…` on a page of an older version is
 * that version's doc, as the page was written when that version was the current one (`egdocs docs:version` copies
 * it as it is). A link to another version is written as such: `/versioned/<name>/docs/….md`, or the page's URL.
 * The page's version (`pageFile`), not an included file's: a shared part shown in a version links within it.
 */
function absoluteMarkdownFile(pathPart: string, pageFile: string): string {
  const version = versionOfFile(pageFile);
  if (version !== undefined && pathPart.startsWith('/docs/')) return path.join('content/versioned', version, pathPart);
  return path.join('content', pathPart);
}

/** Routes end with '/'; files (a dot in the last segment) keep their name. */
function withTrailingSlash(url: string): string {
  const last = url.split('/').pop() ?? '';
  return url.endsWith('/') || last.includes('.') ? url : `${url}/`;
}
