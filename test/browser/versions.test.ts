// Docs versions in a real browser, on a small two-version site: the navbar's version dropdown by pointer and by
// keyboard, the version the reader chose remembered across a reload (the Docs link follows it), and an older
// version's banner linking to the page in the latest.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, hydrated, markWindow, open, problemsOf, smallSite, windowMarked } from './browser.ts';

const test = suite('browser: docs versions');

const FILES = {
  'docs/intro.md': '# Intro\n\nThe current version.\n',
  'docs/guide/setup.md': '# Setup\n\nCurrent setup.\n',
  'docs/guide/upgrade.md': '# Upgrade\n\nOnly in the current version.\n',
  'versioned/2.1/docs/intro.md': '---\nsidebar_position: 1\n---\n# Intro 2.1\n\nThe old version.\n',
  'versioned/2.1/docs/guide/setup.md': '# Setup 2.1\n\nOld setup.\n',
  'versioned/2.1/sidebars.json': JSON.stringify({ docs: ['intro', 'guide/setup'] }),
  'pages/about.md': '# About\n\nA page outside the docs.\n',
  // Without one, Chromium asks for /favicon.ico, and its 404 would be a console error.
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
};

const CONFIG = {
  favicon: 'img/favicon.svg',
  docs: {
    version: { name: 'current', label: '3.0', mainDocId: 'intro' },
    sidebars: { docs: ['intro', 'guide/setup', 'guide/upgrade'] },
    versions: [{ name: '2.1', label: '2.1.x', path: '2.1', banner: 'unmaintained' }],
  },
};

const site = smallSite(test, FILES, CONFIG);

/** The navbar's version dropdown button (its accessible name says what it is and shows the version being read). */
const versionButton = (page: Page) => page.locator('.navbar-inner').getByRole('button', { name: /^Docs version:/ });
const versionMenu = (page: Page) => page.locator('.navbar-inner .navbar-dropdown .dropdown-menu');

async function withPage(run: (page: Page, problems: string[]) => Promise<void>) {
  const context = await site.browser.newContext(DESKTOP);
  const page = await context.newPage();
  const problems = problemsOf(page);
  try {
    await run(page, problems);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
}

test('with the pointer, choosing a version opens the same page in it, by client navigation', async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/guide/setup/`);
    assert.is(await versionButton(page).getAttribute('aria-expanded'), 'false');
    assert.match((await versionButton(page).textContent()) ?? '', '3.0');
    await markWindow(page);
    await versionButton(page).click();
    assert.is(await versionButton(page).getAttribute('aria-expanded'), 'true');
    const links = versionMenu(page).getByRole('link');
    assert.equal(await links.allTextContents(), ['3.0', '2.1.x']);
    assert.is(await links.first().getAttribute('aria-current'), 'page');
    await versionMenu(page).getByRole('link', { name: '2.1.x' }).click();
    await page.waitForURL(`${site.base}docs/2.1/guide/setup/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup 2.1');
    assert.ok(await windowMarked(page), 'the page changed without a full load');
    assert.match((await versionButton(page).textContent()) ?? '', '2.1.x');
  });
});

test("a page a version does not have: its entry opens that version's first page", async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/guide/upgrade/`);
    await versionButton(page).click();
    const old = versionMenu(page).getByRole('link', { name: '2.1.x' });
    assert.is(await old.getAttribute('href'), '/base/docs/2.1/intro/');
    await old.click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Intro 2.1');
  });
});

test('with the keyboard: arrows open the menu and move through it, Enter chooses, Escape closes it', async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/guide/setup/`);
    await versionButton(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === '3.0');
    await page.keyboard.press('Escape');
    assert.is(await versionButton(page).getAttribute('aria-expanded'), 'false');
    assert.ok(await versionButton(page).evaluate((button) => button === document.activeElement), 'focus is back');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === '3.0');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === '2.1.x');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}docs/2.1/guide/setup/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup 2.1');
  });
});

test('the version chosen is remembered across a reload, and the Docs link follows it', async () => {
  await withPage(async (page) => {
    const docsLink = page.locator('.navbar-inner').getByRole('link', { name: 'Docs', exact: true });
    await open(page, `${site.base}about/`);
    assert.is(await docsLink.getAttribute('href'), '/base/docs/intro/');
    await open(page, `${site.base}docs/intro/`);
    await versionButton(page).click();
    await versionMenu(page).getByRole('link', { name: '2.1.x' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Intro 2.1');
    await open(page, `${site.base}about/`);
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(
      () => document.querySelector('.navbar-inner a.navbar-link')?.getAttribute('href') === '/base/docs/2.1/intro/',
    );
    assert.is(await docsLink.getAttribute('href'), '/base/docs/2.1/intro/');
    assert.is(await page.evaluate(() => localStorage.getItem('egdocs-docs-preferred-version-default')), '2.1');
  });
});

test("an older version's banner names it and links to the same page in the latest, which then is remembered", async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/2.1/guide/setup/`);
    const banner = page.locator('#main').getByRole('note').filter({ hasText: 'This is documentation for 2.1.x' });
    assert.match((await banner.textContent()) ?? '', 'which is no longer actively maintained');
    await banner.getByRole('link', { name: 'the latest version (3.0)' }).click();
    await page.waitForURL(`${site.base}docs/guide/setup/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup');
    assert.is(await page.locator('#main .version-banner').count(), 0);
    await page.waitForFunction(() => localStorage.getItem('egdocs-docs-preferred-version-default') === 'current');
  });
});

test("the banner's comparison link shows what changed, and the upgrade page lists the page; no axe violation", async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/2.1/guide/setup/`);
    await markWindow(page);
    await page.locator('#main .version-banner').getByRole('link', { name: 'What changed on this page in 3.0' }).click();
    await page.waitForURL(`${site.base}docs/2.1/changes/guide/setup/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup: what changed in 3.0');
    assert.ok(await windowMarked(page), 'the comparison opens by client navigation');
    assert.is(await page.locator('#main del').first().textContent(), 'Old setup.');
    assert.is(await page.locator('#main ins').first().textContent(), 'Current setup.');
    await page.addScriptTag({
      content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
    });
    const axe = `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => v.id + ' at ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`;
    assert.equal(await page.evaluate(axe), []);
    await page.getByRole('link', { name: 'Every page that changed' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Upgrading from 2.1.x to 3.0');
    const row = page.locator('#main table tbody tr').filter({ hasText: 'Setup' });
    assert.is(await row.getByRole('link').getAttribute('href'), '/base/docs/2.1/changes/guide/setup/');
    assert.equal(await page.evaluate(axe), []);
  });
});

test("an older version's search box suggests its pages, and Enter opens the search page in that version", async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/2.1/guide/setup/`);
    const box = page.locator('.navbar-inner').getByRole('combobox', { name: 'Search' });
    await box.fill('setup');
    const suggestion = page.locator('.navbar-inner').getByRole('option').first();
    await suggestion.waitFor();
    assert.match((await suggestion.textContent()) ?? '', 'Setup 2.1');
    await box.press('Enter');
    await page.waitForURL(`${site.base}search/?q=setup&version=2.1`);
    const note = page.locator('.search-scope');
    await note.waitFor();
    assert.is(await note.textContent(), 'The results are from the documentation of 2.1.x.');
    await page.getByRole('heading', { level: 2, name: 'Setup 2.1' }).waitFor();
    assert.is(await page.getByRole('heading', { level: 2, name: 'Setup', exact: true }).count(), 0);
  });
});

test('a comparison page is of the older version: the dropdown names it', async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/2.1/changes/guide/setup/`);
    assert.is(await versionButton(page).textContent(), 'Docs version: 2.1.x');
  });
});

test("the 404 page of a missing page under an older version's path leads to that version's docs", async () => {
  await withPage(async (page, problems) => {
    await open(page, `${site.base}docs/2.1/no-such-page/`);
    const docs = page.locator('#main').getByRole('link', { name: 'documentation' });
    await page.waitForFunction(() => document.querySelector('#main a[href$="/docs/2.1/intro/"]') !== null);
    assert.is(await docs.getAttribute('href'), '/base/docs/2.1/intro/');
    // The page's own request is the 404 the test asked for.
    problems.splice(0, problems.length, ...problems.filter((p) => !/404/.test(p)));
  });
});

test('on a phone the version menu is in the drawer, not the top bar, and choosing a version opens its page', async () => {
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = problemsOf(page);
  try {
    await open(page, `${site.base}docs/guide/setup/`);
    assert.not.ok(await versionButton(page).isVisible(), 'no version menu in the top bar');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('button', { name: /^Docs version:/ }).click();
    await drawer.getByRole('link', { name: '2.1.x' }).click();
    await page.waitForURL(`${site.base}docs/2.1/guide/setup/`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Setup 2.1');
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test("an older version's page, with the banner and the dropdown open, has no axe violation", async () => {
  await withPage(async (page) => {
    await open(page, `${site.base}docs/2.1/guide/setup/`);
    await versionButton(page).click();
    await page.addScriptTag({
      content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
    });
    // Code passed as a string: the test runner's compiled helpers do not exist in the page.
    const found = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => v.id + ' at ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
    assert.equal(found, []);
  });
});

test.run();
