// `npm run bench:client`: what a reader's browser pays. For a cold load of a doc page and of the home page, the
// JavaScript and CSS bytes (raw and gzip, as a static host would compress them); for client navigation, the time
// from click to new content, with the payload prefetched (hovered first) and without (data-saver on, so nothing
// is fetched ahead); search as a reader meets it (reader-search.ts): the first search, a warm query typed at full
// speed and one pasted, on this site beside the Docusaurus site it replaces, and on synthetic sites of 1,000 and
// 10,000 pages beside Pagefind; the search page; and search inside the worker. Writes bench/CLIENT.md.
//
//   npm run bench:client [-- --sizes 1000,10000|1000|none] [--runs 6]
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Page } from 'playwright-core';
import { parse } from 'yaml';
import { startHarness } from '../test/browser/browser.ts';
import { PAGEFIND_VERSION, pagefindCommand } from './pagefind.ts';
import {
  type Column,
  firstSearchBytes,
  medianOf,
  queryTables,
  resultsPageTable,
  type Target,
  targetList,
} from './reader-report.ts';
import { type LoadFigures, resultsPageOnce, type SearchSite, searchOnce } from './reader-search.ts';
import { serveFolder, serveSynthetic } from './served.ts';
import { median, p95 } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: { sizes: { type: 'string', default: '1000,10000' }, runs: { type: 'string', default: '6' } },
});
/** Synthetic sites measured beside Pagefind (`--sizes 1000`, or `--sizes none`), and fresh loads of each site. */
const sizes = flags.sizes === 'none' ? [] : flags.sizes!.split(',').map(Number);
const RUNS = Number(flags.runs);
if (sizes.some((size) => !Number.isInteger(size) || size < 50) || !(RUNS >= 1))
  throw new Error('bench:client: --sizes takes page counts of at least 50 (1000,10000) or none; --runs a count');
const loadBefore = os.loadavg()[0].toFixed(1);
const h = await startHarness();
const chromium = h.browser.version();
const files = new Map(
  h.result.files.map((file) => [
    file.path,
    typeof file.contents === 'string' ? Buffer.from(file.contents) : Buffer.from(file.contents),
  ]),
);

async function coldLoad(url: string) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Data-saver on: links in view are not preloaded, so what is counted is what the page itself needs.
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const page = await context.newPage();
  const loaded: string[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') loaded.push(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#__egdocs')?.hasAttribute('data-hydrated'));
  await page.waitForTimeout(300);
  await context.close();
  const base = new URL(h.base).pathname;
  const sum = (ext: string) => {
    const chosen = [...new Set(loaded)].filter((p) => p.endsWith(ext)).map((p) => files.get(p.slice(base.length))!);
    return {
      count: chosen.length,
      raw: chosen.reduce((n, b) => n + b.length, 0),
      gzip: chosen.reduce((n, b) => n + gzipSync(b).length, 0),
    };
  };
  return { js: sum('.js'), css: sum('.css') };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Click → the new h1 in the DOM, measured inside the page. */
async function clickToContent(page: Page, linkName: string, prefetch: boolean): Promise<number> {
  const link = page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: linkName, exact: true });
  if (prefetch) {
    await link.hover();
    await page.waitForTimeout(250);
  }
  const before = await page.locator('h1').textContent();
  await page.evaluate((old) => {
    const w = window as unknown as { __clickAt: number; __doneAt: Promise<number> };
    w.__doneAt = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('h1')?.textContent !== old) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(document.getElementById('__egdocs')!, { childList: true, subtree: true, characterData: true });
    });
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
  }, before);
  await link.click();
  return page.evaluate(async () => {
    const w = window as unknown as { __clickAt: number; __doneAt: Promise<number> };
    return (await w.__doneAt) - w.__clickAt;
  });
}

async function navigation(prefetch: boolean): Promise<number[]> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1400 } });
  if (!prefetch)
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const page = await context.newPage();
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  await page.waitForFunction(() => document.querySelector('#__egdocs')?.hasAttribute('data-hydrated'));
  const labels = [
    'Server Requirements',
    'Create a Subdomain',
    'PHP.ini Settings',
    'Localhost Setup',
    'Server Setup',
    'Store Settings',
    'Google Maps API',
    'Login Settings',
    'Payment Gateways',
    'Cart Reminder',
  ];
  const times: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const label of round === 0 ? labels : [...labels].reverse()) {
      // The second round goes back over the same pages: without prefetching, their payloads are in memory by then,
      // so only the first round counts for the "not prefetched" figure.
      if (!prefetch && round === 1) break;
      const current = await page.locator('h1').textContent();
      if (current?.startsWith(label)) continue;
      times.push(await clickToContent(page, label, prefetch));
    }
  }
  await context.close();
  return times;
}

interface WorkerFigures {
  ready: number;
  inWorker: number[];
  roundTrip: number[];
  failure?: string;
}

/**
 * The search worker in Chromium, as the navbar box uses it: every keystroke prefix of every relevance-set query,
 * timed inside the worker (search only, index files loaded as the queries need them) and from the page (with the
 * message round trip).
 */
async function workerSearch(): Promise<WorkerFigures> {
  const queries = parse(await readFile(path.join(root, 'content/search-queries.yaml'), 'utf8')) as { query: string }[];
  const prefixes = queries.flatMap(({ query }) =>
    Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)),
  );
  const page = await h.browser.newPage();
  try {
    await page.goto(`${h.base}docs/admin-panel/intro/`);
    // A string, not a function: tsx would compile a function with helpers the page does not have.
    const result = (await page.evaluate(`(async (prefixes) => {
    const props = JSON.parse(document.getElementById('__egdocs-data').textContent);
    const { search, baseUrl } = props.chrome;
    const worker = new Worker(search.workerUrl);
    let resolveNext = () => {};
    worker.onmessage = ({ data }) => resolveNext(data);
    // A worker that does not answer (its protocol changed) fails the measure instead of holding the benchmark.
    const next = () =>
      new Promise((resolve, reject) => {
        const late = setTimeout(() => reject(new Error('the search worker did not answer within 10 s')), 10000);
        resolveNext = (data) => (clearTimeout(late), resolve(data));
      });
    const started = performance.now();
    worker.postMessage({ type: 'init', indexUrl: search.indexUrl, options: { baseUrl, excerptLength: search.excerptLength } });
    await next();
    const ready = performance.now() - started;
    const inWorker = [];
    const roundTrip = [];
    let id = 0;
    for (const query of prefixes) {
      const sent = performance.now();
      worker.postMessage({ type: 'query', id: ++id, query, limit: search.maxSuggestions, asker: 'bench' });
      const answer = await next();
      roundTrip.push(performance.now() - sent);
      inWorker.push(answer.ms);
    }
    worker.terminate();
    return { ready, inWorker, roundTrip };
  })(${JSON.stringify(prefixes)})`)) as WorkerFigures;
    return result;
  } catch (error) {
    return { ready: NaN, inWorker: [], roundTrip: [], failure: (error as Error).message.split('\n')[0] };
  } finally {
    await page.close();
  }
}

// The site this one replaces, when its build is on disk (see OLD_SITE in bench/lighthouse.ts).
const OLD_SITE = process.env.OLD_SITE ?? '/tmp/oldsite/build';
/** The issue's words: all three find pages on this site. */
const WORDS = { cold: 'firebase', typed: 'payment', pasted: 'twilio' };
/** `twilio` is not in the synthetic sites' words (synthetic.ts); `webhook` is. */
const SYNTHETIC_WORDS = { cold: 'firebase', typed: 'payment', pasted: 'webhook' };
/** egdocs' search code and data: the worker's script and the index's files. */
const EGDOCS_SEARCH_FILES = /\/assets\/(search\/|js\/search-worker)/;

/**
 * Fresh loads of each site, the sites taken in turn (no site's loads all early or all late in the run), after one
 * discarded load of each: a new browser's first pages pay one-off start-up costs.
 */
async function inTurn<T>(sites: SearchSite[], once: (site: SearchSite) => Promise<T>): Promise<Column<T>[]> {
  for (const site of sites) await once(site);
  const columns = sites.map((site) => ({ name: site.name, loads: [] as T[] }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, site] of sites.entries()) columns[i].loads.push(await once(site));
    process.stderr.write(`  ${sites.map((site) => site.name).join(', ')}: load ${run + 1} of ${RUNS}\n`);
  }
  return columns;
}

const closing: (() => Promise<void>)[] = [async () => h.close()];

/** Everything measured, in the order of the report. */
async function measureAll() {
  const doc = await coldLoad(`${h.base}docs/admin-panel/server-requirements/`);
  const home = await coldLoad(h.base);
  const prefetched = await navigation(true);
  const cold = await navigation(false);

  console.log('Search as a reader meets it: this site');
  const sites: SearchSite[] = [];
  if (existsSync(path.join(OLD_SITE, 'index.html'))) {
    // Served as this site is: the same handler, gzip and all.
    const served = await serveFolder(OLD_SITE, new URL(h.base).pathname);
    closing.push(served.close);
    sites.push({
      name: 'old site',
      base: served.base,
      page: '',
      searchFiles: /\/search-index\.json$/,
      words: WORDS,
      resultsPage: { path: `search/?q=${WORDS.cold}`, row: 'article[class^="searchResultItem_"]' },
    });
  }
  sites.push({
    name: 'egdocs',
    base: h.base,
    page: '',
    searchFiles: EGDOCS_SEARCH_FILES,
    words: WORDS,
    resultsPage: { path: `search/?q=${WORDS.cold}`, row: '.search-result-page' },
  });
  const reader = await inTurn(sites, (site) => searchOnce(h.browser, site));
  const resultsPage = await inTurn(sites, (site) => resultsPageOnce(h.browser, site));

  const pagefind = sizes.length ? pagefindCommand(root) : undefined;
  const command = pagefind && 'command' in pagefind ? pagefind.command : undefined;
  const synthetic: { pages: number; buildMs: number; pagefindMs?: number; columns: Column<LoadFigures>[] }[] = [];
  for (const pages of sizes) {
    console.log(`Search as a reader meets it: ${pages} synthetic pages`);
    const served = await serveSynthetic(pages, command);
    closing.push(served.close);
    const words = SYNTHETIC_WORDS;
    const pagefindSite = {
      name: 'Pagefind',
      base: served.base,
      page: 'pagefind-bench/',
      searchFiles: /\/pagefind\//,
      words,
    };
    const columns = await inTurn(
      [
        ...(command ? [pagefindSite] : []),
        { name: 'egdocs', base: served.base, page: 'docs/s0/p0/', searchFiles: EGDOCS_SEARCH_FILES, words },
      ],
      (site) => searchOnce(h.browser, site),
    );
    synthetic.push({ pages, buildMs: served.buildMs, pagefindMs: served.pagefindMs, columns });
    await closing.pop()!();
  }

  const searching = await workerSearch();
  return { doc, home, prefetched, cold, reader, resultsPage, pagefind, synthetic, searching };
}

let measured: Awaited<ReturnType<typeof measureAll>>;
try {
  measured = await measureAll();
} finally {
  // Browsers and servers are closed, and temporary sites removed, whatever failed.
  for (const close of closing.reverse()) await close().catch((error) => console.error(error));
}
const { doc, home, prefetched, cold, reader, resultsPage, pagefind, synthetic, searching } = measured;

const OLD_NOTE = existsSync(path.join(OLD_SITE, 'index.html'))
  ? `The old site is the Docusaurus build this project replaces (\`OLD_SITE\`, ${OLD_SITE}), served by the same handler.`
  : `The old site was not measured: build it into \`OLD_SITE\` (see bench/lighthouse.ts) to compare.`;

/** The section "Search as a reader meets it", with the targets under its tables. */
function readerSection(): string {
  const egdocs = reader.find((column) => column.name === 'egdocs')!;
  const egdocsPage = resultsPage.find((column) => column.name === 'egdocs')!;
  const largest = synthetic.find((size) => size.pages === 10_000);
  const first = (loads: LoadFigures[]) => medianOf(loads, (l) => (l.cold.failure ? undefined : l.cold.latency));
  const at = (value: number | undefined, format: (value: number) => string) =>
    value === undefined ? 'not measured' : format(value);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  const below = (value: number | undefined, limit: number) => (value === undefined ? undefined : value <= limit);
  // "Drawn once": the final suggestions are drawn in one go, with their texts, not redrawn after the last key or
  // input. The lists drawn before the last key (answers to the keys typed before it that reached a frame) are
  // reported beside the old site's in the tables, not judged here.
  const warm = (kind: 'typed' | 'pasted', loads: LoadFigures[], where: string) => {
    const latency = medianOf(loads, (l) => (l[kind].failure ? undefined : l[kind].latency));
    const after = (l: LoadFigures) => (kind === 'typed' ? l[kind].rendersAfterLastKey : l[kind].renders);
    const renders = medianOf(loads, (l) => (l[kind].failure ? undefined : after(l)));
    const words = where === 'this site' ? WORDS : SYNTHETIC_WORDS;
    return {
      goal: `${where}, warm, \`${words[kind]}\` ${kind}: final suggestions within 20 ms of the last ${kind === 'typed' ? 'key' : 'input'}, drawn once`,
      measured: `${at(latency, ms)}, ${at(renders, (n) => `${n} render${n === 1 ? '' : 's'}`)} after it`,
      met: latency === undefined || renders === undefined ? undefined : latency <= 20 && renders <= 1,
    };
  };
  const warmTargets = [
    { where: 'this site', loads: egdocs.loads },
    ...synthetic.map(({ pages, columns }) => ({
      where: `${pages.toLocaleString('en')} pages`,
      loads: columns.find((column) => column.name === 'egdocs')!.loads,
    })),
  ].flatMap(({ where, loads }) => [warm('typed', loads, where), warm('pasted', loads, where)]);
  const bytes = [
    { where: 'this site', value: medianOf(egdocs.loads, firstSearchBytes) },
    ...synthetic.map(({ pages, columns }) => ({
      where: `${pages.toLocaleString('en')} pages`,
      value: medianOf(columns.find((column) => column.name === 'egdocs')!.loads, firstSearchBytes),
    })),
  ];
  const fromReady = medianOf(egdocsPage.loads, (p) => (p.failure ? undefined : p.fromWorkerReady));
  const draws = medianOf(egdocsPage.loads, (p) => (p.failure ? undefined : p.draws));
  const targets: Target[] = [
    ...warmTargets,
    {
      goal: 'first search on this site: final suggestions within 60 ms of the last key',
      measured: at(first(egdocs.loads), ms),
      met: below(first(egdocs.loads), 60),
    },
    {
      goal: 'first search at 10,000 pages: final suggestions within 120 ms of the last key',
      measured: largest
        ? at(first(largest.columns.find((column) => column.name === 'egdocs')!.loads), ms)
        : 'not measured in this run (`--sizes 1000,10000`)',
      met: largest ? below(first(largest.columns.find((column) => column.name === 'egdocs')!.loads), 120) : undefined,
    },
    {
      goal: 'the first search fetches at most 80 KB gzip, at any size (from Ctrl+K to the final list, with search files fetched before Ctrl+K)',
      measured: bytes.map(({ where, value }) => `${where} ${at(value, kb)}`).join(', '),
      met: bytes.every(({ value }) => value !== undefined)
        ? bytes.every(({ value }) => value! <= 80 * 1024)
        : undefined,
    },
    {
      goal: 'the search page draws its first results within 100 ms of the worker being ready, and the full grouped list without a second redraw',
      measured: `${at(fromReady, ms)} after the worker's ready message, ${at(draws, (n) => `${n} draw${n === 1 ? '' : 's'}`)}`,
      met: fromReady === undefined || draws === undefined ? undefined : fromReady <= 100 && draws <= 1,
    },
  ];
  const syntheticParts = synthetic.map(
    ({ pages, buildMs, pagefindMs, columns }) => `#### ${pages.toLocaleString('en')} pages

\`bench/synthetic.ts\`'s site, built by \`egdocs build\` (${(buildMs / 1000).toFixed(1)} s)${
      pagefindMs === undefined ? '' : ` and indexed by \`pagefind --site\` (${(pagefindMs / 1000).toFixed(1)} s)`
    }; egdocs searched from \`docs/s0/p0/\`. The pasted word is \`${SYNTHETIC_WORDS.pasted}\`: \`${WORDS.pasted}\` is not in these pages.

${queryTables(columns, SYNTHETIC_WORDS)}`,
  );
  const pagefindNote = !pagefind
    ? 'The synthetic sites and Pagefind were not measured in this run (`--sizes none`).'
    : 'unavailable' in pagefind
      ? `Pagefind could not be measured: ${pagefind.unavailable}.`
      : `Pagefind ${PAGEFIND_VERSION} (installed on first use into \`node_modules/.cache/egdocs-pagefind\`, not a dependency) indexes the HTML egdocs built. It is measured through its JavaScript API in a page of the benchmark's own (\`bench/pagefind.ts\`): Ctrl+K focuses the field and loads \`pagefind.js\` (as egdocs starts its worker at the shortcut); one search runs at a time, for the field's newest text (as egdocs' worker answers): \`pagefind.search()\`, then, unless a newer input came meanwhile, \`result.data()\` of the first 8 results (one fragment file each), drawn as a listbox. So it is Pagefind's engine and files with a minimal UI, not its default UI, which waits 300 ms after the last key.`;
  return `## Search as a reader meets it

Each site is loaded ${RUNS} time${RUNS === 1 ? '' : 's'}, each time in a new browser context (an empty cache), the sites in turn, after one
discarded load of each. On each load: the page (the home page) loads and its network is quiet for 1 s; then
**first search**: Ctrl+K, then \`${WORDS.cold}\` typed at full speed (Playwright's \`keyboard.type\`, no delay between
keys, as a fast typist or autofill does); then, in the same page, the field emptied (Ctrl+A, Backspace, 0.8 s) and
**warm** \`${WORDS.typed}\` typed the same way; then emptied again and \`${WORDS.pasted}\` **pasted** (\`insertText\`: one
input event). A recorder in the page (\`bench/page-probe.ts\`) notes each key and input event and each change of the
suggestion list's content (the text of its visible rows), timed at the frame after the change. **Final** is the
frame after the list's last change; the list has **settled** when unchanged for 1.5 s (a list that has not within
20 s is a failure, left out of the figures). Requests are those that started from Ctrl+K (the first search) or the
first key or input, up to the final frame, with their bodies' bytes on the wire (gzip where the server compressed
them); a request that started after another had ended is a wave later than it. A render is a change of the list's
content. Figures: median of the loads (range min–max).

${OLD_NOTE} Both are served on loopback by egdocs' static handler (\`src/serve/static.ts\`), text gzip-compressed.

### This site

${queryTables(reader, WORDS)}

The search page, loaded afresh ${RUNS} time${RUNS === 1 ? '' : 's'} with \`?q=${WORDS.cold}\`: its first results drawn (the frame after its
result list first held results) from the navigation's start, from the end of the load event, and from the search
worker's \`ready\` message (egdocs' worker posts it once it has read the index's manifest; the recorder listens to
every worker the page starts); then how many times the list changed until final (1: drawn once).

${resultsPageTable(resultsPage, WORDS.cold)}
${[`### Synthetic sites, beside Pagefind\n\n${pagefindNote}`, ...syntheticParts].map((part) => `\n${part}\n`).join('')}
### Targets

The issue's, for the change of search's loading policy; judged on egdocs' medians above.

${targetList(targets)}
`;
}

const line = (label: string, part: { count: number; raw: number; gzip: number }) =>
  `| ${label} | ${part.count} | ${kb(part.raw)} | ${kb(part.gzip)} |`;
const report = `# Client benchmark

Written by \`npm run bench:client\` (Chromium ${chromium} headless, loopback server). Bytes are the files the
browser fetched on a cold load, gzip at Node's default level (as a static host compresses them).

Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version};
load average ${loadBefore} at the start of the run, ${os.loadavg()[0].toFixed(1)} at its end (other work on the machine
slows the browser, and the figures with it).

## First load

| page, resource | files | raw | gzip |
|---|---|---|---|
${line('doc page, JavaScript', doc.js)}
${line('doc page, CSS', doc.css)}
${line('home page, JavaScript', home.js)}
${line('home page, CSS', home.css)}

Target: a doc page's first load of JavaScript within 80 KB gzip.

## Client navigation: click to new content

| payload | navigations | median | p95 |
|---|---|---|---|
| prefetched (link hovered first) | ${prefetched.length} | ${median(prefetched).toFixed(1)} ms | ${p95(prefetched).toFixed(1)} ms |
| not prefetched (data-saver on) | ${cold.length} | ${median(cold).toFixed(1)} ms | ${p95(cold).toFixed(1)} ms |

Target: under 50 ms to new content for a prefetched page. Loopback has next to no network latency, so the
not-prefetched figure is the floor; on a real network it adds one round trip for the payload.

${readerSection()}

## Search in the worker

| measure | median | p95 |
|---|---|---|
${
  searching.failure
    ? `| failed: ${searching.failure} | | |
`
    : ''
}| worker start to manifest read (over loopback) | ${searching.ready.toFixed(0)} ms | |
| query, inside the worker (${searching.inWorker.length} keystrokes) | ${median(searching.inWorker).toFixed(2)} ms | ${p95(searching.inWorker).toFixed(2)} ms |
| query, page to answer (with the message round trip) | ${median(searching.roundTrip).toFixed(2)} ms | ${p95(searching.roundTrip).toFixed(2)} ms |

Every keystroke prefix of every query in \`content/search-queries.yaml\`, as the navbar box sends them, one worker
from the first to the last (so the first queries load index files). Target: under 5 ms median in the worker.
`;
// Sections left empty (no failures, no synthetic sites) leave runs of blank lines.
await writeFile(path.join(root, 'bench/CLIENT.md'), report.replace(/\n{3,}/g, '\n\n'));
console.log(report);
