// Shared setup for browser tests: the real site built in memory, served on loopback like a static host,
// and Debian's Chromium driven by playwright-core.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildSiteFiles } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { MemoryWriter } from '../../src/output/writer.ts';
import { listen, mapSource, staticHandler } from '../../src/serve/static.ts';
import { ROOT } from '../helpers.ts';

export interface Harness {
  browser: Browser;
  server: http.Server;
  /** http://127.0.0.1:<port>/egrocer-documentation/ */
  base: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const config = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
  const result = await buildSiteFiles({ config });
  const memory = new MemoryWriter();
  await memory.write(result.files);
  const { server } = await listen(staticHandler(mapSource(memory.files), config.baseUrl), '127.0.0.1', 0);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  return {
    browser,
    server,
    base: `http://127.0.0.1:${port}${config.baseUrl}`,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Relative luminance of a CSS rgb() colour (0 black .. 1 white). */
export function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
