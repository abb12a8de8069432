// The writer's loop in Chromium: a long doc page open in `egdocs serve`, scrolled down 1,500 px; a paragraph appended
// to its file; the time from the write to the new text on screen, and whether the reader is still where they were.
// Beside it, in the same run, the old Docusaurus site's dev server (`docusaurus start`, /tmp/oldsite) under the same
// edits, when that site is there.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/browser/browser.ts';
import { copyOfSite, startServe } from './serve-process.ts';
import { median } from './stats.ts';

/** How far down the page the reader is when they save. */
const SCROLL_Y = 1500;
const SAVES = 8;
/** Where the old site lives, with its node_modules installed. */
export const OLD_SITE = '/tmp/oldsite';
/** The doc edited: long, and in both sites. */
const DOC = 'docs/changelog/version-history';

/** One dev server's saves. */
export interface BrowserSaves {
  server: string;
  /** Each save's time from the write to the new text on screen (the frame after it entered the DOM), in ms. */
  visible: number[];
  /** Whether each save left the reader at their place: on the frame the text showed and once the page settled. */
  kept: boolean[];
  /** How many saves loaded the page again (a fresh window) rather than changing it in place. */
  reloads: number;
}

/**
 * In every document of the page, from its start: once the text in sessionStorage's `bench-marker` is in the DOM,
 * the time of the frame after (performance.timeOrigin-based, as in node) and the scroll position then. A string:
 * a function would be sent as tsx compiled it, with helpers the page does not have.
 */
const RECORDER = `new MutationObserver(() => {
  const marker = sessionStorage.getItem('bench-marker');
  if (!marker || sessionStorage.getItem('bench-seen') || !document.body?.textContent?.includes(marker)) return;
  sessionStorage.setItem('bench-seen', 'pending');
  // The frame that has the text: rAF runs just before it is painted, the task after it once it is.
  requestAnimationFrame(() => setTimeout(() =>
    sessionStorage.setItem('bench-seen', JSON.stringify({ at: performance.timeOrigin + performance.now(), y: scrollY }))));
}).observe(document, { childList: true, subtree: true, characterData: true });`;

/** Waits until the page has painted twice and had an idle moment (a reload's hydration and scroll restore done). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (let i = 0; i < 3; i++)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 })),
          ),
        ),
    );
}

/** Opens `url`, scrolls down, and saves `file` SAVES times with a paragraph appended; `file` is restored after. */
async function timeSaves(browser: Browser, server: string, url: string, file: string): Promise<BrowserSaves> {
  const original = await readFile(file, 'utf8');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  const figures: BrowserSaves = { server, visible: [], kept: [], reloads: 0 };
  try {
    await page.goto(url);
    await page.waitForFunction((y) => document.documentElement.scrollHeight > y + 1600, SCROLL_Y, { timeout: 60_000 });
    await settle(page);
    for (let i = 0; i < SAVES; i++) {
      const marker = `Edited for the benchmark in round ${i} of ${Date.now().toString(36)}.`;
      await page.evaluate(
        ({ marker, y }) => {
          sessionStorage.removeItem('bench-seen');
          sessionStorage.setItem('bench-marker', marker);
          (window as unknown as { benchWindow: boolean }).benchWindow = true;
          window.scrollTo(0, y);
        },
        { marker, y: SCROLL_Y },
      );
      await page.waitForFunction((y) => Math.abs(scrollY - y) < 2, SCROLL_Y);
      const written = performance.timeOrigin + performance.now();
      await writeFile(file, `${original.trimEnd()}\n\n${marker}\n`);
      const seen = await page.waitForFunction(
        () => {
          const text = sessionStorage.getItem('bench-seen');
          return text && text !== 'pending' ? text : undefined;
        },
        undefined,
        { timeout: 30_000 },
      );
      const { at, y } = JSON.parse((await seen.jsonValue()) as string) as { at: number; y: number };
      await settle(page);
      const after = await page.evaluate(() => ({
        y: scrollY,
        same: (window as unknown as { benchWindow?: boolean }).benchWindow === true,
      }));
      if (process.env.BENCH_VERBOSE)
        console.error(
          `${server}, save ${i}: ${(at - written).toFixed(0)} ms, y on the frame ${y}, settled ${after.y}, same window ${after.same}`,
        );
      figures.visible.push(at - written);
      figures.kept.push(Math.abs(y - SCROLL_Y) < 5 && Math.abs(after.y - SCROLL_Y) < 5);
      if (!after.same) figures.reloads++;
      // Past the watchers' throttles of a file saved twice in a row (chokidar's 50 ms), as between a writer's saves.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return figures;
  } finally {
    await context.close();
    await writeFile(file, original);
  }
}

/** egdocs serve on a copy of this site. `bin` is the egdocs checkout to run. */
export async function egdocsSaves(browser: Browser, bin?: string, label = 'egdocs serve'): Promise<BrowserSaves> {
  const project = await copyOfSite();
  try {
    const serving = await startServe(project, bin);
    try {
      return await timeSaves(browser, label, `${serving.url}${DOC}/`, path.join(project, 'content', `${DOC}.md`));
    } finally {
      serving.stop();
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

/** The old site's `docusaurus start`, or undefined when /tmp/oldsite is not there. */
export async function docusaurusSaves(browser: Browser): Promise<BrowserSaves | undefined> {
  if (!existsSync(path.join(OLD_SITE, 'node_modules/.bin/docusaurus'))) return undefined;
  const port = 3000 + Math.floor(Math.random() * 1000);
  // A process group of its own: npx starts docusaurus, which starts webpack's workers; all of them stop together.
  const child = spawn('npx', ['docusaurus', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: OLD_SITE,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    const url = `http://127.0.0.1:${port}/egrocer-documentation/${DOC}`;
    await answering(url, child, () => output);
    return await timeSaves(browser, 'docusaurus start (old site)', url, path.join(OLD_SITE, `${DOC}.md`));
  } finally {
    stopGroup(child);
  }
}

/** Resolves once `url` answers 200 (a dev server's first compile takes a while); fails if the process ends first. */
async function answering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the old site's dev server exited:\n${output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the old site's dev server did not answer in 5 minutes:\n${output()}`);
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill();
  }
}

/** The rows, and why the old site has none when it has none. */
export interface BrowserFigures {
  rows: BrowserSaves[];
  oldSiteSkipped?: string;
}

/**
 * egdocs (and, when given, an older checkout of it) and the old site, in one browser. BENCH_NO_OLD_SITE=1 leaves the
 * old site out (its first compile takes a while).
 */
export async function measureSavesInBrowser(before?: string): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const rows: BrowserSaves[] = [];
    if (before) rows.push(await egdocsSaves(browser, before, `egdocs serve (${path.basename(before)})`));
    rows.push(await egdocsSaves(browser));
    if (process.env.BENCH_NO_OLD_SITE) return { rows, oldSiteSkipped: 'BENCH_NO_OLD_SITE is set' };
    const old = await docusaurusSaves(browser);
    if (!old) return { rows, oldSiteSkipped: `${OLD_SITE} is not there` };
    return { rows: [...rows, old] };
  } finally {
    await browser.close();
  }
}

/** The benchmark's section of bench/RESULTS.md. */
export function browserSection({ rows, oldSiteSkipped }: BrowserFigures): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const row = (r: BrowserSaves) =>
    `| ${r.server} | ${r.visible.length} | ${ms(median(r.visible))} (${ms(Math.min(...r.visible))}–${ms(Math.max(...r.visible))}) | ${r.kept.filter(Boolean).length} of ${r.kept.length} | ${r.reloads} |`;
  return `## The writer's loop in Chromium: save to text on screen

A long doc page (\`${DOC}\`) open in Chromium, scrolled ${SCROLL_Y} px down; a paragraph appended to its file, ${SAVES}
times. Each figure is the time from the write to the frame after the new text entered the DOM; the scroll is kept
when the reader is still at ${SCROLL_Y} px on that frame and once the page has settled. Target: under 100 ms, the
scroll kept on every save.

| dev server | saves | save to text on screen, median (range) | scroll kept | page reloads |
|---|---|---|---|---|
${rows.map(row).join('\n')}
${oldSiteSkipped ? `\nThe old site was not measured: ${oldSiteSkipped}.\n` : ''}`;
}

// `node --import tsx bench/serve-browser.ts`: this section alone (BENCH_BEFORE as for bench:serve).
if (import.meta.url === `file://${process.argv[1]}`)
  console.log(browserSection(await measureSavesInBrowser(process.env.BENCH_BEFORE)));
