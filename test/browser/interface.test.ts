// Interface states in a real browser (SPEC §4, §8): colour mode across tabs, announcement bar (one line on a phone),
// the mobile drawer, the table of contents, copy buttons (beside a code title), parts loaded on demand, unavailable
// storage, the preferred docs version.
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, hydrated, luminance, markWindow, open, problemsOf, windowMarked } from './browser.ts';

const { test, h } = browserSuite('browser: interface states');
const background = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('the colour mode chosen in one tab is followed by the other open tabs', async () => {
  const context = await h.browser.newContext(DESKTOP);
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first, `${h.base}docs/admin-panel/intro/`);
  await open(second, `${h.base}blog/`);
  assert.ok(luminance(await background(second)) < 0.2, 'dark by default');
  await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await second.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  assert.ok(luminance(await background(second)) > 0.45, 'the other tab is light');
  assert.match(
    (await second.getByRole('button', { name: /Switch between dark and light mode/ }).getAttribute('aria-label')) ?? '',
    'currently light',
  );
  await context.close();
});

test('the announcement bar closes, stays closed after a reload, and shows again for a new announcement', async () => {
  const context = await h.browser.newContext(DESKTOP);
  const page = await context.newPage();
  await open(page, h.base);
  const bar = page.getByRole('region', { name: 'Announcement' });
  assert.ok(await bar.isVisible());
  await bar.getByRole('button', { name: 'Close announcement' }).click();
  assert.not.ok(await bar.isVisible());
  await page.reload();
  assert.not.ok(await bar.isVisible(), 'hidden before hydration, by the head script');
  await hydrated(page);
  assert.not.ok(await bar.isVisible());
  // A different bar id (a new announcement) resets the dismissal.
  await page.evaluate(() =>
    Object.keys(localStorage).forEach(
      (key) => key.includes('announcement') && localStorage.setItem(key, 'an-older-announcement'),
    ),
  );
  await page.reload();
  await hydrated(page);
  assert.ok(await bar.isVisible());
  await context.close();
});

test('the mobile drawer traps focus, closes on Escape and on the backdrop, and gives focus back to the menu button', async () => {
  const page = await h.browser.newPage({ viewport: { width: 700, height: 900 } });
  await open(page, `${h.base}docs/website/intro/`);
  const menu = page.getByRole('button', { name: 'Toggle navigation bar' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  assert.ok(await drawer.getByRole('link', { name: 'Blog' }).isVisible(), 'navbar links are in the drawer');
  assert.ok(
    await drawer.getByRole('link', { name: 'Set Up Node.js' }).isVisible(),
    'the sidebar, with the current category open',
  );
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab');
    assert.ok(
      await drawer.evaluate((el) => el.contains(document.activeElement)),
      `focus stays in the drawer (step ${i})`,
    );
  }
  await page.keyboard.press('Escape');
  assert.is(await menu.getAttribute('aria-expanded'), 'false');
  assert.ok(await menu.evaluate((el) => el === document.activeElement), 'focus is back on the menu button');
  await menu.click();
  await page.mouse.click(690, 450); // the backdrop, right of the panel
  assert.not.ok(await drawer.isVisible());
  // A link in the drawer navigates in place and closes it.
  await menu.click();
  await drawer.getByRole('link', { name: 'Installation' }).first().click();
  await page.waitForFunction(() => location.pathname.endsWith('/website/installation/'));
  assert.not.ok(await drawer.isVisible());
  await page.close();
});

test('the table of contents highlights the section being read; on narrow screens it is a collapsed list', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/payment-gateway/`);
  const toc = page.locator('.doc-toc').getByRole('navigation', { name: 'On this page' });
  const ids = await toc.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice(1)));
  assert.ok(ids.length > 4);
  const isCurrent = (id: string) =>
    page.waitForFunction(
      (id) => document.querySelector(`.doc-toc a[aria-current="location"]`)?.getAttribute('href') === `#${id}`,
      id,
    );
  // A heading 150 px below the navbar, in the upper third of the screen, is the section being read.
  const target = ids[3];
  await page.evaluate((id) => {
    const navbar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
    window.scrollBy(0, document.getElementById(id)!.getBoundingClientRect().top - navbar - 150);
  }, target);
  await isCurrent(target);
  assert.is(await toc.locator('a[aria-current="location"]').count(), 1);
  // A TOC link makes its heading current, and the marker is not an underline.
  await toc.getByRole('link').nth(1).click();
  await isCurrent(ids[1]);
  const marked = toc.locator('a[aria-current="location"]');
  assert.is(await marked.evaluate((a) => getComputedStyle(a).textDecorationLine), 'none');
  await page.setViewportSize({ width: 700, height: 900 });
  assert.not.ok(await toc.isVisible(), 'the side TOC goes below 996 px');
  const button = page.getByRole('button', { name: 'On this page' });
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.is(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  const list = page.locator('#toc-collapsible-list');
  assert.ok(await list.isVisible());
  await list.getByRole('link').nth(2).click();
  assert.not.ok(await list.isVisible(), 'picking a section closes it');
  await page.close();
});

test('a code block copy button copies the code and says so; it is reachable by keyboard', async () => {
  const context = await h.browser.newContext(DESKTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await open(page, `${h.base}docs/admin-panel/php-ini-settings/`);
  const block = page.locator('.code-block').first();
  const code = await block.locator('pre code').evaluate((el) => el.textContent!.replace(/\n$/, ''));
  const button = block.getByRole('button', { name: 'Copy' });
  await button.focus();
  await page.keyboard.press('Enter');
  await block.getByRole('button', { name: 'Copied' }).waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), code);
  await block.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4000 });
  await context.close();
});

test('on a phone a long code title wraps beside the Copy button, never under it, even as Copy failed; both share a line', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
  // A browser that refuses the clipboard: the button shows its widest label. (Code as a string: the test runner's
  // compiled helpers do not exist in the page.)
  await context.addInitScript(
    "Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('refused')) } })",
  );
  const page = await context.newPage();
  await open(page, `${h.base}docs/flutter-app/installation/`);
  const block = page
    .locator('.code-block.has-title')
    .filter({ has: page.locator('.code-title', { hasText: 'gradle-wrapper.properties (eGrocer 3.0.0 to 3.0.2.1)' }) });
  await block.getByRole('button', { name: 'Copy' }).click();
  await block.getByRole('button', { name: 'Copy failed' }).waitFor();
  // Each title's lines of text against its button: none reaches under it, and the first is centred with it.
  const blocks = await page.locator('.code-block.has-title').evaluateAll((all) =>
    all.map((block) => {
      const button = block.querySelector('.copy-button')!.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(block.querySelector('.code-title')!);
      const lines = [...text.getClientRects()];
      const under = lines.filter((line) => line.bottom > button.top && line.top < button.bottom);
      return {
        label: block.querySelector('.copy-button')!.textContent,
        lineTops: new Set(lines.map((line) => Math.round(line.top))).size,
        overlap: Math.max(0, ...under.map((line) => line.right - button.left)),
        offset: Math.abs((lines[0].top + lines[0].bottom) / 2 - (button.top + button.bottom) / 2),
      };
    }),
  );
  const failed = blocks.find((b) => b.label === 'Copy failed')!;
  assert.ok(failed.lineTops >= 2, 'the long title wraps');
  for (const b of blocks) {
    assert.is(b.overlap, 0, `a title runs ${b.overlap} px under its ${b.label} button`);
    assert.ok(b.offset <= 1.5, `a title's first line is ${b.offset} px off its ${b.label} button's centre`);
  }
  await context.close();
});

test('on a phone the announcement bar takes one line, its link and close button whole and on top', async () => {
  const page = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const bar = page.getByRole('region', { name: 'Announcement' });
  const link = bar.getByRole('link', { name: 'See what changed' });
  const close = bar.getByRole('button', { name: 'Close announcement' });
  const [b, l, c] = [(await bar.boundingBox())!, (await link.boundingBox())!, (await close.boundingBox())!];
  assert.ok(b.height <= 40, `the bar is ${b.height} px high: more than one line`);
  assert.ok(l.x >= b.x && l.x + l.width <= c.x, 'the link is whole, before the close button');
  assert.ok(c.y >= b.y - 0.5 && c.y + c.height <= b.y + b.height + 0.5, 'the close button is within the bar');
  // What a finger lands on at their centres is the link and the button, not text over them.
  const hit = await page.evaluate(
    ([lx, ly, cx, cy]) => [
      document.elementFromPoint(lx, ly)?.closest('a')?.textContent,
      document.elementFromPoint(cx, cy)?.closest('button')?.getAttribute('aria-label'),
    ],
    [l.x + l.width / 2, l.y + l.height / 2, c.x + c.width / 2, c.y + c.height / 2],
  );
  assert.equal(hit, ['See what changed', 'Close announcement']);
  await link.click();
  await page.waitForURL(/\/docs\/changelog\/version-history\/$/);
  await page.close();
});

test('a part loaded on demand shows a spinner only after 200 ms, and a red box with Retry when it fails', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await page.addInitScript(() => {
    const w = window as unknown as { __spinnerSeen: boolean };
    w.__spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.lazy-loading[role="status"]')) w.__spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await open(page, `${h.base}search/?q=firebase`);
  await page.locator('.search-summary').waitFor();
  assert.is(
    await page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen),
    false,
    'a fast load shows no spinner',
  );

  // A slow part: its script is held until the spinner has shown, then let through.
  const slow = await h.browser.newPage(DESKTOP);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await slow.route('**/assets/js/SearchResults.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await slow.goto(`${h.base}search/?q=firebase`);
  await slow.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
  release();
  await slow.locator('.search-summary').waitFor();
  await slow.close();

  const failing = await h.browser.newPage(DESKTOP);
  await failing.route('**/assets/js/SearchResults.*.js', (route) => route.abort());
  await failing.goto(`${h.base}search/?q=firebase`);
  const box = failing.getByRole('alert');
  await box.waitFor();
  assert.match(
    (await box.textContent()) ?? '',
    /This part of the page could not be loaded\. .*Check your connection, then try again\./,
  );
  const color = await box.evaluate((el) => getComputedStyle(el).borderTopColor);
  const [r, g, b] = color.match(/\d+/g)!.map(Number);
  assert.ok(r > 150 && g < 110 && b < 110, `a red box (${color})`);
  // The browser's message (it names the file's URL) is there for whoever asks, folded away.
  const detail = box.locator('details code');
  assert.is(await detail.isVisible(), false, 'the technical detail is folded away');
  await box.getByText('Technical details').click();
  assert.match((await detail.textContent()) ?? '', /SearchResults\.[A-Z0-9]+\.js/);
  await failing.unroute('**/assets/js/SearchResults.*.js');
  // Retry recovers even where the browser remembers the failed import of that URL (Chromium 150 and older).
  await box.getByRole('button', { name: 'Retry' }).click();
  await failing.locator('.search-summary').waitFor();
  assert.is(await failing.getByRole('alert').count(), 0);
  await failing.close();
  await page.close();
});

test('Retry reloads the page when the part cannot be imported although the server has it (a failed chunk it imports)', async () => {
  const page = await h.browser.newPage(DESKTOP);
  // The first load and the retry both fail as imports; the server answers the retry's own check of the file, as it
  // does when what failed was a chunk the part imports, whose failure the page remembers.
  let imports = 0;
  await page.route(/\/assets\/js\/SearchResults\.[A-Z0-9]+\.js(\?.*)?$/, (route) =>
    route.request().method() === 'GET' && imports++ < 2 ? route.abort() : route.continue(),
  );
  await open(page, `${h.base}search/?q=firebase`);
  await markWindow(page);
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await page.locator('.search-summary').waitFor();
  assert.is(await windowMarked(page), false, 'the page was loaded again');
  assert.is(new URL(page.url()).search, '?q=firebase', 'with the same query');
  await page.close();
});

test('with local storage unavailable the site works and warns once in the console', async () => {
  const context = await h.browser.newContext(DESKTOP);
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const page = await context.newPage();
  const problems = problemsOf(page);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
  await toggle.click();
  assert.ok(luminance(await background(page)) > 0.45, 'the toggle still works');
  await toggle.click();
  await page.getByRole('button', { name: 'Close announcement' }).click();
  await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Server Setup' }).click();
  await page.waitForFunction(() => document.title.startsWith('Server Setup'));
  assert.is(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^warning: egdocs: local storage is unavailable/);
  await context.close();
});

test('the docs version the reader reads is remembered in local storage', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/intro/`);
  const stored = await page.evaluate(() => localStorage.getItem('egdocs-docs-preferred-version-default'));
  assert.is(stored, 'current');
  await page.close();
});

test.run();
