// colorMode.respectPrefersColorScheme in a real browser: the page follows the system's mode before its first paint
// until the reader chooses one with the switch; without the setting, the site's default mode holds whatever the system.
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { type Browser, chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MemoryWriter } from '../../src/output/writer.ts';
import { listen, staticHandler } from '../../src/serve/static.ts';
import { mapSource } from '../../src/serve/sources.ts';
import { buildFromMap } from '../helpers.ts';
import { CHROMIUM_ARGS, open } from './browser.ts';

const test = suite('browser: the system colour scheme');

const FILES = {
  'docs/intro.md': '# Intro\n\nHello.\n',
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
};

let browser: Browser;
const servers: http.Server[] = [];
const bases: Record<'follows' | 'fixed', string> = { follows: '', fixed: '' };

test.before(async () => {
  for (const key of ['follows', 'fixed'] as const) {
    const colorMode = { defaultMode: 'dark', respectPrefersColorScheme: key === 'follows' };
    const result = await buildFromMap(FILES, { favicon: 'img/favicon.svg', colorMode });
    const memory = new MemoryWriter();
    await memory.write(result.files);
    const { server } = await listen(staticHandler(mapSource(memory.files), '/base/'), '127.0.0.1', 0);
    servers.push(server);
    bases[key] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
});

test.after(async () => {
  await browser?.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** The mode of the page's first paint (read when its markup is parsed, before the client runs), and after. */
async function modes(site: keyof typeof bases, system: 'light' | 'dark', stored?: string) {
  const context = await browser.newContext({ colorScheme: system });
  if (stored) await context.addInitScript((mode) => localStorage.setItem('egdocs-theme', mode), stored);
  const page = await context.newPage();
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { first: string }).first = document.documentElement.dataset.theme ?? '';
    }),
  );
  await open(page, `${bases[site]}docs/intro/`);
  const first = await page.evaluate(() => (window as unknown as { first: string }).first);
  await context.close();
  return first;
}

test('with respectPrefersColorScheme the first paint follows the system, in either mode', async () => {
  assert.is(await modes('follows', 'light'), 'light');
  assert.is(await modes('follows', 'dark'), 'dark');
});

test("the reader's own choice wins over the system", async () => {
  assert.is(await modes('follows', 'light', 'dark'), 'dark');
});

test("without it the site's default mode holds whatever the system prefers", async () => {
  assert.is(await modes('fixed', 'light'), 'dark');
});

test.run();
