// Image zoom in a real browser (config `imageZoom`): an image shown smaller than it is opens at full size in a modal
// dialog, from the keyboard or a click, and closes back to the image; the script loads only where a page has images,
// and a project without the setting never asks for it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, hydrated, launchChromium, open, problemsOf, serveFiles, settled } from './browser.ts';

const test = suite('browser: image zoom');

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** An SVG of `width` × `height` with a line of small text, as a screenshot has. */
const svg = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#dde"/><text x="20" y="40" font-size="14">Store settings</text></svg>`;

const FILES = {
  'docs/intro.md': '# Intro\n\nNo pictures here. Read [the settings](./settings.md).\n',
  'docs/settings.md': [
    '# Settings',
    'See [the intro](./intro.md) first.',
    '![Store settings form](./img/wide.svg)',
    '![Logo](./img/small.svg)',
    '[![Linked diagram](./img/wide.svg)](./intro.md)',
    '![](./img/wide.svg)',
    '![Narrow screenshot](./img/medium.svg)',
  ].join('\n\n'),
  'docs/img/wide.svg': svg(2400, 1600),
  'docs/img/medium.svg': svg(500, 300),
  'docs/img/small.svg': svg(40, 20),
  'static/img/favicon.svg': svg(16, 16),
};

let browser: Browser;
const sites: { close(): Promise<void> }[] = [];

/** Serves the site built from FILES with `config`; its base URL. */
async function serve(config: Record<string, unknown>): Promise<string> {
  const site = await serveFiles(FILES, { favicon: 'img/favicon.svg', ...config });
  sites.push(site);
  return site.base;
}

let zoomed = '';
let plain = '';

test.before(async () => {
  [zoomed, plain] = await Promise.all([serve({ imageZoom: true }), serve({})]);
  browser = await launchChromium();
});

test.after(async () => {
  await browser?.close();
  for (const site of sites) await site.close();
});

/** A fresh page that records the scripts it requests. */
async function newPage(): Promise<{ page: Page; scripts: string[]; problems: string[] }> {
  const page = await browser.newPage(DESKTOP);
  const scripts: string[] = [];
  page.on('request', (request) => request.url().endsWith('.js') && scripts.push(new URL(request.url()).pathname));
  return { page, scripts, problems: problemsOf(page) };
}

/** The page's images as the accessibility tree sees them: each one's alt, role and name. */
const imagesOf = (page: Page) =>
  page
    .locator('#main .markdown img')
    .evaluateAll((images) =>
      images.map((img) => [img.getAttribute('alt'), img.getAttribute('role'), img.getAttribute('aria-label')]),
    );

const ENLARGE = 'Enlarge image: Store settings form';

test('an image shown smaller than it is becomes a button named for it; one shown whole, linked or decorative does not', async () => {
  const { page, problems } = await newPage();
  await open(page, `${zoomed}docs/settings/`);
  await page.getByRole('button', { name: ENLARGE }).waitFor();
  assert.equal(await imagesOf(page), [
    ['Store settings form', 'button', ENLARGE],
    ['Logo', null, null],
    ['Linked diagram', null, null],
    ['', null, null],
    ['Narrow screenshot', null, null],
  ]);
  assert.equal(problems, []);
  await page.close();
});

test('from the keyboard: a focus ring, Enter opens it whole in a modal dialog, Escape closes it back to the image', async () => {
  const { page } = await newPage();
  await open(page, `${zoomed}docs/settings/`);
  const image = page.getByRole('button', { name: ENLARGE });
  await image.waitFor();
  await page.getByRole('link', { name: 'the intro' }).focus();
  await page.keyboard.press('Tab');
  assert.ok(await image.evaluate((img) => img === document.activeElement), 'Tab reaches the image');
  assert.is(await image.evaluate((img) => getComputedStyle(img).outlineStyle), 'solid', 'a visible focus ring');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Image: Store settings form' });
  await dialog.waitFor();
  const shown = await dialog.evaluate((element) => {
    const img = element.querySelector('img')!;
    return {
      modal: element.matches(':modal'),
      width: img.getBoundingClientRect().width,
      scrolls: element.scrollWidth > element.clientWidth && element.scrollHeight > element.clientHeight,
      focused: element.contains(document.activeElement),
    };
  });
  assert.equal(shown, { modal: true, width: 2400, scrolls: true, focused: true });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await image.evaluate((img) => img === document.activeElement), 'focus is back on the image');
  // Space opens it as well, as it presses any button.
  await page.keyboard.press(' ');
  await dialog.waitFor();
  await page.getByRole('button', { name: 'Close' }).press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await image.evaluate((img) => img === document.activeElement));
  await page.close();
});

test('with the mouse: a click opens it, a click outside the image closes it', async () => {
  const { page } = await newPage();
  await open(page, `${zoomed}docs/settings/`);
  const image = page.getByRole('button', { name: ENLARGE });
  await image.click();
  const dialog = page.getByRole('dialog', { name: 'Image: Store settings form' });
  await dialog.waitFor();
  // The backdrop, beside the dialog's box.
  await page.mouse.click(3, 400);
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await image.evaluate((img) => img === document.activeElement));
  await page.close();
});

test('an image that fits the window becomes a button once the window is too narrow for it', async () => {
  const { page } = await newPage();
  await open(page, `${zoomed}docs/settings/`);
  await page.getByRole('button', { name: ENLARGE }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Enlarge image: Narrow screenshot' }).count(), 0);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.getByRole('button', { name: 'Enlarge image: Narrow screenshot' }).waitFor();
  await page.close();
});

test('axe finds no violation, with the image as a button and with the dialog open', async () => {
  const { page } = await newPage();
  await open(page, `${zoomed}docs/settings/`);
  await page.getByRole('button', { name: ENLARGE }).click();
  await page.getByRole('dialog').waitFor();
  await page.addScriptTag({ content: AXE });
  const violations = () =>
    page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  assert.equal(await violations(), [], 'dialog open');
  await page.keyboard.press('Escape');
  assert.equal(await violations(), [], 'dialog closed');
  await page.close();
});

test('the script loads only once a page with images is shown, and works after client navigation', async () => {
  const { page, scripts, problems } = await newPage();
  await open(page, `${zoomed}docs/intro/`);
  await settled(page);
  assert.not.ok(
    scripts.some((url) => url.includes('image-zoom')),
    `a page without images: ${scripts.join(', ')}`,
  );
  await page.getByRole('link', { name: 'the settings' }).click();
  await page.waitForURL(`${zoomed}docs/settings/`);
  assert.ok(await page.evaluate(() => performance.getEntriesByType('navigation').length === 1), 'no page load');
  await page.getByRole('button', { name: ENLARGE }).click();
  const dialog = page.getByRole('dialog', { name: 'Image: Store settings form' });
  await dialog.waitFor();
  assert.is(scripts.filter((url) => url.includes('image-zoom')).length, 1);
  // Back to the page without images, the dialog open: it closes with the page it belonged to.
  await page.goBack();
  await page.waitForURL(`${zoomed}docs/intro/`);
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(problems, []);
  await page.close();
});

test('a project without imageZoom requests no zoom script, and its images stay images', async () => {
  const { page, scripts } = await newPage();
  await open(page, `${plain}docs/settings/`);
  await hydrated(page);
  await settled(page);
  assert.not.ok(
    scripts.some((url) => url.includes('image-zoom')),
    scripts.join(', '),
  );
  assert.ok((await imagesOf(page)).every(([, role, name]) => role === null && name === null));
  await page.close();
});

test.run();
