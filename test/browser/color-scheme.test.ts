// colorMode.respectPrefersColorScheme in a real browser: the page follows the system's mode before its first paint
// until the reader chooses one with the switch; without the setting, the site's default mode holds whatever the system.
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchChromium, open, serveFiles } from './browser.ts';

const test = suite('browser: the system colour scheme');

const FILES = {
  'docs/intro.md': '# Intro\n\nHello.\n',
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
};

let browser: Browser;
const sites: { close(): Promise<void> }[] = [];
const bases: Record<'follows' | 'fixed', string> = { follows: '', fixed: '' };

test.before(async () => {
  for (const key of ['follows', 'fixed'] as const) {
    const colorMode = { defaultMode: 'dark', respectPrefersColorScheme: key === 'follows' };
    const site = await serveFiles(FILES, { favicon: 'img/favicon.svg', colorMode });
    sites.push(site);
    bases[key] = site.base;
  }
  browser = await launchChromium();
});

test.after(async () => {
  await browser?.close();
  for (const site of sites) await site.close();
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
