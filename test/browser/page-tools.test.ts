// The foot of a doc in a real browser: "Edit this page" leads to the repository, no last-update time shows (SPEC.md;
// the eGrocer site leaves it off), and "Copy page as Markdown" puts the page's markdown copy on the clipboard and
// says so.
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, open } from './browser.ts';

const { test, h } = browserSuite('browser: edit link, no last update, copy page as markdown');

test('a doc shows its edit link and no last-update time', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const edit = page.getByRole('link', { name: 'Edit this page', exact: true });
  assert.is(
    await edit.getAttribute('href'),
    'https://github.com/WRTeam-in/egrocer-documentation/edit/main/content/docs/admin-panel/intro.md',
  );
  assert.is(await page.locator('.last-updated').count(), 0);
  await page.close();
});

test('Copy page as Markdown puts the markdown copy on the clipboard, announces it, and stays on the page', async () => {
  const context = await h.browser.newContext(DESKTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const expected = await page.evaluate(async () => (await fetch('index.md')).text());
  assert.match(expected, /^# Admin Panel Introduction\n/);
  await page.getByRole('link', { name: 'Copy page as Markdown' }).click();
  await page.locator('.copy-page[data-state="copied"]').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), expected);
  await page.locator('#__egdocs-announcer', { hasText: 'Copied to clipboard' }).waitFor();
  assert.match(page.url(), /\/docs\/admin-panel\/intro\/$/);
  await context.close();
});

test('without scripts the copy link opens the markdown copy', async () => {
  const context = await h.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  await page.getByRole('link', { name: 'Copy page as Markdown' }).click();
  await page.waitForURL(/\/docs\/admin-panel\/intro\/index\.md$/);
  assert.match((await page.textContent('body')) ?? '', /^# Admin Panel Introduction/);
  await context.close();
});

test.run();
