// Client navigation in a real browser: links render the next route from its payload without a document load,
// scroll goes to the top or the hash target, history restores positions, failures fall back to a full load,
// the progress bar shows only for slow routes, and a crash shows the crash page.
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, hydrated, markWindow, open, problemsOf, settled, windowMarked } from './browser.ts';

const { test, h } = browserSuite('browser: client navigation');

test('a sidebar link renders the next doc without a page load: URL, title, h1, sidebar state and scroll follow', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  await markWindow(page);
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  await sidebar.getByRole('button', { name: 'Website' }).click();
  await page.mouse.wheel(0, 400);
  await sidebar.getByRole('link', { name: 'Server Requirements' }).click();
  await page.waitForURL(`${h.base}docs/admin-panel/server-requirements/`);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Server Requirements');
  assert.ok(await windowMarked(page), 'no document load');
  assert.is(await page.title(), 'Server Requirements | eGrocer Documentation');
  assert.is(await page.evaluate(() => window.scrollY), 0);
  assert.is(
    await sidebar.getByRole('button', { name: 'Website' }).getAttribute('aria-expanded'),
    'true',
    'an opened category stays open',
  );
  assert.is(await sidebar.getByRole('link', { name: 'Server Requirements' }).getAttribute('aria-current'), 'page');
  // Into a category that was collapsed: it opens, the others keep their state.
  await page.goto(`${h.base}docs/admin-panel/intro/`);
  await hydrated(page);
  await markWindow(page);
  await page.getByRole('link', { name: /^Next/ }).click();
  await page.waitForFunction(
    () => document.querySelector('h1')?.textContent !== 'Admin Panel Introduction' && document.title.includes('|'),
  );
  assert.ok(await windowMarked(page));
  assert.equal(problems, []);
  await page.close();
});

test('a link with a hash scrolls to its target; back and forward restore the scroll position', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/tutorial-extras/translate-your-site/`);
  await markWindow(page);
  const link = page.locator('main a[href$="/docs/features/key-features/#multiple-languages"]').first();
  await link.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await link.click();
  await page.waitForURL(/key-features\/#multiple-languages$/);
  await page.waitForFunction(() => {
    const target = document.getElementById('multiple-languages');
    return !!target && Math.abs(target.getBoundingClientRect().top - 72) < 40;
  });
  assert.ok(await windowMarked(page));
  await page.goBack();
  await page.waitForFunction(() => document.title.startsWith('Translation'));
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, before);
  await page.goForward();
  await page.waitForFunction(() => document.title.startsWith('Key Features') || document.title.includes('Features'));
  await page.waitForFunction(
    () => Math.abs((document.getElementById('multiple-languages')?.getBoundingClientRect().top ?? 999) - 72) < 40,
  );
  assert.ok(await windowMarked(page), 'history stays in the app');
  await page.close();
});

test('payloads are fetched when a link is hovered and when links scroll into view, but not with data-saver on', async () => {
  const requests = async (saveData: boolean) => {
    const context = await h.browser.newContext(DESKTOP);
    if (saveData)
      await context.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
      );
    const page = await context.newPage();
    const seen: string[] = [];
    page.on(
      'request',
      (request) => request.url().endsWith('page-data.json') && seen.push(new URL(request.url()).pathname),
    );
    // Resolves once the payload of `name` has been asked for (it may have been already).
    const requested = (name: string) =>
      new Promise<void>((resolve) => {
        const hit = (url: string) => url.endsWith(`${name}/page-data.json`);
        if (seen.some(hit)) resolve();
        page.on('request', (request) => hit(request.url()) && resolve());
      });
    // Idle-time preloading of links in view: the request itself, or, with data-saver, the page's idle moments passing.
    const preloaded = saveData ? undefined : requested('server-requirements');
    await open(page, `${h.base}docs/admin-panel/intro/`);
    await (preloaded ?? settled(page, 4));
    const inView = [...seen];
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('button', { name: 'Changelog' }).click();
    const link = page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Version History' });
    await link.hover();
    await (saveData ? settled(page, 2) : requested('version-history'));
    await context.close();
    return { inView, all: seen };
  };
  const normal = await requests(false);
  assert.ok(
    normal.inView.includes('/egrocer-documentation/docs/admin-panel/server-requirements/page-data.json'),
    `preloaded in view: ${normal.inView.join(', ')}`,
  );
  assert.ok(
    normal.all.includes('/egrocer-documentation/docs/changelog/version-history/page-data.json'),
    'prefetched on hover',
  );
  const saver = await requests(true);
  assert.equal(saver.all, [], 'nothing fetched ahead with data-saver');
});

test('a prefetched route renders at once; a route whose payload cannot load falls back to a full page load', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await page.route('**/server-setup/page-data.json', (route) => route.abort());
  await open(page, `${h.base}docs/admin-panel/intro/`);
  await markWindow(page);
  await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Server Setup' }).click();
  await page.waitForURL(`${h.base}docs/admin-panel/server-setup/`);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Server'));
  await hydrated(page);
  assert.not.ok(await windowMarked(page), 'the document was loaded for real');
  assert.match(await page.title(), /Server Setup/);
  await page.close();
});

test('a link to a path that is no route shows the not-found page', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/egrocer-documentation/docs/no-such-page/';
    a.textContent = 'gone';
    a.id = 'gone';
    document.querySelector('main')!.append(a);
  });
  await page.click('#gone');
  await page.waitForURL(`${h.base}docs/no-such-page/`);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page Not Found');
  await page.close();
});

test('page.html and page/index.html show the page, even where the host answers with the 404 page', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const response = await page.goto(`${h.base}docs/admin-panel/server-requirements.html`);
  assert.is(response?.status(), 404, 'the static host does not know this path');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Server Requirements');
  assert.is(page.url(), `${h.base}docs/admin-panel/server-requirements/`);
  assert.is(await page.title(), 'Server Requirements | eGrocer Documentation');
  await page.goto(`${h.base}docs/admin-panel/server-requirements/index.html`);
  assert.is(await page.locator('h1').textContent(), 'Server Requirements');
  await page.goto(`${h.base}docs/nothing-here.html`);
  await hydrated(page);
  await settled(page);
  assert.is(await page.locator('h1').textContent(), 'Page Not Found');
  await page.close();
});

test('the progress bar appears only for a route change slower than 200 ms, and goes once it renders', async () => {
  const page = await h.browser.newPage(DESKTOP);
  // The slow route: preloading it fails (so nothing is cached), and once `slow` is set its payload is held until the
  // test has seen the bar, so "slow" is an event, not a length of time.
  let slow = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/gemini-config/page-data.json', async (route) => {
    if (!slow) return route.abort();
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __progressSeen: boolean };
    w.__progressSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"]')) w.__progressSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  // Fast: a prefetched payload renders within the delay, so no bar.
  // (It may already be preloaded, being in view; hovering makes sure.)
  await sidebar.getByRole('link', { name: 'Create a Subdomain' }).hover();
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some(
        (entry) =>
          entry.name.endsWith('create-subdomain/page-data.json') &&
          (entry as PerformanceResourceTiming).responseEnd > 0,
      ),
  );
  await sidebar.getByRole('link', { name: 'Create a Subdomain' }).click();
  await page.waitForFunction(() => document.title.startsWith('Create'));
  // Rendering cancels the bar's timer: had it appeared, the observer would have seen it by now.
  assert.is(
    await page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen),
    false,
    'no bar for a fast route',
  );
  // Slow: the payload arrives only after the bar has shown.
  await sidebar.getByRole('button', { name: 'Flutter Partner App' }).click();
  // Its link is now in view: let idle-time preloading try it (and fail) before the route turns slow.
  await sidebar.getByRole('link', { name: /Gemini/ }).waitFor();
  await settled(page, 2);
  slow = true;
  const started = Date.now();
  await sidebar.getByRole('link', { name: /Gemini/ }).click();
  const bar = page.getByRole('progressbar');
  await bar.waitFor({ state: 'attached' });
  assert.ok(Date.now() - started >= 180, 'not before the 200 ms delay');
  const box = await bar.boundingBox();
  assert.ok(box && box.y === 0 && box.height <= 12, 'a thin bar at the top');
  release();
  await page.waitForFunction(() => document.title.includes('Gemini'));
  await bar.waitFor({ state: 'detached', timeout: 2000 });
  await page.close();
});

test('a template crash shows the crash page with the error and its title; Try again renders the page', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  let calls = 0;
  // A payload from another build whose shape the templates do not expect, once; the next load is the real one.
  await page.route('**/email-settings/page-data.json', async (route) => {
    calls++;
    if (calls > 1) return route.continue();
    const response = await route.fetch();
    const payload = await response.json();
    payload.route.data.breadcrumbs = null;
    await route.fulfill({ response, json: payload });
  });
  await open(page, `${h.base}docs/admin-panel/intro/`);
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Email (SMTP) Settings' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
  await page.waitForFunction(() => document.title === 'Page Error');
  assert.match((await page.getByRole('alert').textContent()) ?? '', /breadcrumbs|null/);
  assert.ok(await page.getByRole('link', { name: 'Documentation' }).first().isVisible(), 'the navbar is still there');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Email (SMTP) Settings');
  assert.is(await page.title(), 'Email (SMTP) Settings | eGrocer Documentation');
  assert.ok(
    problems.some((p) => p.includes('breadcrumbs') || p.includes('null')),
    'React reports the crash in the console',
  );
  await page.close();
});

test.run();
