// Shared setup for browser tests: the real site built in memory, served on loopback like a static host,
// and Debian's Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildSiteFiles } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { listen, mapSource, staticHandler } from '../../src/serve/static.ts';
import type { BuildResult, Config } from '../../src/types.ts';
import { ROOT } from '../helpers.ts';

export interface Harness {
  browser: Browser;
  server: http.Server;
  /** http://127.0.0.1:<port>/egrocer-documentation/ */
  base: string;
  result: BuildResult;
  close(): Promise<void>;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** Builds the site (its config changed by `configure`, if given), serves it on 127.0.0.1 and starts Chromium. */
export async function startHarness(configure: (config: Config) => Config = (config) => config): Promise<Harness> {
  const config = configure(await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') }));
  const result = await buildSiteFiles({ config });
  const memory = new MemoryWriter();
  await memory.write(result.files);
  const { server } = await listen(staticHandler(mapSource(memory.files), config.baseUrl), '127.0.0.1', 0);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    browser,
    server,
    base: `http://127.0.0.1:${port}${config.baseUrl}`,
    result,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
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

/** Collects console errors and warnings and uncaught exceptions of a page. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => (message.type() === 'error' || message.type() === 'warning') && problems.push(`${message.type()}: ${message.text()}`));
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
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
