// `npm run bench`: build time and peak memory for synthetic sites of 100, 1,000 and 10,000 pages and for this
// site (cold: a fresh process each time), a deep tree of folders (deep-tree.ts) and docs versions (versions.ts).
// Writes bench/RESULTS.md with the machine's details.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setAside } from './aside.ts';
import { hugoNote, hugoVersion, measureHugo, writeHugoProject, type HugoMeasure } from './hugo.ts';
import { lighthouseSection, measureLighthouse } from './lighthouse.ts';
import { browserSection, measureSavesInBrowser } from './serve-browser.ts';
import { downloadSection, measureDownloads, measureServe, serveSection } from './serve.ts';
import { writeSyntheticSite } from './synthetic.ts';
import type { PageWeight } from '../src/shared/model/types.ts';
import { median } from './stats.ts';
import { type Measure, measure as measureWith } from './measure.ts';
import { deepTreeSection } from './deep-tree.ts';
import { versionsSection } from './versions.ts';

const root = path.resolve(import.meta.dirname, '..');
const sizes = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 3);
/**
 * BENCH_BEFORE=<another egdocs checkout, compiled>: each site is built by that egdocs, then by this one, in the same
 * run, and the table has a row of each ("before", "after") for every case: a change's cost beside what it replaced.
 */
const before = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const egdocsVersions: [label: string, egdocs: string][] = before
  ? [
      ['before', before],
      ['after', root],
    ]
  : [['', root]];

/** Median time of `node ...args` in a fresh process, from spawn to exit, in ms; `before` runs untimed first. */
function timeCommand(args: string[], before?: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    before?.();
    const start = performance.now();
    const run = spawnSync('node', args, { cwd: root, encoding: 'utf8' });
    times.push(performance.now() - start);
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  }
  return median(times);
}

/** `egdocs --help` and `egdocs check` of this site beside Node.js' own start. */
function commandsSection(): string {
  const cli = path.join(root, 'bin/egdocs.js');
  const record = path.join(root, 'node_modules/.cache/egdocs/last-check.json');
  const rows: [string, number][] = [
    ["`node -e ''` (Node.js' start: the floor)", timeCommand(['-e', ''])],
    ['`egdocs --help`', timeCommand([cli, '--help'])],
    ['`egdocs check`, nothing changed since the last check', timeCommand([cli, 'check'])],
    [
      '`egdocs check`, every step run (no record of the last check)',
      timeCommand([cli, 'check'], () => rmSync(record, { force: true })),
    ],
  ];
  return `## Commands on this site

Each a fresh process, timed from spawn to exit; median of 9 runs.

| command | time |
|---|---|
${rows.map(([command, ms]) => `| ${command} | ${Math.round(ms)} ms |`).join('\n')}
`;
}

/** The disk's floor: a plain copy of the same output folder to a new folder beside it, timed as the builds are. */
function copyOutput(dir: string): number {
  const copy = path.join(dir, '.bench-copy');
  setAside(copy);
  const start = performance.now();
  const run = spawnSync('cp', ['-r', path.join(dir, 'build'), copy]);
  const ms = performance.now() - start;
  setAside(copy);
  if (run.status !== 0) throw new Error(`cp failed: ${run.stderr}`);
  return ms;
}

/** The weights of this site's pages, from a build in this process's way (BuildResult.weights). */
function siteWeightsOf(dir: string): PageWeight[] {
  const out = execFileSync('node', ['--import', 'tsx', path.join(root, 'bench/build-one.ts'), dir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.toString().trim().split('\n').pop()!).weights;
}

const rows: string[] = [];
const hugo = hugoVersion();
/** A median time in seconds, with the range of the runs beside it when there are several. */
const seconds = (times: number[]) => {
  const text = (ms: number) => (ms / 1000).toFixed(2);
  const low = Math.min(...times);
  const high = Math.max(...times);
  return times.length > 1 ? `${text(median(times))} s (${text(low)}–${text(high)})` : `${text(times[0])} s`;
};
/** The Hugo cells of a row: its time and memory, and egdocs' time over it. */
const hugoCells = (ms: number, runs?: HugoMeasure[]) => {
  if (!runs) return '| | |';
  const hugoMs = median(runs.map((r) => r.ms));
  const rss = runs[0].peakRssMb === undefined ? '' : `, ${Math.round(median(runs.map((r) => r.peakRssMb!)))} MB`;
  return `| ${seconds(runs.map((r) => r.ms))}${rss}, ${runs[0].pages} files | ${(ms / hugoMs).toFixed(1)}× |`;
};
const report = (label: string, results: Measure[], copies: number[], hugoRuns?: HugoMeasure[]) => {
  const ms = median(results.map((r) => r.ms));
  const rss = results[0].peakRssMb === undefined ? '' : `${Math.round(median(results.map((r) => r.peakRssMb!)))} MB`;
  const steps = Object.entries(results[0].steps)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const copy = `${(median(copies) / 1000).toFixed(2)} s`;
  const line = `| ${label} | ${results[0].pages} | ${seconds(results.map((r) => r.ms))} | ${rss} | ${results[0].warnings} | ${copy} ${hugoCells(ms, hugoRuns)} ${steps} |`;
  rows.push(line);
  console.log(line);
};

/**
 * Cold: no node_modules/.cache/egdocs (a fresh clone: Shiki compiles its grammars, nothing is kept). Warm: the stores
 * of the build before and nothing changed (the build record answers), then the same with every step run. Edited: one
 * doc's text changed before each build, as a writer rebuilds. `hugoRun`, when given, builds the same site with Hugo
 * before each cold build: taken in turns, both meet the machine in the same state (its speed drifts over minutes).
 */
async function coldAndWarm(
  site: string,
  dir: string,
  warmRuns: number,
  edited: string,
  hugoRun?: () => Promise<HugoMeasure>,
): Promise<void> {
  for (const [version, egdocs] of egdocsVersions) {
    const label = version ? `${site} (${version})` : site;
    // This repository is built by each egdocs in its own checkout: another egdocs would take this one's templates/
    // for a project's overrides. (Give the other checkout the same content/ to compare the two.)
    const own = dir === root ? egdocs : dir;
    const ownEdited = path.join(own, path.relative(dir, edited));
    await coldAndWarmWith(egdocs, label, own, warmRuns, ownEdited, version === 'after' ? undefined : hugoRun);
  }
}

async function coldAndWarmWith(
  egdocs: string,
  label: string,
  dir: string,
  warmRuns: number,
  edited: string,
  hugoRun?: () => Promise<HugoMeasure>,
): Promise<void> {
  const measure = (dir: string) => measureWith(dir, egdocs);
  const cold: Measure[] = [];
  const hugoRuns: HugoMeasure[] | undefined = hugoRun && [];
  for (let i = 0; i < Math.max(1, Math.min(warmRuns, 3)); i++) {
    if (hugoRun) hugoRuns!.push(await hugoRun());
    setAside(path.join(dir, 'node_modules/.cache/egdocs'));
    cold.push(measure(dir));
  }
  const copies = cold.map(() => copyOutput(dir));
  report(`${label}, cold`, cold, copies, hugoRuns);
  // Not timed: the warm builds then find the output the one before replaced, as every later build does.
  measure(dir);
  report(
    `${label}, warm`,
    Array.from({ length: warmRuns }, () => measure(dir)),
    copies,
    hugoRuns,
  );
  // Without the last build's record, the pipeline runs every step on its stores: what a build costs when an input
  // changed that no page shows (and the floor of an edit).
  const record = path.join(dir, 'node_modules/.cache/egdocs/last-build.json');
  // Not timed either: the first build after a cold one finds a spare without a ledger (the cold build started
  // without the stores), as a build after a fresh clone does once.
  rmSync(record, { force: true });
  measure(dir);
  report(
    `${label}, warm, every step run`,
    Array.from({ length: warmRuns }, () => (rmSync(record, { force: true }), measure(dir))),
    copies,
    hugoRuns,
  );
  const original = await readFile(edited, 'utf8');
  const runs: Measure[] = [];
  try {
    for (let i = 0; i < warmRuns; i++) {
      await writeFile(edited, `${original}\nA sentence added for run ${i} of the benchmark.\n`);
      runs.push(measure(dir));
    }
  } finally {
    await writeFile(edited, original);
  }
  report(`${label}, one doc edited`, runs, copies, hugoRuns);
}

if (!hugo) console.log('hugo is not installed (apt-get install hugo): no Hugo reference times this run.');
console.log(
  `| site | routes | build time (median) | peak RSS | warnings | plain copy | ${hugo ?? 'Hugo'} | egdocs / Hugo | steps of the first run (ms) |`,
);
await coldAndWarm('eGrocer docs (this repository)', root, runs, path.join(root, 'content/docs/intro.md'));
const commands = commandsSection();
console.log(commands);
const siteWeights = siteWeightsOf(root);
for (const size of sizes) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `egdocs-bench-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    if (hugo) await writeHugoProject(dir, path.join(dir, 'hugo'));
    const hugoRun = hugo ? () => measureHugo(path.join(dir, 'hugo')) : undefined;
    await coldAndWarm(`synthetic ${size} pages`, dir, runs, path.join(dir, 'content/docs/s0/p1.md'), hugoRun);
  } finally {
    setAside(dir);
  }
}

const deepTree = await deepTreeSection(runs);
console.log(deepTree);
const versions = await versionsSection(runs);
console.log(versions);

// BENCH_BUILDS_ONLY=1: the build table alone, printed and not written (a quick look while working on speed).
if (process.env.BENCH_BUILDS_ONLY) process.exit(0);

console.log('\nserve: save to reload');
const serve = serveSection(await measureServe());
console.log(serve);
console.log("\nserve: the writer's loop in Chromium");
const saves = browserSection(await measureSavesInBrowser());
console.log(saves);
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

Written by \`npm run bench\`. Each build is \`egdocs build --timings\` (the compiled CLI) in a fresh process, timed
from spawn to exit: Node.js' start (\`node -e ''\` in the commands table below) and module loading count. *Cold* builds
start without \`node_modules/.cache/egdocs/\`, as on a fresh clone: Shiki loads and compiles its grammars and nothing
is kept from before. *Warm* builds find the stores of the build before and nothing changed: egdocs keys every input
and, finding the last build's key and its output folder as that build left it, reports it without building
(\`src/build/record.ts\`). *Warm, every step run* is the same without that record: each step runs on its stores.
*One doc edited* changes one doc's text before each build, as a writer rebuilds. *Plain copy* is \`cp -r\` of the same output folder to a new
folder beside it: the disk's floor for writing these files from nothing. The steps are the \`--timings\` line of the
first run (config and write included). Folders the benchmark is done with (stores, outputs, copies, Hugo's \`public/\`)
are moved aside and deleted only when it ends: on this disk (ext4 without a journal) files created within minutes of
a large deletion are several times slower to create (\`bench/aside.ts\`).

Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, ${os.platform()} ${os.release()}.

${hugoNote(hugo)}
| site | routes | build time: median of ${runs} (their range) | peak RSS | warnings | plain copy | Hugo: time, peak RSS, HTML files | egdocs / Hugo | steps of the first run (ms) |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${deepTree}
${versions}
${commands}
${weights}
${serve}
${saves}
${downloads}
${search}
${lighthouse}`,
);
console.log('\nwrote bench/RESULTS.md');
