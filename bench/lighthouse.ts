// `npm run bench:lighthouse` (and the last section of `npm run bench`): Lighthouse's four category scores for this
// site's home page and a doc page, on mobile and desktop. The site is built to a temporary folder and served from
// disk on loopback by the same static-host emulation as `egdocs serve --dir`, so what is scored is what a host serves.
// Lighthouse's default simulated throttling stays on: on loopback the network is free, and the simulation (a slow
// 4G phone with a 4× slower CPU on mobile, a fast connection on desktop) is what the performance score means.
import type http from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildSiteFiles } from '../src/build.ts';
import { loadConfig } from '../src/config/load.ts';
import { FsWriter } from '../src/output/writer.ts';
import { listen, staticHandler } from '../src/serve/static.ts';
import { folderSource } from '../src/serve/sources.ts';
import { CHROMIUM_ARGS } from '../test/browser/browser.ts';
import { type LaunchedChrome, type LighthouseTool, loadLighthouse, type Result } from './lighthouse-tool.ts';
import { median } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = [
  { name: 'home', path: '' },
  { name: 'doc', path: 'docs/admin-panel/server-requirements/' },
];
/** Runs per page and form factor; the table shows medians, since the performance score moves between runs. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * The build of the Docusaurus site this project replaces, scored beside ours when present. To make it: check out
 * the reference repository (WRTeam-in/egrocer-documentation, e.g. commit f316e08) into a folder, run `npm ci` and
 * `npm run build` there, and point OLD_SITE at its `build` folder (default /tmp/oldsite/build).
 */
const OLD_SITE = process.env.OLD_SITE ?? '/tmp/oldsite/build';

interface Failing {
  id: string;
  title: string;
  categories: string[];
  detail: string;
  runs: number;
}

export interface LighthouseRow {
  /** 'egdocs', or the site it is compared with. */
  site: string;
  page: string;
  formFactor: 'mobile' | 'desktop';
  /** Category id -> median score out of 100. */
  scores: Record<string, number>;
  performanceRange: [number, number];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits under 0.9 in a category under 100, in any run (`runs` says in how many). */
  failing: Failing[];
  /** Lighthouse's own warnings about a run (an unreliable trace, a redirect). */
  warnings: string[];
}

export type LighthouseFigures =
  { version: string; browser: string; runs: number; rows: LighthouseRow[] } | { skipped: string };

/** Builds and serves the site, and runs Lighthouse RUNS times on each page in each form factor. */
export async function measureLighthouse(): Promise<LighthouseFigures> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-lighthouse-'));
  let server: http.Server | undefined;
  let oldServer: http.Server | undefined;
  let oldBase: string | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    const config = await loadConfig({ configFile: path.join(root, 'site.config.ts') });
    const result = await buildSiteFiles({ config });
    await new FsWriter(path.join(outDir, 'build')).write(result.files);
    ({ server } = await listen(
      staticHandler(folderSource(path.join(outDir, 'build')), config.baseUrl),
      '127.0.0.1',
      0,
    ));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${config.baseUrl}`;
    // The site this one replaces, when its build is on disk: served the same way, scored in the same run.
    if (existsSync(path.join(OLD_SITE, 'index.html'))) {
      ({ server: oldServer } = await listen(staticHandler(folderSource(OLD_SITE), config.baseUrl), '127.0.0.1', 0));
      oldBase = `http://127.0.0.1:${(oldServer.address() as AddressInfo).port}${config.baseUrl}`;
    }
    // A failure (Chromium missing, a run that errors) must not lose the rest of `npm run bench`: it becomes the
    // section's "Not run" line. chrome-launcher leaves a missing binary as an unhandled 'error' event, hence the check.
    const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (!existsSync(chromePath)) return { skipped: `no Chromium at ${chromePath} (set CHROMIUM_PATH)` };
    const tool = await loadLighthouse(root);
    try {
      chrome = await tool.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
      return await scoreAll(
        tool,
        [{ site: 'egdocs', base }, ...(oldBase ? [{ site: 'old site (Docusaurus)', base: oldBase }] : [])],
        chrome.port,
      );
    } catch (error) {
      return { skipped: `${chrome ? 'Lighthouse failed' : 'Chromium did not start'}: ${(error as Error).message}` };
    }
  } finally {
    await chrome?.kill();
    if (server) await new Promise((resolve) => server!.close(resolve));
    if (oldServer) await new Promise((resolve) => oldServer!.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  }
}

/** RUNS runs of each page in each form factor, in one Chromium: Lighthouse resets storage and cache before each run. */
async function scoreAll(
  { lighthouse, desktopConfig }: LighthouseTool,
  sites: { site: string; base: string }[],
  port: number,
): Promise<LighthouseFigures> {
  const rows: LighthouseRow[] = [];
  let last: Result | undefined;
  for (const page of PAGES) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const { site, base } of sites) {
        const results: Result[] = [];
        for (let i = 0; i < RUNS; i++) {
          const flags = { port, logLevel: 'error' as const, onlyCategories: CATEGORIES };
          const run = await lighthouse(base + page.path, flags, formFactor === 'desktop' ? desktopConfig : undefined);
          if (!run) throw new Error(`Lighthouse returned nothing for ${base + page.path}`);
          results.push((last = run.lhr));
        }
        rows.push(summarize(site, page.name, formFactor, results));
      }
    }
  }
  return {
    version: last!.lighthouseVersion,
    browser: /HeadlessChrome\/[\d.]+/.exec(last!.environment.hostUserAgent)?.[0] ?? 'Chromium',
    runs: RUNS,
    rows,
  };
}

function summarize(site: string, page: string, formFactor: 'mobile' | 'desktop', results: Result[]): LighthouseRow {
  const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((lhr) => score(lhr, id)))]));
  const performance = results.map((lhr) => score(lhr, 'performance'));
  const failing = new Map<string, Failing>();
  for (const lhr of results) {
    for (const id of CATEGORIES) {
      if (score(lhr, id) === 100) continue;
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        // Failing as the report colours it: under 0.9 (binary audits are 0 or 1). Informative, manual and
        // not-applicable audits have no score; one that errored is listed, since its category is then unreliable.
        const audit = lhr.audits[ref.id];
        const errored = audit.scoreDisplayMode === 'error';
        if (!errored && (audit.score === null || audit.score >= 0.9)) continue;
        const key = `${ref.id} ${id}`;
        const entry = failing.get(key) ?? {
          id: ref.id,
          title: audit.title,
          categories: [id],
          detail: errored ? `error: ${audit.errorMessage}` : detailOf(audit),
          runs: 0,
        };
        entry.runs++;
        failing.set(key, entry);
      }
    }
  }
  const numeric = (id: string) => median(results.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
  return {
    site,
    page,
    formFactor,
    scores,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing: [...failing.values()],
    warnings: [...new Set(results.flatMap((lhr) => lhr.runWarnings.map(String)))],
  };
}

/** What to act on: the display value and the first few elements, URLs or reasons the audit's table names. */
function detailOf(audit: Result['audits'][string]): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const named = items
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { selector?: string } | undefined;
      if (node?.selector) return `\`${node.selector}\``;
      if (typeof item.url === 'string') return new URL(item.url).pathname.replace(/^.*\/assets\//, 'assets/');
      return typeof item.reason === 'string' ? item.reason : '';
    })
    .filter(Boolean);
  return [audit.displayValue, named.join(', ')].filter(Boolean).join('; ');
}

/** The benchmark's section of bench/RESULTS.md. */
export function lighthouseSection(f: LighthouseFigures): string {
  const head = `## Lighthouse

This site built and served from disk on 127.0.0.1 by \`src/serve/static.ts\`, which sends text gzip-compressed as GitHub Pages
does, scored by Lighthouse with its default simulated throttling (mobile:
slow 4G and a 4× slower CPU; desktop: the \`desktop\` preset). The simulation scales the CPU time it observes, so a busy
machine lowers the performance score.
`;
  if ('skipped' in f) return `${head}\nNot run: ${f.skipped}\n`;
  const rows = f.rows.map((r) => {
    const [low, high] = r.performanceRange;
    const perf = low === high ? `${r.scores.performance}` : `${r.scores.performance} (${low}–${high})`;
    return `| ${r.site} | ${r.page} | ${r.formFactor} | ${perf} | ${CATEGORIES.slice(1)
      .map((id) => r.scores[id])
      .join(
        ' | ',
      )} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} |`;
  });
  const failing = f.rows
    .filter((r) => r.site === 'egdocs')
    .flatMap((r) => {
      const lines = r.failing.map(
        (a) =>
          `  - \`${a.id}\` (${a.categories.join(', ')}, ${a.runs} of ${f.runs} runs): ${a.title}${a.detail ? ` (${a.detail})` : ''}`,
      );
      const warnings = r.warnings.map((w) => `  - run warning: ${w}`);
      return lines.length + warnings.length ? [`- ${r.page}, ${r.formFactor}:`, ...lines, ...warnings] : [];
    });
  return `${head}
Lighthouse ${f.version}, ${f.browser}; ${f.runs} run${f.runs === 1 ? '' : 's'} per row, medians (the performance range in brackets). Pages under
the base URL: home (\`/\`) and doc (\`/${PAGES[1].path}\`). ${f.rows.some((r) => r.site !== 'egdocs') ? 'The old site is the Docusaurus build this project replaces (its build folder in `OLD_SITE`), served and scored the same way in the same run.' : `The old site was not scored: build it into \`${OLD_SITE}\` to compare (see OLD_SITE in bench/lighthouse.ts).`}

| site | page | form factor | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${failing.length ? `Audits under 0.9 in a category under 100:\n\n${failing.join('\n')}` : 'Every category scores 100 in every run.'}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureLighthouse();
  console.log(lighthouseSection(figures));
  if ('skipped' in figures) process.exitCode = 1;
}
