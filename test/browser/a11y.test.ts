// Accessibility, checked by axe-core inside Chromium: every page kind in dark and in light mode, the mobile drawer
// open, the search suggestions open, every admonition type's tint. Zero violations of any impact. Then a keyboard-only
// walk through a doc page:
// the skip link first, then announcement, navbar, search, sidebar, content, table of contents and footer in that order, each stop with a visible focus ring.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, open } from './browser.ts';

const { test, h } = browserSuite('browser: accessibility (axe-core)');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every page kind the site has, by a path of each. */
const PAGES: Record<string, string> = {
  home: '',
  doc: 'docs/admin-panel/server-requirements/',
  'docs tags': 'docs/tags/',
  'docs tag': 'docs/tags/configuration/',
  'blog list': 'blog/',
  'blog post': 'blog/long-blog-post/',
  'blog archive': 'blog/archive/',
  'blog tags': 'blog/tags/',
  'blog tag': 'blog/tags/docusaurus/',
  'blog authors': 'blog/authors/',
  'blog author': 'blog/authors/docs-team/',
  'markdown page': 'markdown-page/',
  'search with results': 'search/?q=firebase',
  'not found': 'no/such/page/',
};

/** axe's violations on the page as it is now, one line each with where. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
  // Code passed as a string: the test runner's compiled helpers do not exist in the page.
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))`);
}

async function pageIn(mode: 'dark' | 'light', viewport = DESKTOP): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await h.browser.newContext(viewport);
  // The stored choice, as the colour-mode toggle writes it, read by the head script before first paint.
  if (mode === 'light') await context.addInitScript("localStorage.setItem('egdocs-theme', 'light')");
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

for (const mode of ['dark', 'light'] as const) {
  test(`every page kind in ${mode} mode has no axe violation`, async () => {
    const { page, close } = await pageIn(mode);
    const found: string[] = [];
    for (const [kind, path] of Object.entries(PAGES)) {
      await open(page, h.base + path);
      assert.is(await page.evaluate('document.documentElement.dataset.theme'), mode, `${kind} is in ${mode} mode`);
      if (kind === 'search with results')
        await page
          .getByRole('link', { name: /Firebase/ })
          .first()
          .waitFor();
      found.push(...(await violations(page)).map((v) => `${kind}: ${v}`));
    }
    await close();
    assert.equal(found, []);
  });
}

test('the mobile drawer open, in both modes, has no axe violation', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const { page, close } = await pageIn(mode, { viewport: { width: 420, height: 800 } });
    await open(page, `${h.base}docs/admin-panel/server-requirements/`);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.getByRole('dialog').waitFor();
    assert.equal(await violations(page), [], mode);
    await close();
  }
});

test('the search suggestions open, in both modes, have no axe violation', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const { page, close } = await pageIn(mode);
    await open(page, `${h.base}docs/admin-panel/intro/`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('payment');
    await page.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    assert.equal(await violations(page), [], mode);
    await close();
  }
});

test('each admonition type has a tint of its own, and its title, text and links keep AA contrast in both modes', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const { page, close } = await pageIn(mode);
    await open(page, `${h.base}docs/tutorial-basics/markdown-features/`);
    const types = ['note', 'tip', 'info', 'caution', 'warning', 'danger'];
    const grounds = await page.evaluate(
      (types) => types.map((type) => getComputedStyle(document.querySelector(`.admonition-${type}`)!).backgroundColor),
      types,
    );
    assert.is(new Set(grounds).size, types.length, `${mode}: six tints, not one grey (${grounds.join(', ')})`);
    const ground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.not.ok(grounds.includes(ground), `${mode}: every box stands out from the page`);
    // A link in each box (few have one in the text), then axe's contrast rule on the boxes alone.
    await page.evaluate(() =>
      document.querySelectorAll('.admonition-content').forEach((box) => {
        const link = box.appendChild(document.createElement('a'));
        link.href = '#';
        link.textContent = 'a link';
      }),
    );
    await page.addScriptTag({ content: AXE });
    const found = await page.evaluate(`axe.run({ include: [['.admonition']] }, { runOnly: ['color-contrast'] })
      .then((result) => result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)))`);
    assert.equal(found, [], mode);
    await close();
  }
});

test('a keyboard-only walk meets the skip link, announcement, navbar, search, sidebar, content, table of contents and footer in order, each with a focus ring', async () => {
  const { page, close } = await pageIn('dark');
  await open(page, `${h.base}docs/admin-panel/server-requirements/`);
  const regions: string[] = [];
  const unringed: string[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const stop = (await page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const region = el.classList.contains('skip-link') ? 'skip link'
        : el.closest('[aria-label="Announcement"]') ? 'announcement'
        : el.closest('header.navbar') ? (el.getAttribute('role') === 'combobox' ? 'search' : 'navbar')
        : el.closest('nav[aria-label="Docs sidebar"]') ? 'sidebar'
        : el.closest('nav[aria-label="On this page"]') ? 'toc'
        : el.closest('footer.footer') ? 'footer'
        : el.closest('main') ? 'content' : 'other';
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return { region, ring, name: el.tagName + ' ' + (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40) };
    })()`)) as { region: string; ring: boolean; name: string } | null;
    if (!stop) break;
    if (regions[regions.length - 1] !== stop.region) regions.push(stop.region);
    if (!stop.ring) unringed.push(`${stop.region}: ${stop.name}`);
    if (stop.region === 'footer' && regions.includes('footer') && i > 0) {
      const atEnd = await page.evaluate(
        '(() => { const all = [...document.querySelectorAll("footer.footer a")]; return document.activeElement === all[all.length - 1]; })()',
      );
      if (atEnd) break;
    }
  }
  await close();
  assert.equal(regions, [
    'skip link',
    'announcement',
    'navbar',
    'search',
    'navbar',
    'sidebar',
    'content',
    'toc',
    'footer',
  ]);
  assert.equal(unringed, [], 'every focus stop shows a focus ring');
});

test('the skip link moves focus past the navbar and sidebar to the content', async () => {
  const { page, close } = await pageIn('dark');
  await open(page, `${h.base}docs/admin-panel/server-requirements/`);
  await page.keyboard.press('Tab');
  assert.ok(await page.getByRole('link', { name: 'Skip to main content' }).isVisible(), 'visible when focused');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.ok(
    await page.evaluate("!!document.activeElement.closest('main')"),
    'the next stop is inside the main content',
  );
  await close();
});

test.run();
