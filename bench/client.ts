// `npm run bench:client`: what a reader's browser pays. For a cold load of a doc page and of the home page, the
// JavaScript and CSS bytes (raw and gzip, as a static host would compress them); for client navigation, the time
// from click to new content, with the payload prefetched (hovered first) and without (data-saver on, so nothing
// is fetched ahead); search through the navbar box, cold and warm, and inside the worker. Writes bench/CLIENT.md.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Page } from 'playwright-core';
import { parse } from 'yaml';
import { listen, staticHandler } from '../src/serve/static.ts';
import { folderSource } from '../src/serve/sources.ts';
import { startHarness } from '../test/browser/browser.ts';
import { median, p95 } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const h = await startHarness();
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

/**
 * Records, inside a page, each keystroke and each change to the search suggestions (any element with role listbox),
 * with how many options the list then held. It knows nothing of egdocs' markup, so the same recorder measures the
 * site this one replaces.
 */
const RECORDER = `(() => {
  const log = { keys: [], changes: [] };
  window.__typed = log;
  document.addEventListener('keydown', (event) => log.keys.push({ at: performance.now(), key: event.key }), { capture: true });
  new MutationObserver((mutations) => {
    const at = performance.now();
    if (!mutations.some((m) => (m.target.closest && m.target.closest('[role=listbox]')) || [...m.addedNodes].some((n) => n.querySelector && n.querySelector('[role=option]')))) return;
    const options = [...document.querySelectorAll('[role=listbox] [role=option]')].filter((o) => o.getClientRects().length > 0).length;
    log.changes.push({ at, options });
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

interface Typed {
  keys: { at: number; key: string }[];
  changes: { at: number; options: number }[];
}

/** Types as a reader does (a key every KEY_DELAY ms), then waits until the suggestions have been still for 500 ms. */
async function typeAndSettle(page: Page, text: string): Promise<Typed> {
  await page.keyboard.type(text, { delay: KEY_DELAY });
  await page.waitForFunction(
    () => {
      const log = (window as unknown as { __typed: Typed }).__typed;
      const last = log.changes[log.changes.length - 1]?.at ?? 0;
      return log.changes.length > 0 && performance.now() - Math.max(last, log.keys[log.keys.length - 1].at) > 500;
    },
    undefined,
    { polling: 50 },
  );
  return page.evaluate('window.__typed') as Promise<Typed>;
}

/**
 * Search as a reader meets it, through the navbar box of a site (this one, or the one it replaces). Cold: a fresh
 * page, Ctrl+K, then \`firebase\`; from the shortcut to the first suggestions shown, and from the last key to the
 * last change of the list. Warm: on a page that has searched before, each keystroke to the next change of the list.
 */
const KEY_DELAY = 60;
async function searchAsReader(base: string): Promise<{ cold: { first: number; last: number }[]; warm: number[] }> {
  const open = async (page: Page) => {
    await page.goto(`${base}docs/admin-panel/intro/`, { waitUntil: 'load' });
    // Both sites' scripts have run: egdocs marks its root, the old site has its search box.
    await page.waitForFunction(
      () =>
        document.querySelector('#__egdocs')?.hasAttribute('data-hydrated') ||
        document.querySelector('.navbar__search-input'),
    );
    await page.evaluate(RECORDER);
  };
  const cold: { first: number; last: number }[] = [];
  for (let run = 0; run < 5; run++) {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await open(page);
    await page.keyboard.press('Control+k');
    const typed = await typeAndSettle(page, 'firebase');
    const shortcut = typed.keys.find((key) => key.key.toLowerCase() === 'k')!.at;
    const lastKey = typed.keys[typed.keys.length - 1].at;
    const first = typed.changes.find((change) => change.options > 0)!.at;
    cold.push({ first: first - shortcut, last: Math.max(0, typed.changes[typed.changes.length - 1].at - lastKey) });
    await context.close();
  }
  const warm: number[] = [];
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await open(page);
  await page.keyboard.press('Control+k');
  await typeAndSettle(page, 'firebase');
  for (const word of ['payment', 'twilio sms', 'server setup', 'google maps api', 'cart reminder']) {
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.evaluate('window.__typed.keys.length = 0; window.__typed.changes.length = 0');
    const typed = await typeAndSettle(page, word);
    typed.keys.forEach((key, i) => {
      const next = typed.keys[i + 1]?.at ?? Infinity;
      const change = typed.changes.find((c) => c.at >= key.at && c.at < next);
      if (change) warm.push(change.at - key.at);
    });
  }
  await page.close();
  return { cold, warm };
}

/**
 * The search worker in Chromium, as the navbar box uses it: every keystroke prefix of every relevance-set query,
 * timed inside the worker (search only, index files loaded as the queries need them) and from the page (with the
 * message round trip).
 */
async function workerSearch(): Promise<{ ready: number; inWorker: number[]; roundTrip: number[] }> {
  const queries = parse(await readFile(path.join(root, 'content/search-queries.yaml'), 'utf8')) as { query: string }[];
  const prefixes = queries.flatMap(({ query }) =>
    Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)),
  );
  const page = await h.browser.newPage();
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  // A string, not a function: tsx would compile a function with helpers the page does not have.
  const result = (await page.evaluate(`(async (prefixes) => {
    const props = JSON.parse(document.getElementById('__egdocs-data').textContent);
    const { search, baseUrl } = props.chrome;
    const worker = new Worker(search.workerUrl);
    let resolveNext = () => {};
    worker.onmessage = ({ data }) => resolveNext(data);
    const next = () => new Promise((resolve) => (resolveNext = resolve));
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
  })(${JSON.stringify(prefixes)})`)) as { ready: number; inWorker: number[]; roundTrip: number[] };
  await page.close();
  return result;
}

const doc = await coldLoad(`${h.base}docs/admin-panel/server-requirements/`);
const home = await coldLoad(h.base);
const prefetched = await navigation(true);
const cold = await navigation(false);
const reader = await searchAsReader(h.base);
// The site this one replaces, when its build is on disk (see OLD_SITE in bench/lighthouse.ts).
const OLD_SITE = process.env.OLD_SITE ?? '/tmp/oldsite/build';
let old: Awaited<ReturnType<typeof searchAsReader>> | undefined;
if (existsSync(path.join(OLD_SITE, 'index.html'))) {
  const { server } = await listen(staticHandler(folderSource(OLD_SITE), new URL(h.base).pathname), '127.0.0.1', 0);
  old = await searchAsReader(`http://127.0.0.1:${(server.address() as AddressInfo).port}${new URL(h.base).pathname}`);
  server.close();
}
const searching = await workerSearch();
await h.close();

const line = (label: string, part: { count: number; raw: number; gzip: number }) =>
  `| ${label} | ${part.count} | ${kb(part.raw)} | ${kb(part.gzip)} |`;
const report = `# Client benchmark

Written by \`npm run bench:client\` (Chromium ${'headless'}, loopback server, 2 cores). Bytes are the files the
browser fetched on a cold load, gzip at Node's default level (as a static host compresses them).

Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}.

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

## Search as a reader meets it

Through the navbar box, typing a key every ${KEY_DELAY} ms; a recorder in the page notes each key and each change of
the suggestion list (any \`role=listbox\`). Cold: a fresh page, Ctrl+K, then \`firebase\` (5 runs); egdocs' worker
starts and reads the manifest at the shortcut, and each keystroke loads the index files it needs. Warm: a page that
has searched before types five more queries; each keystroke to the next change of the list.

| measure | egdocs, median | worst | ${old ? 'old site, median | worst |' : ''}
|---|---|---|${old ? '---|---|' : ''}
| cold: shortcut to first suggestions | ${median(reader.cold.map((r) => r.first)).toFixed(0)} ms | ${Math.max(...reader.cold.map((r) => r.first)).toFixed(0)} ms | ${old ? `${median(old.cold.map((r) => r.first)).toFixed(0)} ms | ${Math.max(...old.cold.map((r) => r.first)).toFixed(0)} ms |` : ''}
| cold: last key to final suggestions | ${median(reader.cold.map((r) => r.last)).toFixed(0)} ms | ${Math.max(...reader.cold.map((r) => r.last)).toFixed(0)} ms | ${old ? `${median(old.cold.map((r) => r.last)).toFixed(0)} ms | ${Math.max(...old.cold.map((r) => r.last)).toFixed(0)} ms |` : ''}
| warm: keystroke to its suggestions (${reader.warm.length}) | ${median(reader.warm).toFixed(1)} ms | p95 ${p95(reader.warm).toFixed(1)} ms | ${old ? `${median(old.warm).toFixed(1)} ms | p95 ${p95(old.warm).toFixed(1)} ms |` : ''}

${old ? 'The old site is the Docusaurus build this project replaces (`OLD_SITE`), served the same way and measured by the same recorder in the same run.' : 'The old site was not measured: build it into `OLD_SITE` (see bench/lighthouse.ts) to compare.'}

Targets: cold, ≤ 60 ms from the last key to the final suggestions; warm, ≤ 20 ms median.

## Search in the worker

| measure | median | p95 |
|---|---|---|
| worker start to manifest read (over loopback) | ${searching.ready.toFixed(0)} ms | |
| query, inside the worker (${searching.inWorker.length} keystrokes) | ${median(searching.inWorker).toFixed(2)} ms | ${p95(searching.inWorker).toFixed(2)} ms |
| query, page to answer (with the message round trip) | ${median(searching.roundTrip).toFixed(2)} ms | ${p95(searching.roundTrip).toFixed(2)} ms |

Every keystroke prefix of every query in \`content/search-queries.yaml\`, as the navbar box sends them, one worker
from the first to the last (so the first queries load index files). Target: under 5 ms median in the worker.
`;
await writeFile(path.join(root, 'bench/CLIENT.md'), report);
console.log(report);
