// Shared setup for browser tests: the real site built in memory, served on loopback like a static host,
// and Debian's Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite, type Test } from 'uvu';
import { buildSiteFiles } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { listen, staticHandler } from '../../src/serve/static.ts';
import { mapSource } from '../../src/serve/sources.ts';
import type { BuildResult, Config } from '../../src/shared/model/types.ts';
import { buildFromMap, ROOT } from '../helpers.ts';
import { relativeLuminance } from '../../src/shared/config/theme.ts';

export interface Harness {
  browser: Browser;
  server: http.Server;
  /** http://127.0.0.1:<port>/egrocer-documentation/ */
  base: string;
  result: BuildResult;
  close(): Promise<void>;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** A desktop viewport, well above the 996 px breakpoint. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

// The site as configured is built once per test process, however many suites serve it.
let defaultBuild: Promise<{ config: Config; result: BuildResult }> | undefined;

async function build(configure?: (config: Config) => Config): Promise<{ config: Config; result: BuildResult }> {
  const load = async () => {
    const loaded = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
    const config = configure ? configure(loaded) : loaded;
    return { config, result: await buildSiteFiles({ config }) };
  };
  if (configure) return load();
  defaultBuild ??= load();
  return defaultBuild;
}

/** Builds the site (its config changed by `configure`, if given), serves it on 127.0.0.1 and starts Chromium. */
export async function startHarness(configure?: (config: Config) => Config): Promise<Harness> {
  const { config, result } = await build(configure);
  const served = await serveBuild(result, config.baseUrl);
  const browser = await launchChromium();
  return {
    browser,
    server: served.server,
    base: served.base,
    result,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/** Debian's Chromium as every browser suite runs it (CHROMIUM_PATH names another binary). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A built site served on loopback under `baseUrl`, as a static host serves it: its base URL, and how to stop it. */
export async function serveBuild(
  result: Pick<BuildResult, 'files'>,
  baseUrl: string,
): Promise<{ base: string; server: http.Server; close(): Promise<void> }> {
  const memory = new MemoryWriter();
  await memory.write(result.files);
  const { server } = await listen(staticHandler(mapSource(memory.files), baseUrl), '127.0.0.1', 0);
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${baseUrl}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A small site built from a file map of content/ (test/helpers.ts: buildFromMap), served under /base/. */
export async function serveFiles(
  files: Record<string, string | Uint8Array>,
  config: Record<string, unknown> = {},
): Promise<{ base: string; close(): Promise<void> }> {
  return serveBuild(await buildFromMap(files, config), '/base/');
}

/** A suite whose tests get the served site and Chromium in `h` (started before the first test, closed after the last). */
export function browserSuite(name: string, configure?: (config: Config) => Config): { test: Test; h: Harness } {
  const test = suite(name);
  const h = {} as Harness;
  test.before(async () => {
    Object.assign(h, await startHarness(configure));
  });
  test.after(async () => {
    await h.close();
  });
  return { test, h };
}

/** Waits until React has hydrated the page (the client marks its root). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#__egdocs')?.hasAttribute('data-hydrated'));
}

/** Opens a path of the site and waits for hydration. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/**
 * Resolves once the page has painted twice and then had an idle moment: what it scheduled after load or after the
 * last action (effects, observers, idle-time prefetching) has had its turn. For asserting that something did not
 * happen, where there is no event to wait for.
 */
export async function settled(page: Page, rounds = 1): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 3000 })),
          ),
        ),
    );
  }
}

/** Collects console errors and warnings and uncaught exceptions of a page. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on(
    'console',
    (message) =>
      (message.type() === 'error' || message.type() === 'warning') &&
      problems.push(`${message.type()}: ${message.text()}`),
  );
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Sets a marker on `window` that only survives client navigation (a full page load starts a fresh window). */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __egdocsMarker: boolean }).__egdocsMarker = true));
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __egdocsMarker?: boolean }).__egdocsMarker === true);
}

/** Relative luminance of a CSS rgb() colour (0 black .. 1 white). */
export function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
  return relativeLuminance(r, g, b);
}

/**
 * For a suite of one small site: it is built from `files` and served, and Chromium started, before the suite's first
 * test; both are closed after its last. The returned object holds them once the suite runs.
 */
export function smallSite(
  test: Test,
  files: Record<string, string | Uint8Array>,
  config: Record<string, unknown> = {},
): { browser: Browser; base: string } {
  const running = {} as { browser: Browser; base: string; close?: () => Promise<void> };
  test.before(async () => {
    const site = await serveFiles(files, config);
    Object.assign(running, { base: site.base, close: site.close, browser: await launchChromium() });
  });
  test.after(async () => {
    await running.browser?.close();
    await running.close?.();
  });
  return running;
}
