// Tabs (`:::tabs platform` / `::tab Android` in markdown) in Chromium: grouped blocks switch together and the
// choice carries to the next page, the keyboard follows the WAI-ARIA tabs pattern, `?tab=` picks a tab, find in
// page reaches hidden panels, without scripts every panel is there to read, and code in a tab spans the panel.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP, open, problemsOf } from './browser.ts';

const { test, h } = browserSuite('browser: tabs');
const CUSTOMER = 'docs/flutter-app/app-configuration/';
const PARTNER = 'docs/flutter-partner-app/configuration/';

/** The label of the selected tab of each block on the page, and whether exactly its panel shows. */
function selected(page: Page) {
  return page.locator('.tabs').evaluateAll((blocks) =>
    blocks.map((block) => {
      const tab = block.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!;
      const shown = [...block.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')].filter(
        (panel) => panel.getBoundingClientRect().height > 0,
      );
      return shown.length === 1 && shown[0].id === tab.getAttribute('aria-controls') ? tab.textContent : 'mismatch';
    }),
  );
}

test('tabs of one group switch together, and the choice is kept on the next page and after a reload', async () => {
  const context = await h.browser.newContext(DESKTOP);
  const page = await context.newPage();
  const problems = problemsOf(page);
  await open(page, h.base + CUSTOMER);
  assert.equal(await selected(page), ['Android', 'Android']);
  await page.getByRole('tab', { name: 'iOS' }).first().click();
  assert.equal(await selected(page), ['iOS', 'iOS']);
  // Client navigation to another page with the same group, then a full load of it.
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: 'Partner app configuration' });
    document.querySelector('#main')!.append(link);
  }, h.base + PARTNER);
  await page.getByRole('link', { name: 'Partner app configuration' }).click();
  await page.waitForURL((url) => url.pathname.endsWith(PARTNER));
  await page.locator('.tabs').first().waitFor();
  await page.waitForFunction(() => document.querySelector('.tabs [aria-selected="true"]')?.textContent === 'iOS');
  assert.equal(await selected(page), ['iOS', 'iOS']);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.tabs [aria-selected="true"]')?.textContent === 'iOS');
  assert.equal(problems, []);
  await context.close();
});

test('the keyboard moves between tabs with the arrows, Home and End; Tab leaves for the panel', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, h.base + CUSTOMER);
  const list = page.getByRole('tablist').first();
  await list.getByRole('tab', { name: 'Android' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'iOS');
  assert.is(await list.getByRole('tab', { name: 'iOS' }).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('ArrowRight');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Android', 'the arrows wrap around');
  await page.keyboard.press('End');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'iOS');
  await page.keyboard.press('Home');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Android');
  // One tab stop for the list: Tab goes on to the selected panel.
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tabpanel');
  await page.close();
});

test('?tab=ios opens every block on iOS, over a stored choice', async () => {
  const context = await h.browser.newContext(DESKTOP);
  await context.addInitScript(() => localStorage.setItem('egdocs-tab-platform', 'android'));
  const page = await context.newPage();
  await open(page, `${h.base + CUSTOMER}?tab=ios`);
  await page.waitForFunction(() => document.querySelector('.tabs [aria-selected="true"]')?.textContent === 'iOS');
  assert.equal(await selected(page), ['iOS', 'iOS']);
  await context.close();
});

test('without scripts every panel shows under its label; pages without tabs never load their script', async () => {
  const context = await h.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(h.base + CUSTOMER);
  const panels = page.locator('.tab-panel');
  const count = await panels.count();
  assert.ok(count >= 4);
  for (let i = 0; i < count; i++) assert.ok(await panels.nth(i).isVisible(), `panel ${i} shows`);
  assert.ok(await page.locator('.tab-panel-label', { hasText: 'iOS' }).first().isVisible());
  assert.not.ok(await page.getByRole('tablist').first().isVisible(), 'no tabs that cannot switch');
  await context.close();

  const plain = await h.browser.newPage(DESKTOP);
  const scripts: string[] = [];
  plain.on('request', (request) => scripts.push(request.url()));
  await open(plain, `${h.base}docs/admin-panel/intro/`);
  assert.not.ok(
    scripts.some((url) => /\/tabs\.[^/]+\.js$/.test(url)),
    'the tabs script is not fetched',
  );
  await plain.close();
});

test('an address naming a hidden panel (or anything in it) opens that panel', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, h.base + PARTNER);
  const panel = page.locator('.tab-panel[data-tab="ios"]').first();
  assert.not.ok(await panel.isVisible());
  const code = panel.locator('code').first();
  const id = await panel.evaluate((element) => element.id);
  await page.evaluate((id) => (location.hash = id), id);
  await page.waitForFunction((id) => !document.getElementById(id)!.hasAttribute('hidden'), id);
  assert.ok(await code.isVisible());
  await page.close();
});

test("on a phone a tab's code spans the tabs' frame: not a box in a box", async () => {
  const page = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
  await open(page, `${h.base}docs/tutorial-extras/tabs-and-alerts/`);
  const widths = await page
    .locator('.tabs')
    .first()
    .evaluate((tabs) => {
      const block = [...tabs.querySelectorAll('.tab-panel > .code-block')].find(
        (b) => b.getBoundingClientRect().width > 0,
      )!;
      return {
        frame: tabs.clientWidth,
        block: block.getBoundingClientRect().width,
        code: block.querySelector('pre')!.clientWidth,
      };
    });
  assert.ok(widths.block >= widths.frame - 1, `the block is ${widths.block} px of the frame's ${widths.frame}`);
  assert.ok(widths.code >= widths.frame - 2, `the code has ${widths.code} px of the frame's ${widths.frame}`);
  await page.close();
});

test.run();
