// The foot of a doc in a real browser: "Edit this page" leads to the repository, "Last updated" shows a date from
// git (without its author: the eGrocer site leaves that off), and "Copy page as Markdown" puts the page's markdown copy on the clipboard and says so.
import { execFile } from 'node:child_process';
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, open } from './browser.ts';

const { test, h } = browserSuite('browser: edit link, last updated, copy page as markdown');

test('a doc shows its edit link and when it was last updated', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const edit = page.getByRole('link', { name: 'Edit this page', exact: true });
  assert.is(
    await edit.getAttribute('href'),
    'https://github.com/WRTeam-in/egrocer-documentation/edit/main/content/docs/admin-panel/intro.md',
  );
  // A shallow clone (CI's usual checkout) or a copy without git has no true dates: then none is shown.
  const full = await new Promise<boolean>((resolve) =>
    execFile('git', ['rev-parse', '--is-shallow-repository'], (error, stdout) =>
      resolve(!error && stdout.trim() === 'false'),
    ),
  );
  if (!full) {
    assert.is(await page.locator('.last-updated').count(), 0);
    return page.close();
  }
  const time = page.locator('.last-updated time');
  assert.match((await time.getAttribute('datetime')) ?? '', /^\d{4}-\d{2}-\d{2}$/);
  assert.match((await page.locator('.last-updated').textContent()) ?? '', /^Last updated on \w{3} \d{1,2}, \d{4}$/);
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
