// `npm run bench`: build time and peak memory for synthetic sites of 100, 1,000 and 10,000 pages and for this
// site (cold: a fresh process each time). Writes bench/RESULTS.md with the machine's details.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureServe, serveSection } from './serve.ts';
import { writeSyntheticSite } from './synthetic.ts';

const root = path.resolve(import.meta.dirname, '..');
const sizes = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 3);

interface Measure { ms: number; pages: number; peakRssMb: number; warnings: number; steps: Record<string, number> }

function measure(dir: string): Measure {
  const out = execFileSync('node', ['--import', 'tsx', path.join(root, 'bench/build-one.ts'), dir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.toString().trim().split('\n').pop()!);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const rows: string[] = [];
const report = (label: string, results: Measure[]) => {
  const ms = median(results.map((r) => r.ms));
  const rss = median(results.map((r) => r.peakRssMb));
  const steps = Object.entries(results[0].steps).map(([k, v]) => `${k} ${v}`).join(', ');
  const line = `| ${label} | ${results[0].pages} | ${(ms / 1000).toFixed(2)} s | ${Math.round(rss)} MB | ${results[0].warnings} | ${steps} |`;
  rows.push(line);
  console.log(line);
};

/** Cold: no highlight cache (a fresh clone). Warm: the cache from the cold run (every later build). */
async function coldAndWarm(label: string, dir: string, warmRuns: number): Promise<void> {
  const cold: Measure[] = [];
  for (let i = 0; i < Math.max(1, Math.min(warmRuns, 3)); i++) {
    await rm(path.join(dir, 'node_modules/.cache/egdocs'), { recursive: true, force: true });
    cold.push(measure(dir));
  }
  report(`${label}, cold`, cold);
  report(`${label}, warm`, Array.from({ length: warmRuns }, () => measure(dir)));
}

console.log('| site | routes | build time (median) | peak RSS | warnings | steps of the first run (ms) |');
await coldAndWarm('eGrocer docs (this repository)', root, runs);
for (const size of sizes) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `egdocs-bench-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    await coldAndWarm(`synthetic ${size} pages`, dir, size >= 10000 ? 1 : runs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log('\nserve: save to reload');
const serve = serveSection(await measureServe());
console.log(serve);

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

| site | routes | build time (median of up to ${runs}; 1 run at 10,000) | peak RSS | warnings | steps of the first run (ms) |
|---|---|---|---|---|---|
${rows.join('\n')}

${serve}`,
);
console.log('\nwrote bench/RESULTS.md');
