// `npm run bench` (and `npm run bench:versions` alone): what a second docs version costs. Cold builds of this site
// with its two versions beside the same site with the current version only, and of 1,000 synthetic docs in three
// versions beside one; the writer's loop on a save in the older version and in the current one, and serve's start
// with and without --current-version-only. Builds alternate between the two sites of a pair, so both meet the machine
// in the same state.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setAside } from './aside.ts';
import { type Measure, measure } from './measure.ts';
import { startServe } from './serve-process.ts';
import { median } from './stats.ts';
import { writeSyntheticSite } from './synthetic.ts';

const root = path.resolve(import.meta.dirname, '..');

interface Pair {
  label: string;
  one: Measure[];
  all: Measure[];
}

/** Cold builds of two projects, in turns: median time, peak memory and pages of each. */
function coldPair(label: string, one: string, all: string, runs: number): Pair {
  const pair: Pair = { label, one: [], all: [] };
  for (let i = 0; i < runs; i++)
    for (const [dir, into] of [
      [one, pair.one],
      [all, pair.all],
    ] as const) {
      setAside(path.join(dir, 'node_modules/.cache/egdocs'));
      into.push(measure(dir));
    }
  return pair;
}

/** This site in a temporary folder: with its older versions, or without them (their folder and config entry gone). */
async function copyOfThisSite(withVersions: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `egdocs-bench-versions-${withVersions ? 'all' : 'one'}-`));
  await cp(path.join(root, 'content'), path.join(dir, 'content'), {
    recursive: true,
    filter: (source) => withVersions || !source.startsWith(path.join(root, 'content/versioned')),
  });
  let config = await readFile(path.join(root, 'site.config.ts'), 'utf8');
  if (!withVersions) {
    const declared = /^ {4}versions: \[.*\],\n/m;
    if (!declared.test(config)) throw new Error('site.config.ts: no one-line docs.versions entry to leave out');
    config = config.replace(declared, '');
  }
  await writeFile(path.join(dir, 'site.config.ts'), config);
  return dir;
}

/**
 * 1,000 synthetic docs, then (with `versions`) two older versions of them: copies in which every fifth doc has a
 * sentence more, every seventh a changed table cell, so that the comparison pages have work to do.
 */
async function syntheticSite(count: number, versions: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `egdocs-bench-versions-${count}x${versions.length + 1}-`));
  await writeSyntheticSite(dir, count);
  if (versions.length === 0) return dir;
  const configFile = path.join(dir, 'site.config.ts');
  const config = JSON.parse((await readFile(configFile, 'utf8')).replace(/^export default |;\n$/g, '')) as {
    docs: { sidebars: unknown; versions?: unknown[] };
  };
  for (const [v, name] of versions.entries()) {
    const docs = path.join(dir, 'content/versioned', name, 'docs');
    await cp(path.join(dir, 'content/docs'), docs, { recursive: true });
    for (const section of await readdir(docs)) {
      for (const file of await readdir(path.join(docs, section))) {
        const n = Number(/\d+/.exec(file)?.[0]);
        if (n % 5 !== v && n % 7 !== v) continue;
        const full = path.join(docs, section, file);
        const text = await readFile(full, 'utf8');
        await writeFile(
          full,
          (n % 5 === v ? `${text}\nOnly version ${name} says this.\n` : text).replace(
            '`eGrocer`',
            `\`eGrocer ${name}\``,
          ),
        );
      }
    }
    await writeFile(path.join(dir, 'content/versioned', name, 'sidebars.json'), JSON.stringify(config.docs.sidebars));
  }
  config.docs.versions = versions.map((name) => ({ name, label: name, path: name }));
  await writeFile(configFile, `export default ${JSON.stringify(config)};\n`);
  return dir;
}

const seconds = (runs: Measure[]) => `${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s`;
const rss = (runs: Measure[]) => `${Math.round(median(runs.map((r) => r.peakRssMb ?? 0)))} MB`;

function pairRow({ label, one, all }: Pair): string {
  const ratio = median(all.map((r) => r.ms)) / median(one.map((r) => r.ms));
  return `| ${label} | ${one[0].pages} → ${all[0].pages} | ${seconds(one)} | ${seconds(all)} | **${ratio.toFixed(2)}×** | ${rss(one)} → ${rss(all)} |`;
}

export interface ServeVersions {
  /** The server's "rebuilt in" figure and the routes it rendered, for saves in each version. */
  saves: { version: string; ms: number[]; routes: number[] }[];
  /** Time from spawn to "Serving the site", with every version and with the current one only. */
  start: { all: number[]; currentOnly: number[] };
}

/** The writer's loop of this site: saves in a doc of each version, and serve's start with and without the flag. */
async function measureServeVersions(runs: number): Promise<ServeVersions> {
  const project = await copyOfThisSite(true);
  const figures: ServeVersions = { saves: [], start: { all: [], currentOnly: [] } };
  try {
    for (let i = 0; i < runs; i++)
      for (const [key, flags] of [
        ['all', []],
        ['currentOnly', ['--current-version-only']],
      ] as const) {
        const start = performance.now();
        const serving = await startServe(project, root, [...flags]);
        figures.start[key].push(performance.now() - start);
        serving.stop();
      }
    const serving = await startServe(project);
    try {
      for (const [version, file] of [
        ['current (3.0.2.1)', 'content/docs/admin-panel/server-requirements.md'],
        ['older (2.1)', 'content/versioned/2.1/docs/admin-panel/server-requirements.md'],
      ]) {
        const row = { version, ms: [] as number[], routes: [] as number[] };
        const full = path.join(project, file);
        const original = await readFile(full, 'utf8');
        for (let i = 0; i < 8; i++) {
          const seen = serving.log.length;
          await writeFile(full, `${original}\nEdited for the benchmark, round ${i}.\n`);
          const line = await serving.next((text) => text.startsWith('rebuilt in'), seen);
          const [, ms, routes] = /rebuilt in (\d+) ms .*and (\d+) routes?/.exec(line) ?? [];
          row.ms.push(Number(ms));
          row.routes.push(Number(routes));
          // Past chokidar's per-file throttle, as between a writer's saves.
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        figures.saves.push(row);
      }
    } finally {
      serving.stop();
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
  return figures;
}

/** The section of bench/RESULTS.md. */
export async function versionsSection(runs: number): Promise<string> {
  const made: string[] = [];
  try {
    const [one, all] = [await copyOfThisSite(false), await copyOfThisSite(true)];
    made.push(one, all);
    const site = coldPair('eGrocer docs: current only → with 2.1', one, all, Math.max(runs, 3));
    const [single, triple] = [await syntheticSite(1000, []), await syntheticSite(1000, ['v2', 'v1'])];
    made.push(single, triple);
    const synthetic = coldPair('synthetic: 1,000 docs → 1,000 docs × 3 versions', single, triple, Math.max(runs, 3));
    const serve = await measureServeVersions(Math.max(runs, 3));
    const ms = (values: number[]) => `${Math.round(median(values))} ms`;
    return `## Docs versions

Cold builds (no \`node_modules/.cache/egdocs\`), each a fresh \`egdocs build\` process, the two sites of a row in
turns; median of ${Math.max(runs, 3)}. The target: a second version costs this site at most 1.6× one version's
build. Routes grow by more than the docs: each older doc that changed has its comparison with the next version, and each
version its tags pages.

| site | routes | one version | with versions | ratio | peak RSS |
|---|---|---|---|---|---|
${pairRow(site)}
${pairRow(synthetic)}

\`egdocs serve\` of this site: the server's own "rebuilt in" for 8 saves of one doc in each version (a sentence
appended each time), and the routes rendered again; and the time from spawn to serving, with both versions and
with \`--current-version-only\`.

| save in | rebuilt in (median) | routes rendered (median) |
|---|---|---|
${serve.saves.map((s) => `| ${s.version} | ${ms(s.ms)} | ${median(s.routes)} |`).join('\n')}

| serve start | median |
|---|---|
| every version | ${ms(serve.start.all)} |
| \`--current-version-only\` | ${ms(serve.start.currentOnly)} |
`;
  } finally {
    for (const dir of made) setAside(dir);
  }
}

// Alone (`npm run bench:versions`): printed, and kept in bench/VERSIONS.md with the machine it ran on.
if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await versionsSection(Number(process.env.BENCH_RUNS ?? 3));
  console.log(section);
  const cpus = os.cpus();
  const machine = `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node.js ${process.version}.`;
  await writeFile(
    path.join(root, 'bench/VERSIONS.md'),
    `# Benchmark: docs versions\n\n${machine}\n\n${section.replace(/^## Docs versions\n\n/, '')}`,
  );
}
