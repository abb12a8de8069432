// The built site in a real browser: server-rendered content, hydration without errors, the sidebar (rows a finger
// can hit on a touch screen), the colour mode, the mobile menu and the not-found page.
import * as assert from 'uvu/assert';
import { browserSuite, hydrated, luminance } from './browser.ts';

const { test, h } = browserSuite('browser: pages');

test('a doc page has its h1 before any script runs, and hydrates without console errors', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto(`${h.base}docs/admin-panel/server-requirements/`);
  assert.is(await noJs.locator('h1').textContent(), 'Server Requirements');
  await context.close();

  const page = await h.browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  for (const path of [
    '',
    'docs/',
    'docs/admin-panel/server-setup/',
    'blog/',
    'blog/welcome/',
    'blog/tags/',
    'docs/tags/',
    'search/',
    'markdown-page/',
  ]) {
    await page.goto(h.base + path);
    await hydrated(page);
  }
  assert.equal(problems, []);
  await page.close();
});

test('a sidebar category expands in place without navigating; others stay as they were', async () => {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  await hydrated(page);
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  const admin = sidebar.getByRole('button', { name: 'Admin Panel' });
  const website = sidebar.getByRole('button', { name: 'Website' });
  assert.is(await admin.getAttribute('aria-expanded'), 'true');
  assert.is(await website.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await sidebar.getByRole('link', { name: 'Set Up Node.js' }).isVisible());
  await website.click();
  assert.is(await website.getAttribute('aria-expanded'), 'true');
  // A collapsed category's pages come with the sidebar's data file, which the first opening fetches: wait for them.
  const nodeLink = sidebar.getByRole('link', { name: 'Set Up Node.js' });
  await nodeLink.waitFor({ state: 'visible' });
  assert.ok(await nodeLink.isVisible());
  assert.is(await admin.getAttribute('aria-expanded'), 'true');
  assert.is(page.url(), `${h.base}docs/admin-panel/intro/`);
  await page.close();
});

test('sidebar rows are at least 40 px high on a touch screen, and stay as they were for a mouse', async () => {
  const heights = async (options: Parameters<typeof h.browser.newContext>[0], drawer: boolean) => {
    const context = await h.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${h.base}docs/admin-panel/intro/`);
    await hydrated(page);
    if (drawer) await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.getByRole('navigation', { name: drawer ? 'Docs menu' : 'Docs sidebar' });
    await sidebar.getByRole('link', { name: 'Server Requirements' }).waitFor();
    const rows = await sidebar
      .locator('.sidebar-link, .sidebar-category-button')
      .evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height).filter((height) => height > 0));
    await context.close();
    return rows;
  };
  const touch = await heights({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, true);
  assert.ok(touch.length > 10 && Math.min(...touch) >= 40, `touch: rows of ${Math.min(...touch)} px`);
  const mouse = await heights({ viewport: { width: 1280, height: 800 } }, false);
  assert.ok(Math.max(...mouse) < 36, `mouse: rows of ${Math.max(...mouse)} px`);
});

test('dark by default; the toggle switches to light, stores it, and a reload keeps it', async () => {
  const page = await h.browser.newPage();
  await page.goto(h.base);
  await hydrated(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.ok(luminance(await background()) < 0.2, 'dark by default');
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  assert.ok(luminance(await background()) > 0.45, 'light after the toggle');
  assert.match(await page.evaluate(() => Object.values(localStorage).join(' ')), 'light');
  await page.reload();
  assert.ok(luminance(await background()) > 0.45, 'light after a reload');
  // The head script sets the colours before the first paint; the toggle's label is React's, so it is right once the
  // page has hydrated, which starts only after that paint.
  await hydrated(page);
  assert.match(
    (await page.getByRole('button', { name: /Switch between dark and light mode/ }).getAttribute('aria-label')) ?? '',
    'currently light mode',
  );
  await page.close();
});

test('below 996 px the sidebar is not inline and the menu button opens the docs navigation', async () => {
  const page = await h.browser.newPage({ viewport: { width: 800, height: 900 } });
  await page.goto(`${h.base}docs/website/intro/`);
  await hydrated(page);
  assert.not.ok(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible());
  const menu = page.getByRole('button', { name: 'Toggle navigation bar' });
  assert.ok(await menu.isVisible());
  await menu.click();
  assert.is(await menu.getAttribute('aria-expanded'), 'true');
  assert.ok(
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: 'Flutter App' }).isVisible(),
  );
  await page.keyboard.press('Escape');
  assert.is(await menu.getAttribute('aria-expanded'), 'false');
  await page.setViewportSize({ width: 1200, height: 900 });
  assert.not.ok(await menu.isVisible());
  assert.ok(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible());
  await page.close();
});

test('Ctrl+K moves focus to the search box; Enter leads to the search page', async () => {
  const page = await h.browser.newPage();
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search' });
  assert.ok(await search.evaluate((el) => el === document.activeElement));
  await search.fill('firebase');
  await search.press('Enter');
  await page.waitForURL(/\/search\/\?q=firebase$/);
  // A client navigation: the address changes first, then the new page renders.
  await page.locator('h1', { hasText: 'Search the documentation' }).waitFor();
  await page.close();
});

test('an unknown path answers 404 with the site page, which links into the docs', async () => {
  const page = await h.browser.newPage();
  const response = await page.goto(`${h.base}no/such/page/`);
  assert.is(response?.status(), 404);
  assert.is(await page.locator('h1').textContent(), 'Page Not Found');
  // The docs' start: the first page of the first sidebar, the overview.
  assert.ok(await page.locator('main a[href="/egrocer-documentation/docs/"]').count());
  const redirect = await page.goto(`${h.base}docs/admin-panel/intro`);
  assert.is(redirect?.url(), `${h.base}docs/admin-panel/intro/`);
  await page.close();
});

test.run();
