// What a link can reach: the site's routes, the files the build wrote, and the anchors of each page. Built once per
// check, so each link is a few lookups.
import path from 'node:path/posix';
import { decodePath, relativeToBase } from '../shared/urls.ts';
import type { Config, Site } from '../shared/model/types.ts';
import { versionOfFile } from '../markdown/plugins/links.ts';

/** Everything a link is checked against. */
export interface Targets {
  config: Config;
  /** Every route path, generated pages included, with escapes undone (see decodePath). */
  routes: Set<string>;
  /** Routes of markdown pages, the likely meaning of a broken link; generated routes are only typo candidates. */
  pageRoutes: string[];
  generatedRoutes: string[];
  /** Route of each markdown source, by its path from the project root. */
  routeByFile: Map<string, string>;
  sourceFiles: string[];
  /** Every file the build wrote, by output path (no base path). */
  files: Set<string>;
  /** Files a link may mean: static files and feeds, not the hashed names of images. */
  linkableFiles: string[];
  /** Anchors of the page written at a route, by route path with escapes undone. */
  anchorsAt: Map<string, Set<string>>;
  /** Anchors of each markdown page, by source file (for `#x` links within a page). */
  anchorsIn: Map<string, Set<string>>;
}

/** Indexes the site and the paths of the files its build wrote, for checking. */
export function targetsOf(site: Site, written: readonly string[]): Targets {
  const routeByFile = new Map(site.pages.map((page) => [page.source.file, page.source.route]));
  const anchorsAt = new Map<string, Set<string>>();
  const anchorsIn = new Map<string, Set<string>>();
  for (const page of site.pages) {
    const anchors = new Set(page.anchors);
    anchorsIn.set(page.source.file, anchors);
    const route = decodePath(page.source.route);
    // Of two pages with one route only the first is written (a duplicate-route warning), so its anchors count.
    if (!anchorsAt.has(route)) anchorsAt.set(route, anchors);
  }
  // A writer links to static files, feeds and the sitemap; not to pages by their file, nor to egdocs' own assets.
  const pageFiles = new Set(site.routes.map((route) => route.outFile));
  const linkable = written.filter((file) => !pageFiles.has(file) && !file.startsWith('assets/'));
  return {
    config: site.config,
    routes: new Set(site.routes.map((route) => decodePath(route.path))),
    pageRoutes: site.routes.filter((route) => route.file).map((route) => route.path),
    generatedRoutes: site.routes.filter((route) => !route.file).map((route) => route.path),
    routeByFile,
    sourceFiles: [...routeByFile.keys()],
    files: new Set(written),
    linkableFiles: linkable,
    anchorsAt,
    anchorsIn,
  };
}

/** A URL path as the author would write it: without the base path unless they wrote it (both work in links). */
export function asWritten(config: Config, raw: string, url: string): string {
  const relative = relativeToBase(config.baseUrl, url);
  return raw.startsWith(config.baseUrl) || relative === undefined ? url : `/${relative}`;
}

/** How to write a link from `fromFile` to the markdown file `toFile`: root-relative if `raw` was, else './x.md'. */
export function markdownPathFrom(fromFile: string, toFile: string, raw: string, pageFile = fromFile): string {
  if (raw.startsWith('/')) {
    // On a page of an older version, '/docs/…' is that version's doc (links.ts): its own docs are written so, and
    // the current version's by a relative path, which crosses versions as written.
    const version = versionOfFile(pageFile);
    const ownDocs = `content/versioned/${version}/docs/`;
    if (version === undefined || !(toFile.startsWith(ownDocs) || toFile.startsWith('content/docs/')))
      return `/${path.relative('content', toFile)}`;
    if (toFile.startsWith(ownDocs)) return `/docs/${toFile.slice(ownDocs.length)}`;
  }
  const relative = path.relative(path.dirname(fromFile), toFile);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
