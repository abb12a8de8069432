// `npm run bench` (and `npm run bench:serve` alone): the writer's loop as a writer meets it. Starts the real CLI's
// `egdocs serve` on a copy of this site, connects as a page would (WebSocket), saves files, and times each save to
// the reload message. Figures: median and p95 over 20 body edits of different pages, and over 5 title edits (which
// change every page's sidebar). Then the same loop in Chromium, to the new text on screen, beside the old site's
// `docusaurus start` (serve-browser.ts). And `serve --dir` under a download load: the server's peak memory while 50
// clients fetch a 100 MB file at once.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { browserSection, measureSavesInBrowser } from './serve-browser.ts';
import { copyOfSite, startServe } from './serve-process.ts';
import { median, p95 } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface ServeFigures {
  body: number[];
  title: number[];
  /** The server's own "rebuilt in N ms" for the body edits. */
  server: number[];
  pagesRendered: number[];
  routesRendered: number[];
}

/** Median and p95, in ms. */
export const spread = (values: number[]) => `median ${median(values).toFixed(0)} ms, p95 ${p95(values).toFixed(0)} ms`;

export async function measureServe(): Promise<ServeFigures> {
  const project = await copyOfSite();
  const serving = await startServe(project).catch(async (error: unknown) => {
    await rm(project, { recursive: true, force: true });
    throw error;
  });
  const { url, log } = serving;
  try {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws').replace(/\/[^/]*\/$/, '')}/__egdocs/socket`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const reload = () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reload:\n${log.slice(-10).join('\n')}`)), 10_000);
        socket.once('message', function next(data) {
          const message = JSON.parse(String(data)) as { type: string };
          if (message.type === 'reload') return (clearTimeout(timer), resolve(performance.now()));
          if (message.type === 'error') return (clearTimeout(timer), reject(new Error(String(data))));
          socket.once('message', next);
        });
      });
    const figures: ServeFigures = { body: [], title: [], server: [], pagesRendered: [], routesRendered: [] };
    const docs = (await listDocs(path.join(project, 'content/docs'))).slice(0, 20);
    const save = async (file: string, change: (text: string) => string): Promise<number> => {
      const text = await readFile(file, 'utf8');
      const done = reload();
      const start = performance.now();
      await writeFile(file, change(text));
      const ms = (await done) - start;
      // Let chokidar's per-file throttle pass, as between a writer's saves.
      await new Promise((resolve) => setTimeout(resolve, 120));
      return ms;
    };
    for (const [i, file] of docs.entries()) {
      figures.body.push(await save(file, (text) => `${text.trimEnd()}\n\nEdited for the benchmark, round ${i}.\n`));
      const rebuilt = log.findLast((line) => line.startsWith('rebuilt in'))!;
      const [, ms, pages, routes] = /rebuilt in (\d+) ms .*: (\d+) pages? and (\d+) routes?/.exec(rebuilt) ?? [];
      figures.server.push(Number(ms));
      figures.pagesRendered.push(Number(pages));
      figures.routesRendered.push(Number(routes));
    }
    for (const [i, file] of docs.slice(0, 5).entries()) {
      figures.title.push(await save(file, (text) => relabel(text, `Renamed ${i}`)));
    }
    socket.close();
    return figures;
  } finally {
    serving.stop();
    await rm(project, { recursive: true, force: true });
  }
}

export interface DownloadFigures {
  clients: number;
  fileMb: number;
  /** The server process's peak resident memory (VmHWM), and its resident memory before the downloads. */
  peakRssMb: number;
  idleRssMb: number;
  seconds: number;
  /** Bytes every client received, all equal to the file's size when nothing went wrong. */
  complete: number;
}

/**
 * `egdocs serve --dir` of a build holding a 100 MB file, and 50 clients downloading it at once on loopback; the
 * server's memory read from /proc. `bin` is the egdocs checkout to run (another one measures an older version).
 */
export async function measureDownloads(bin = root, clients = 50, fileMb = 100): Promise<DownloadFigures> {
  const project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-bench-download-'));
  const site = path.join(project, 'build');
  await mkdir(path.join(site, 'assets'), { recursive: true });
  await writeFile(
    path.join(project, 'site.config.ts'),
    "import { defineConfig } from 'egdocs';\nexport default defineConfig({ title: 'Big', url: 'https://big.dev', baseUrl: '/big/' });\n",
  );
  await writeFile(
    path.join(site, '.egdocs-build.json'),
    JSON.stringify({ generator: 'egdocs bench', baseUrl: '/big/' }),
  );
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title>');
  await writeFile(path.join(site, 'assets/video.bin'), Buffer.alloc(fileMb * 2 ** 20, 7));
  const child = spawn('node', [path.join(bin, 'bin/egdocs.js'), 'serve', '--dir', 'build', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve --dir did not start:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        const found = /at (http:\/\/\S+?\/big\/)/.exec(output);
        if (found) (clearTimeout(timer), resolve(found[1]));
      });
    });
    const rssMb = async (field: 'VmRSS' | 'VmHWM') =>
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
      1024;
    const idleRssMb = await rssMb('VmRSS');
    const start = performance.now();
    const sizes = await Promise.all(
      Array.from(
        { length: clients },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(`${url}assets/video.bin`, { agent: false }, (res) => {
                let bytes = 0;
                res.on('data', (chunk: Buffer) => (bytes += chunk.length));
                res.on('end', () => resolve(bytes));
                res.on('error', reject);
              })
              .on('error', reject);
          }),
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    return {
      clients,
      fileMb,
      peakRssMb: await rssMb('VmHWM'),
      idleRssMb,
      seconds,
      complete: sizes.filter((size) => size === fileMb * 2 ** 20).length,
    };
  } finally {
    child.kill();
    await rm(project, { recursive: true, force: true });
  }
}

/** The text with its sidebar label set (replacing one in the front matter, or adding it). */
function relabel(text: string, label: string): string {
  if (!text.startsWith('---\n')) return `---\nsidebar_label: ${label}\n---\n${text}`;
  return /^sidebar_label:.*$/m.test(text)
    ? text.replace(/^sidebar_label:.*$/m, `sidebar_label: ${label}`)
    : text.replace(/^---\n/, `---\nsidebar_label: ${label}\n`);
}

async function listDocs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !entry.name.startsWith('_'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The download benchmark's rows: this version, and another checkout's when one was measured (BENCH_BEFORE). */
export function downloadSection(now: DownloadFigures, before?: DownloadFigures & { label: string }): string {
  const row = (label: string, f: DownloadFigures) =>
    `| ${label} | ${f.clients} × ${f.fileMb} MB | ${f.idleRssMb.toFixed(0)} MB | ${f.peakRssMb.toFixed(0)} MB | ${f.seconds.toFixed(1)} s | ${f.complete} of ${f.clients} |`;
  return `## egdocs serve --dir: many large downloads

\`egdocs serve --dir\` of a build holding a ${now.fileMb} MB file; ${now.clients} clients on loopback download it at once.
Memory is the server process's resident set, from /proc: before the downloads, and its peak (VmHWM).

| server | downloads | memory before | peak memory | time | complete |
|---|---|---|---|---|---|
${before ? `${row(before.label, before)}\n` : ''}${row('this version', now)}
`;
}

/** The benchmark's section of bench/RESULTS.md. */
export function serveSection(f: ServeFigures): string {
  return `## egdocs serve: save to reload

The real CLI (\`egdocs serve\`) on a copy of this site; a WebSocket client stands in for the open page. Each figure
is the time from writing the file to receiving the \`reload\` message. Target: under 100 ms for a content edit.

| edit | saves | save to reload | server's rebuild | rendered per save |
|---|---|---|---|---|
| body text of a doc (20 different docs) | ${f.body.length} | ${spread(f.body)} | ${spread(f.server)} | ${median(f.pagesRendered)} page, ${median(f.routesRendered)} route (median) |
| sidebar label of a doc (every doc page's sidebar changes) | ${f.title.length} | ${spread(f.title)} | | |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureServe();
  console.log(serveSection(figures));
  // BENCH_BEFORE=<another egdocs checkout, built> adds its figures beside this version's, here and below.
  const saves = await measureSavesInBrowser(process.env.BENCH_BEFORE);
  console.log(browserSection(saves));
  const before = process.env.BENCH_BEFORE
    ? { label: path.basename(process.env.BENCH_BEFORE), ...(await measureDownloads(process.env.BENCH_BEFORE)) }
    : undefined;
  const downloads = await measureDownloads();
  console.log(downloadSection(downloads, before));
  if (process.env.BENCH_RAW) console.log(JSON.stringify({ figures, saves, downloads, before }));
}
