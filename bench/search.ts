// `npm run bench:search`: relevance and cost of search. Runs this site's relevance set (content/search-queries.yaml,
// the file `egdocs check` gates on) through the engine the browser's worker runs, and reports success@1, success@8
// and mean reciprocal rank, by tag; what a long query costs (a word of 250 to 10,000 letters, a page of words) as a
// multiple of a short one; then what a first search costs (index files fetched, gzip bytes, time) on this
// site and on synthetic sites of 100, 1,000 and 10,000 pages, and the build time of the index. Writes bench/SEARCH.md.
// `BENCH_SEARCH_SCALE=0` skips the synthetic sites.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { buildSiteFiles } from '../src/build.ts';
import { createEngine, readManifest } from '../src/shared/search/engine.ts';
import { indexFileName } from '../src/shared/search/format.ts';
import { loadConfig } from '../src/config/load.ts';
import { searchIndexFiles } from '../src/search/index-files.ts';
import type { Site } from '../src/shared/model/types.ts';
import { median, p95 } from './stats.ts';
import { writeSyntheticSite } from './synthetic.ts';

const root = path.resolve(import.meta.dirname, '..');

interface Query {
  query: string;
  page: string | string[];
  tags?: string[];
  /** The docs version whose index is searched (an older one's name); the current one when absent. */
  version?: string;
}

/** An engine over a site's index whose loads are counted: files, raw and gzip bytes. */
function countingEngine(site: Site, files: Map<string, string>, manifestPath: string) {
  const folder = manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1);
  const fetched = { files: 0, raw: 0, gzip: 0 };
  const read = (filePath: string) => {
    const text = files.get(filePath)!;
    fetched.files++;
    fetched.raw += Buffer.byteLength(text);
    fetched.gzip += gzipSync(text).length;
    return JSON.parse(text);
  };
  const manifest = readManifest(read(manifestPath));
  const engine = createEngine(manifest, async (name) => read(folder + indexFileName(name, manifest)), {
    baseUrl: site.config.baseUrl,
    excerptLength: site.config.search.excerptLength,
  });
  return { engine, fetched };
}

/** The cost of one query typed letter by letter into a fresh page (a cold engine), as the suggestions ask. */
async function firstSearch(site: Site, files: Map<string, string>, manifestPath: string, query: string) {
  const start = performance.now();
  const { engine, fetched } = countingEngine(site, files, manifestPath);
  let hits = 0;
  for (let n = 1; n <= query.length; n++)
    hits = (await engine.search(query.slice(0, n), site.config.search.maxSuggestions)).length;
  const typed = { ...fetched, ms: performance.now() - start };
  const alone = countingEngine(site, files, manifestPath);
  const aloneStart = performance.now();
  await alone.engine.search(query, site.config.search.maxSuggestions);
  return { typed, alone: { ...alone.fetched, ms: performance.now() - aloneStart }, hits };
}

async function indexOf(site: Site) {
  const times: number[] = [];
  let index = searchIndexFiles(site);
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    index = searchIndexFiles(site);
    times.push(performance.now() - start);
  }
  const files = new Map(index.files.map((file) => [file.path, String(file.contents)]));
  // The bundles hold the other files again, for the background fill (Manifest.fill): counted apart.
  const bundled = (path: string) => /-all\.[^/]+$/.test(path);
  const own = [...files].filter(([path]) => !bundled(path)).map(([, text]) => text);
  const raw = own.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const gzip = own.reduce((sum, text) => sum + gzipSync(text).length, 0);
  const fill = [...files].filter(([path]) => bundled(path)).reduce((sum, [, text]) => sum + gzipSync(text).length, 0);
  return { files, manifestPath: index.files[0].path, buildMs: median(times), raw, gzip, count: own.length, fill };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The word of the short queries. */
const WORD = 'firebase';

// ---------------------------------------------------------------- relevance, this site
const config = await loadConfig({ configFile: path.join(root, 'site.config.ts') });
const { site } = await buildSiteFiles({ config });
const queries = parse(await readFile(path.join(root, 'content/search-queries.yaml'), 'utf8')) as Query[];
// Each docs version's doc paths by id ('' for the current version), as `egdocs check` reads a query's page.
const pathOfDoc = new Map<string, Map<string, string>>();
for (const route of site.routes) {
  if (route.data.kind !== 'doc') continue;
  const version = route.data.doc.version ?? '';
  if (!pathOfDoc.has(version)) pathOfDoc.set(version, new Map());
  pathOfDoc.get(version)!.set(route.data.doc.id, route.path);
}
const index = await indexOf(site);
const { engine: current } = countingEngine(site, index.files, index.manifestPath);
// An older version's queries search its own index (its manifest is search-<name>.json in its folder).
const older = new Map(
  config.docs.versions.map(({ name }) => {
    const manifest = [...index.files.keys()].find((path) => path.endsWith(`/versions/${name}/search-${name}.json`));
    if (!manifest) throw new Error(`bench:search: no search index for docs version ${name}`);
    return [name, countingEngine(site, index.files, manifest).engine];
  }),
);
const engineOf = (version?: string) => (version ? older.get(version)! : current);
// Every file loaded once, so the latencies below are of a warm page.
for (const { query, version } of queries) await engineOf(version).search(query, config.search.maxSuggestions);

const latencies: number[] = [];
const byTag = new Map<string, { n: number; at1: number; at8: number }>();
let at1 = 0;
let at8 = 0;
let rr = 0;
const misses: string[] = [];
for (const { query, page, tags = [], version } of queries) {
  const searched = engineOf(version);
  for (let n = 1; n <= query.length; n++) {
    const start = performance.now();
    await searched.search(query.slice(0, n), config.search.maxSuggestions);
    latencies.push(performance.now() - start);
  }
  const expected = (Array.isArray(page) ? page : [page]).map((id) =>
    id.startsWith('/') ? config.baseUrl + id.slice(1) : (pathOfDoc.get(version ?? '')?.get(id) ?? `(no doc ${id})`),
  );
  const hits = await searched.search(query, config.search.maxSuggestions);
  const rank = hits.findIndex((hit) => expected.includes(hit.url.replace(/#.*$/, ''))) + 1;
  if (rank === 1) at1++;
  if (rank >= 1) at8++;
  if (rank >= 1) rr += 1 / rank;
  for (const tag of ['all', ...tags]) {
    const counts = byTag.get(tag) ?? { n: 0, at1: 0, at8: 0 };
    counts.n++;
    if (rank === 1) counts.at1++;
    if (rank >= 1) counts.at8++;
    byTag.set(tag, counts);
  }
  if (rank !== 1)
    misses.push(
      `| ${query} | ${expected[0].slice(config.baseUrl.length)} | ${rank || '–'} | ${hits[0]?.url.slice(config.baseUrl.length) ?? '(none)'} |`,
    );
}
const n = queries.length;

// ---------------------------------------------------------------- what a long query costs
// A paste gone wrong (a word of thousands of letters, a page of words) against a short query, on the warm engine.
// The worker answers one query at a time, so a query's time is what every keystroke after it waits. Each run has
// letters never searched before, so nothing is remembered from the one before.
let seed = 1;
const randomWord = (length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26]).join(
    '',
  );
const timeOf = async (query: () => string) => {
  const times: number[] = [];
  for (let run = 0; run < 15; run++) {
    const text = query();
    const start = performance.now();
    await current.search(text, config.search.maxSuggestions);
    times.push(performance.now() - start);
  }
  return median(times);
};
const shortMs = await timeOf(() => WORD);
const longRows = [`| \`${WORD}\` | ${shortMs.toFixed(2)} ms | 1 |`];
const longRow = async (label: string, query: () => string) => {
  const ms = await timeOf(query);
  longRows.push(`| ${label} | ${ms.toFixed(2)} ms | ${(ms / shortMs).toFixed(2)} |`);
};
for (const letters of [250, 1_000, 3_000, 10_000]) {
  const count = letters.toLocaleString('en');
  await longRow(`a word of ${count} letters`, () => randomWord(letters));
  await longRow(`\`${WORD}\` and a word of ${count} letters`, () => `${WORD} ${randomWord(letters)}`);
}
await longRow('1,000 words of 8 letters', () => Array.from({ length: 1_000 }, () => randomWord(8)).join(' '));

const rows: string[] = [];
const here = await firstSearch(site, index.files, index.manifestPath, WORD);
rows.push(
  `| this site (${site.pages.length} pages) | ${index.buildMs.toFixed(0)} ms | ${index.count} files, ${kb(index.gzip)} | ${here.alone.files} files, ${kb(here.alone.gzip)} | ${kb(here.typed.gzip)} | ${here.alone.ms.toFixed(1)} ms | ${kb(index.fill)} |`,
);
if (process.env.BENCH_SEARCH_SCALE !== '0') {
  for (const pages of [100, 1_000, 10_000]) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-search-bench-'));
    try {
      await writeSyntheticSite(dir, pages);
      const synthetic = await buildSiteFiles({
        config: await loadConfig({ configFile: path.join(dir, 'site.config.ts') }),
      });
      const big = await indexOf(synthetic.site);
      const cost = await firstSearch(synthetic.site, big.files, big.manifestPath, 'payment');
      rows.push(
        `| synthetic, ${pages.toLocaleString('en')} pages | ${big.buildMs.toFixed(0)} ms | ${big.count} files, ${kb(big.gzip)} | ${cost.alone.files} files, ${kb(cost.alone.gzip)} | ${kb(cost.typed.gzip)} | ${cost.alone.ms.toFixed(1)} ms | ${kb(big.fill)} |`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

const tagRows = [...byTag].map(
  ([tag, c]) => `| ${tag} | ${c.n} | ${(c.at1 / c.n).toFixed(2)} (${c.at1}) | ${(c.at8 / c.n).toFixed(2)} (${c.at8}) |`,
);
const report = `# Search benchmark

Written by \`npm run bench:search\`, in Node.js ${process.version} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}. The engine
is \`src/shared/search/engine.ts\`, the code the browser's search worker runs, over the index files the build writes.

## Relevance

The set is \`content/search-queries.yaml\` (${n} queries), the file \`egdocs check\` gates on. A query succeeds at k when
one of its pages is among the first k suggestions.

| queries | count | success@1 | success@8 |
|---|---|---|---|
${tagRows.join('\n')}

Mean reciprocal rank: ${(rr / n).toFixed(3)}. Targets: success@1 ≥ 0.92, success@8 = 1.00.

Query latency on a warm page, every keystroke of every query (${latencies.length}): median ${median(latencies).toFixed(2)} ms,
p95 ${p95(latencies).toFixed(2)} ms.

## What a long query costs

A paste gone wrong against a short query, on a warm page: the median of 15 runs, each with letters not searched
before. The worker answers one query at a time, so this is what the keystrokes after it wait. Only a query's first
32 words within 500 characters are searched, and a word longer than 32 letters gets no typo correction.

| query | time | × \`${WORD}\` |
|---|---|---|
${longRows.join('\n')}

Target: a long query costs no more than a few short ones.

## What a first search costs

A fresh page (nothing loaded) searches one word (\`${WORD}\` here, \`payment\` on the synthetic sites): the manifest
(with the vocabularies in it, when they are small), the postings of the terms the word expands to, and the text of
the sections shown (and, when a site's texts are not all loaded afterwards, of the next few hits). "Typed" is the
same word typed letter by letter, each prefix searched as the suggestions do. Bytes are gzip, as a host serves them.
The time is in Node.js, from a cold engine to the suggestions, files read from memory (the browser's figure, with
the worker and loopback fetches, is in bench/CLIENT.md). "Fill" is what the worker loads in the background once the
first answer is drawn (the manifest's \`fill\`: a small index's postings and texts, a large one's postings), so
that later queries never wait on the network.

| site | index build | whole index | one-word query | typed | cold query | fill |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Target: a one-word query fetches ≤ 80 KB gzip on this site and ≤ 150 KB gzip at 10,000 pages.

## Queries whose page is not first

| query | expected | rank | first result |
|---|---|---|---|
${misses.join('\n')}
`;
await writeFile(path.join(root, 'bench/SEARCH.md'), report);
console.log(report);
