// `npm run bench:search`: relevance and speed of search on this site. Runs the relevance set
// (bench/search-queries.json) through the same engine the browser's worker runs, and reports success@1,
// success@8, mean reciprocal rank, the data size (raw and gzip), the index build time and query latency.
// Writes bench/SEARCH.md.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSiteFiles } from '../src/build.ts';
import { createEngine } from '../src/client/search/engine.ts';
import { loadConfig } from '../src/config/load.ts';
import type { SearchData } from '../src/types.ts';
import { median, p95 } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const config = await loadConfig({ configFile: path.join(root, 'site.config.ts') });
const result = await buildSiteFiles({ config });
const file = result.files.find((f) => f.path.startsWith('assets/search/search-data-'))!;
const json = typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString();
const data = JSON.parse(json) as SearchData;
const { queries } = JSON.parse(await readFile(path.join(root, 'bench/search-queries.json'), 'utf8')) as { queries: { q: string; expect: string[] }[] };

const options = { baseUrl: config.baseUrl, bm25: config.search.bm25, excerptLength: config.search.excerptLength };
const buildTimes: number[] = [];
let engine = createEngine(data, options);
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  engine = createEngine(data, options);
  buildTimes.push(performance.now() - start);
}

const latencies: number[] = [];
let at1 = 0;
let at8 = 0;
let rr = 0;
const misses: string[] = [];
for (const { q, expect } of queries) {
  // As typed: each prefix of the query is searched, like the suggestions do on every keystroke.
  for (let n = 1; n <= q.length; n++) {
    const start = performance.now();
    engine.search(q.slice(0, n), config.search.maxSuggestions);
    latencies.push(performance.now() - start);
  }
  const hits = engine.search(q, config.search.maxSuggestions);
  const rank = hits.findIndex((hit) => expect.some((p) => hit.url.startsWith(config.baseUrl + p) && (hit.url === config.baseUrl + p || hit.url[config.baseUrl.length + p.length] === '#'))) + 1;
  if (rank === 1) at1++;
  if (rank >= 1) at8++;
  if (rank >= 1) rr += 1 / rank;
  if (rank !== 1) misses.push(`| ${q} | ${expect[0]} | ${rank || '–'} | ${hits[0]?.url.slice(config.baseUrl.length) ?? '(none)'} |`);
}
const n = queries.length;
const report = `# Search benchmark

Written by \`npm run bench:search\`. The relevance set is \`bench/search-queries.json\` (${n} queries); the engine is
\`src/client/search/engine.ts\`, the code the browser's search worker runs, here in Node.js ${process.version} on
${os.cpus().length} × ${os.cpus()[0]?.model.trim()}.

| measure | value | target |
|---|---|---|
| success@1 | ${(at1 / n).toFixed(2)} (${at1}/${n}) | ≥ 0.85 |
| success@8 | ${(at8 / n).toFixed(2)} (${at8}/${n}) | 1.00 |
| mean reciprocal rank | ${(rr / n).toFixed(3)} | |
| search data, raw | ${(json.length / 1024).toFixed(1)} KB (${data.pages.length} pages, ${data.sections.length} sections) | |
| search data, gzip | ${(gzipSync(json).length / 1024).toFixed(1)} KB | < 80 KB |
| index build (median of 5) | ${median(buildTimes).toFixed(0)} ms | |
| query latency, every keystroke of every query (${latencies.length}) | median ${median(latencies).toFixed(2)} ms, p95 ${p95(latencies).toFixed(2)} ms | < 5 ms median |

Queries whose expected page is not first:

| query | expected | rank | first result |
|---|---|---|---|
${misses.join('\n')}
`;
await writeFile(path.join(root, 'bench/SEARCH.md'), report);
console.log(report);
