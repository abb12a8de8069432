// Page weight: what a first visit to each kind of page downloads (its scripts and preloaded chunks, its stylesheets,
// gzip, as the host serves them) and how large its HTML is, held against the budgets in the config. Over a budget is
// a warning with the figures: JavaScript and CSS once per page kind (every page of a kind loads the same files),
// HTML at each page that is too large.
import { gzipSync } from 'node:zlib';
import { GROUP_OF } from '../shared/page-groups.ts';
import type { Bundle } from '../bundle/index.ts';
import type { Diagnostics } from '../shared/model/diagnostics.ts';
import { relativeToBase } from '../shared/urls.ts';
import type { Config, OutputFile, PageKind, PageWeight, Route, Site } from '../shared/model/types.ts';

/** KB as the budgets count them. */
export const KB = 1024;

export interface WeightInput {
  site: Site;
  /** Every output file, by path. */
  files: Map<string, OutputFile>;
  bundle: Pick<Bundle, 'scripts' | 'styles' | 'preload'>;
}

/** Each page kind's weight, in route order of first appearance. */
export function pageWeights({ site, files: byPath, bundle }: WeightInput): PageWeight[] {
  const gzipped = new Map<string, number>();
  const gzipSize = (url: string): number => {
    const path = relativeToBase(site.config.baseUrl, url)!;
    let size = gzipped.get(path);
    if (size === undefined) {
      const file = byPath.get(path);
      size = file === undefined ? 0 : gzipSync(file.contents).length;
      gzipped.set(path, size);
    }
    return size;
  };
  const sum = (urls: Iterable<string>) => [...new Set(urls)].reduce((total, url) => total + gzipSize(url), 0);
  const css = sum(bundle.styles);

  const routesByKind = new Map<PageKind, Route[]>();
  for (const route of site.routes) {
    if (route.data.kind === 'redirect') continue;
    const list = routesByKind.get(route.data.kind) ?? routesByKind.set(route.data.kind, []).get(route.data.kind)!;
    list.push(route);
  }
  return [...routesByKind].map(([kind, routes]) => {
    const sizes = routes
      .map((route) => ({ path: route.path, bytes: byteLength(byPath.get(route.outFile)) }))
      .sort((a, b) => a.bytes - b.bytes);
    const largest = sizes[sizes.length - 1];
    return {
      kind,
      routes: routes.length,
      jsGzip: sum([...bundle.scripts, ...bundle.preload.entry, ...bundle.preload.groups[GROUP_OF[kind]]]),
      cssGzip: css,
      htmlMax: largest.bytes,
      htmlMaxPath: largest.path,
      htmlMedian: sizes[Math.floor(sizes.length / 2)].bytes,
    };
  });
}

/** Warns for every budget a page kind (JS, CSS) or a page (HTML) goes over. */
export function checkBudgets(
  config: Config,
  input: WeightInput,
  weights: PageWeight[],
  diagnostics: Diagnostics,
): void {
  const at = { file: config.configFile };
  const figure = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  for (const weight of weights) {
    const budget = config.budgets[weight.kind];
    if (!budget) continue;
    const pages = `${weight.routes} ${weight.kind} page${weight.routes === 1 ? '' : 's'}`;
    if (budget.js !== undefined && weight.jsGzip > budget.js * KB)
      diagnostics.warn(
        'budget',
        `${pages} load ${figure(weight.jsGzip)} of JavaScript (gzip) on a first visit, over the budget of ${budget.js} KB`,
        at,
        `raise budgets.${weight.kind}.js, or move code out of the first load`,
      );
    if (budget.css !== undefined && weight.cssGzip > budget.css * KB)
      diagnostics.warn(
        'budget',
        `${pages} load ${figure(weight.cssGzip)} of CSS (gzip), over the budget of ${budget.css} KB`,
        at,
        `raise budgets.${weight.kind}.css, or trim the stylesheet`,
      );
    if (budget.html === undefined) continue;
    for (const route of input.site.routes) {
      if (route.data.kind !== weight.kind) continue;
      const bytes = byteLength(input.files.get(route.outFile));
      if (bytes > budget.html * KB)
        diagnostics.warn(
          'budget',
          `the HTML of ${route.path} is ${figure(bytes)}, over the ${weight.kind} budget of ${budget.html} KB`,
          route.file ? { file: route.file } : at,
          'split the page, or raise budgets.' + `${weight.kind}.html`,
        );
    }
  }
}

/** A file's size; a file kept from the last build is not read for it (src/incremental/output-ledger.ts). */
function byteLength(file: OutputFile | undefined): number {
  if (!file) return 0;
  if (file.kept) return file.kept.size;
  return typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.length;
}
