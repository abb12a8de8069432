// `npm run bench`: build time and peak memory for synthetic sites of 100, 1,000 and 10,000 pages and for this
// site (cold: a fresh process each time). Writes bench/RESULTS.md with the machine's details.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hugoNote, hugoVersion, measureHugo, writeHugoProject, type HugoMeasure } from './hugo.ts';
import { lighthouseSection, measureLighthouse } from './lighthouse.ts';
import { downloadSection, measureDownloads, measureServe, serveSection } from './serve.ts';
import { writeSyntheticSite } from './synthetic.ts';
import type { PageWeight } from '../src/types.ts';
import { median } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const sizes = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 3);

interface Measure {
  ms: number;
  pages: number;
  peakRssMb: number;
  warnings: number;
  steps: Record<string, number>;
  weights: PageWeight[];
}

function measure(dir: string): Measure {
  const out = execFileSync('node', ['--import', 'tsx', path.join(root, 'bench/build-one.ts'), dir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.toString().trim().split('\n').pop()!);
}

const rows: string[] = [];
let siteWeights: PageWeight[] = [];
const hugo = hugoVersion();
/** The Hugo cells of a row: its time and memory, and egdocs' time over it. */
const hugoCells = (ms: number, runs?: HugoMeasure[]) => {
  if (!runs) return '| | |';
  const hugoMs = median(runs.map((r) => r.ms));
  const rss = runs[0].peakRssMb === undefined ? '' : `, ${Math.round(median(runs.map((r) => r.peakRssMb!)))} MB`;
  return `| ${(hugoMs / 1000).toFixed(2)} s${rss}, ${runs[0].pages} files | ${(ms / hugoMs).toFixed(1)}× |`;
};
const report = (label: string, results: Measure[], hugoRuns?: HugoMeasure[]) => {
  const ms = median(results.map((r) => r.ms));
  const rss = median(results.map((r) => r.peakRssMb));
  const steps = Object.entries(results[0].steps)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const line = `| ${label} | ${results[0].pages} | ${(ms / 1000).toFixed(2)} s | ${Math.round(rss)} MB | ${results[0].warnings} ${hugoCells(ms, hugoRuns)} ${steps} |`;
  rows.push(line);
  console.log(line);
};

/** Cold: no highlight cache (a fresh clone). Warm: the cache from the cold run (every later build). */
async function coldAndWarm(label: string, dir: string, warmRuns: number, hugoRuns?: HugoMeasure[]): Promise<void> {
  const cold: Measure[] = [];
  for (let i = 0; i < Math.max(1, Math.min(warmRuns, 3)); i++) {
    await rm(path.join(dir, 'node_modules/.cache/egdocs'), { recursive: true, force: true });
    cold.push(measure(dir));
  }
  report(`${label}, cold`, cold, hugoRuns);
  const warm = Array.from({ length: warmRuns }, () => measure(dir));
  report(`${label}, warm`, warm, hugoRuns);
  if (dir === root) siteWeights = warm[0].weights;
}

if (!hugo) console.log('hugo is not installed (apt-get install hugo): no Hugo reference times this run.');
console.log(
  `| site | routes | build time (median) | peak RSS | warnings | ${hugo ?? 'Hugo'} | egdocs / Hugo | steps of the first run (ms) |`,
);
await coldAndWarm('eGrocer docs (this repository)', root, runs);
for (const size of sizes) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `egdocs-bench-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    const repeat = size >= 10000 ? 1 : runs;
    let hugoRuns: HugoMeasure[] | undefined;
    if (hugo) {
      await writeHugoProject(dir, path.join(dir, 'hugo'));
      hugoRuns = [];
      for (let i = 0; i < repeat; i++) hugoRuns.push(await measureHugo(path.join(dir, 'hugo')));
    }
    await coldAndWarm(`synthetic ${size} pages`, dir, repeat, hugoRuns);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log('\nserve: save to reload');
const serve = serveSection(await measureServe());
console.log(serve);
console.log('\nserve --dir: many large downloads');
const downloads = downloadSection(await measureDownloads());
console.log(downloads);

console.log('\nLighthouse');
const lighthouse = await lighthouseSection(await measureLighthouse());
console.log(lighthouse);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const weights = `## Page weight of this site, per page kind

From the same build (\`BuildResult.weights\`, which \`egdocs check\` holds against \`budgets\` in \`site.config.ts\`):
the JavaScript a first visit loads (scripts and preloaded chunks) and the stylesheet, gzip as the host serves them,
and the HTML as written. KB = 1,024 bytes.

| page kind | pages | first-load JS, gzip | CSS, gzip | HTML, median | HTML, largest |
|---|---|---|---|---|---|
${siteWeights.map((w) => `| ${w.kind} | ${w.routes} | ${kb(w.jsGzip)} KB | ${kb(w.cssGzip)} KB | ${kb(w.htmlMedian)} KB | ${kb(w.htmlMax)} KB (${w.htmlMaxPath}) |`).join('\n')}
`;
console.log(weights);

console.log('\nsearch');
execFileSync('node', ['--import', 'tsx', path.join(root, 'bench/search.ts')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'ignore',
});
const searchReport = await readFile(path.join(root, 'bench/SEARCH.md'), 'utf8');
/** The markdown table of SEARCH.md whose header starts with `start`. */
const tableOf = (start: string) => {
  const at = searchReport.indexOf(start);
  return searchReport.slice(at, searchReport.indexOf('\n\n', at));
};
const search = `## Search (\`npm run bench:search\`, details in bench/SEARCH.md)

${tableOf('| queries')}

${tableOf('| site')}
`;
console.log(search);

const cpus = os.cpus();
await writeFile(
  path.join(root, 'bench/RESULTS.md'),
  `# Benchmark results

Written by \`npm run bench\`. Each build runs in a fresh Node.js process and writes its output to disk through the
same atomic writer as \`egdocs build\`. *Cold* builds start without the highlight cache
(\`node_modules/.cache/egdocs/highlight.json\`), as on a fresh clone: Shiki loads and compiles its grammars.
*Warm* builds find every code block in the cache, as every later build does. Times are from loading the config to the
last file written; Node.js start-up (about 0.1 s) is not included.

Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, ${os.platform()} ${os.release()}.

${hugoNote(hugo)}
| site | routes | build time (median of up to ${runs}; 1 run at 10,000) | peak RSS | warnings | Hugo: time, peak RSS, HTML files | egdocs / Hugo | steps of the first run (ms) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${weights}
${serve}
${downloads}
${search}
${lighthouse}`,
);
console.log('\nwrote bench/RESULTS.md');
