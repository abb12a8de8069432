// Config switches that change the client: navbar.hideOnScroll, colorMode.disableSwitch and the search box's
// settings, each tested against the default site.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, luminance, open, startHarness, type Harness } from './browser.ts';

const test = suite('browser: config switches');
let on: Harness;
let off: Harness;

test.before(async () => {
  on = await startHarness((config) => ({
    ...config,
    navbar: {
      ...config.navbar,
      hideOnScroll: true,
      items: [
        ...(config.navbar.items ?? []),
        {
          type: 'dropdown',
          label: 'Apps',
          position: 'left',
          items: [
            { label: 'Customer app', href: '/docs/flutter-app/intro/' },
            { label: 'Partner app', href: '/docs/flutter-partner-app/intro/' },
          ],
        },
      ],
    },
    colorMode: { ...config.colorMode, disableSwitch: true },
    search: { ...config.search, maxSuggestions: 3, hint: false, clearButton: false, shortcut: false },
  }));
  off = await startHarness();
});
test.after(async () => {
  await on.close();
  await off.close();
});

const navbarTop = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom);

/** Scrolls in five wheel steps, each once the page has scrolled from the one before (as a person's wheel would). */
async function scrollSteps(page: import('playwright-core').Page, dy: number) {
  for (let i = 0; i < 5; i++) {
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, dy / 5);
    await page.waitForFunction((y) => window.scrollY !== y, before);
  }
}

test('with hideOnScroll the navbar hides while scrolling down and comes back on scrolling up', async () => {
  const page = await on.browser.newPage(DESKTOP);
  await open(page, `${on.base}docs/admin-panel/payment-gateway/`);
  await page.mouse.move(640, 400);
  // The bar slides: wait for it to arrive where it should be (a test timeout if it never does).
  await scrollSteps(page, 1200);
  await page.waitForFunction(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom <= 1);
  assert.ok((await navbarTop(page)) <= 1, 'hidden after scrolling down');
  await scrollSteps(page, -300);
  await page.waitForFunction(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom > 40);
  assert.ok((await navbarTop(page)) > 40, 'back after scrolling up');
  await page.close();
});

test('without hideOnScroll the navbar stays in view', async () => {
  const page = await off.browser.newPage(DESKTOP);
  await open(page, `${off.base}docs/admin-panel/payment-gateway/`);
  await page.mouse.move(640, 400);
  await scrollSteps(page, 1200);
  assert.ok((await navbarTop(page)) > 40);
  await page.close();
});

test('with the colour switch disabled there is no toggle, the stored choice is cleared, and the site is dark', async () => {
  const context = await on.browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('egdocs-theme', 'light');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const page = await context.newPage();
  await open(page, on.base);
  assert.is(await page.evaluate(() => localStorage.getItem('egdocs-theme')), null);
  assert.ok(luminance(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)) < 0.2);
  assert.is(await page.getByRole('button', { name: /Switch between dark and light mode/ }).count(), 0);
  await context.close();
});

test('with the switch enabled a stored light choice is applied before first paint', async () => {
  const context = await off.browser.newContext({ javaScriptEnabled: true });
  await context.addInitScript(() => localStorage.setItem('egdocs-theme', 'light'));
  const page = await context.newPage();
  // Read the colour as soon as the body exists, before the client script has run.
  await page.addInitScript(() => {
    document.addEventListener(
      'DOMContentLoaded',
      () =>
        ((window as unknown as { __firstTheme: string }).__firstTheme = getComputedStyle(
          document.documentElement,
        ).backgroundColor),
    );
  });
  await open(page, off.base);
  assert.ok(luminance(await page.evaluate(() => (window as unknown as { __firstTheme: string }).__firstTheme)) > 0.45);
  await context.close();
});

test('a navbar dropdown opens and closes by click, Escape, a click outside, and the arrow keys', async () => {
  const page = await on.browser.newPage(DESKTOP);
  await open(page, `${on.base}docs/admin-panel/intro/`);
  const navbar = page.getByRole('navigation', { name: 'Main', exact: true });
  const button = navbar.getByRole('button', { name: 'Apps' });
  const customer = navbar.getByRole('link', { name: 'Customer app' });
  assert.is(await button.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await customer.isVisible());
  await button.click();
  assert.is(await button.getAttribute('aria-expanded'), 'true');
  assert.ok(await customer.isVisible());
  await page.keyboard.press('Escape');
  assert.not.ok(await customer.isVisible());
  assert.ok(await button.evaluate((el) => el === document.activeElement), 'focus back on the button');
  await button.click();
  await page.mouse.click(640, 600);
  assert.not.ok(await customer.isVisible(), 'a click outside closes it');
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Customer app');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Partner app');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${on.base}docs/flutter-partner-app/intro/`);
  assert.is(await button.getAttribute('aria-expanded'), 'false', 'closed after navigating');
  await page.close();
});

test('search settings: the number of suggestions, the hint, the clear button and the shortcut follow the config', async () => {
  for (const [site, limit] of [
    [off, 8],
    [on, 3],
  ] as const) {
    const page = await site.browser.newPage(DESKTOP);
    await open(page, `${site.base}docs/admin-panel/intro/`);
    const input = page.getByRole('combobox', { name: 'Search' });
    await page.keyboard.press('Control+k');
    assert.is(
      await input.evaluate((el) => el === document.activeElement),
      limit === 8,
      'Ctrl+K focuses the box only with the shortcut on',
    );
    assert.is(
      await page.locator('.search-hint').count(),
      limit === 8 ? 1 : 0,
      'the hint only with hint and shortcut on',
    );
    await input.click();
    await input.pressSequentially('app', { delay: 20 });
    await page
      .getByRole('option')
      .nth(limit - 1)
      .waitFor();
    // The status line counts what the last answer showed.
    await page
      .getByRole('status')
      .filter({ hasText: `${limit} suggestions` })
      .waitFor({ state: 'attached' });
    assert.is(await page.getByRole('option').count(), limit);
    assert.is(
      await page.getByRole('button', { name: 'Clear search' }).count(),
      limit === 8 ? 1 : 0,
      'the clear button only when enabled',
    );
    await page.close();
  }
});

test.run();
