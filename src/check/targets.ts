// What a link can reach: the site's routes, the files written beside them, and the anchors of each page. Built once
// per check, so each link is a few lookups.
import path from 'node:path/posix';
import { feeds, sitemap } from '../render/feeds.ts';
import { decodePath } from '../site/urls.ts';
import type { Config, Site } from '../types.ts';

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
  /** Files written beside the pages (static files, images, feeds), by output path (no base path). */
  files: Set<string>;
  /** Files a link may mean: static files and feeds, not the hashed names of images. */
  linkableFiles: string[];
  /** Anchors of the page written at a route, by route path with escapes undone. */
  anchorsAt: Map<string, Set<string>>;
  /** Anchors of each markdown page, by source file (for `#x` links within a page). */
  anchorsIn: Map<string, Set<string>>;
}

/** Indexes the site for checking. */
export function targetsOf(site: Site, routeByFile: Map<string, string>): Targets {
  const anchorsAt = new Map<string, Set<string>>();
  const anchorsIn = new Map<string, Set<string>>();
  for (const page of site.pages) {
    const anchors = new Set(page.anchors);
    anchorsIn.set(page.source.file, anchors);
    const route = decodePath(routeByFile.get(page.source.file)!);
    // Of two pages with one route only the first is written (a duplicate-route warning), so its anchors count.
    if (!anchorsAt.has(route)) anchorsAt.set(route, anchors);
  }
  // Feeds and the sitemap are written after check runs; their paths come from the same functions that write them.
  const generated = [sitemap(site), ...feeds(site)].map((file) => file.path);
  const assets = [...site.assets.keys()];
  return {
    config: site.config,
    routes: new Set(site.routes.map((route) => decodePath(route.path))),
    pageRoutes: site.routes.filter((route) => route.file).map((route) => route.path),
    generatedRoutes: site.routes.filter((route) => !route.file).map((route) => route.path),
    routeByFile,
    sourceFiles: [...routeByFile.keys()],
    files: new Set([...assets, ...generated]),
    linkableFiles: [...assets.filter((file) => !file.startsWith('assets/images/')), ...generated],
    anchorsAt,
    anchorsIn,
  };
}

/** A URL path as the author would write it: without the base path unless they wrote it (both work in links). */
export function asWritten(config: Config, raw: string, url: string): string {
  return raw.startsWith(config.baseUrl) || !url.startsWith(config.baseUrl)
    ? url
    : `/${url.slice(config.baseUrl.length)}`;
}

/** How to write a link from `fromFile` to the markdown file `toFile`: root-relative if `raw` was, else './x.md'. */
export function markdownPathFrom(fromFile: string, toFile: string, raw: string): string {
  if (raw.startsWith('/')) return `/${path.relative('content', toFile)}`;
  const relative = path.relative(path.dirname(fromFile), toFile);
  return relative.startsWith('../') ? relative : `./${relative}`;
}
