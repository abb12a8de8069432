// Math and mermaid diagrams in a real browser, on a small site served from memory: a page with a formula shows it
// typeset with KaTeX's stylesheet, also when reached by client navigation, and a page without math never asks for the
// stylesheet; a page with a diagram draws it as an image named for screen readers, draws it again when the colour
// mode changes, shows mermaid's reason beside a diagram it cannot read and the source with scripts off, while a page
// without a diagram never asks for the script that draws them nor for mermaid.
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, luminance, open, problemsOf, settled, smallSite } from './browser.ts';

const test = suite('browser: math and mermaid diagrams');

const FILES = {
  'docs/intro.md': '# Intro\n\nNo formula, no diagram: [Math](./math.md), [Diagram](./diagram.md).\n',
  'docs/math.md': '# Math\n\nThe angle $\\alpha^2$ grows.\n\n$$\n\\sum_{i=1}^{n} p_i \\, q_i\n$$\n',
  'docs/diagram.md': [
    '# Diagram',
    '',
    '```mermaid title="Order flow"',
    'flowchart LR',
    '  Cart --> Paid{Paid?}',
    '  Paid -->|yes| Packed',
    '```',
    '',
    '```mermaid',
    'flowchart LR',
    '  A -->> -->',
    '```',
    '',
  ].join('\n'),
  'static/img/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"/>',
};

const site = smallSite(test, FILES, { favicon: 'img/favicon.svg' });

/** A page that records every URL it requests. */
async function watched(): Promise<{ page: Page; requested: string[] }> {
  const page = await site.browser.newPage(DESKTOP);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  return { page, requested };
}

/** Client navigation by the link named `name` in the article. */
async function follow(page: Page, name: string, path: string): Promise<void> {
  await page.locator('#main').getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith(path));
}

/** Whether the page's formulas are styled by KaTeX's stylesheet: the MathML kept for screen readers is not shown. */
const typeset = (page: Page) =>
  page
    .locator('#main .katex')
    .first()
    .evaluate((katex) => {
      const mathml = katex.querySelector('.katex-mathml')!;
      return getComputedStyle(mathml).position === 'absolute' && getComputedStyle(katex).fontFamily.includes('KaTeX');
    });

test('a page with math shows it typeset with KaTeX stylesheet and fonts; a page without never asks for them', async () => {
  const { page, requested } = await watched();
  const problems = problemsOf(page);
  await open(page, `${site.base}docs/math/`);
  assert.is(await page.locator('#main .katex').count(), 2);
  assert.ok(await typeset(page));
  assert.ok(requested.some((url) => /\/assets\/katex\/katex-[0-9a-f]{8}\.css$/.test(url)));
  await page.evaluate(() => document.fonts.ready);
  assert.ok(await page.evaluate(() => document.fonts.check('16px KaTeX_Main')), 'its font loaded');
  // Screen readers get MathML.
  assert.is(await page.locator('#main .katex-mathml math').count(), 2);
  assert.equal(problems, []);
  await page.close();

  const plain = await watched();
  await open(plain.page, `${site.base}docs/intro/`);
  await settled(plain.page);
  assert.equal(
    plain.requested.filter((url) => url.includes('katex')),
    [],
  );
  // The stylesheet comes with the page's HTML on client navigation too.
  await follow(plain.page, 'Math', '/docs/math/');
  await plain.page.locator('#main .katex').first().waitFor();
  await plain.page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/katex/')));
  assert.ok(await typeset(plain.page));
  await plain.page.close();
});

/** The drawn diagram of the first box: its label, and the luminance of its first node's fill. */
const drawing = (page: Page) =>
  page
    .locator('#main .mermaid')
    .first()
    .evaluate((box) => {
      const svg = box.querySelector('.mermaid-drawing svg');
      const shape = svg?.querySelector('.node rect, .node path, .node polygon');
      return {
        role: svg?.getAttribute('role'),
        label: svg?.getAttribute('aria-label'),
        fill: shape ? getComputedStyle(shape).fill : '',
        source: (box.querySelector('.code-block') as HTMLElement).hidden ? 'hidden' : 'shown',
      };
    });

test('a mermaid diagram is drawn as a named image, again when the colour mode changes', async () => {
  const { page, requested } = await watched();
  await open(page, `${site.base}docs/diagram/`);
  await page.locator('#main .mermaid-drawing svg').first().waitFor();
  const light = await drawing(page);
  assert.equal({ ...light, fill: undefined }, { role: 'img', label: 'Order flow', fill: undefined, source: 'hidden' });
  assert.ok(requested.some((url) => /\/assets\/mermaid\/mermaid-[0-9a-f]{8}\.mjs$/.test(url)));
  const mode = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await page.waitForFunction((before) => document.documentElement.dataset.theme !== before, mode);
  const dark = mode === 'dark' ? 'light' : 'dark';
  await page.waitForFunction(
    (mode) =>
      (document.querySelector('#main .mermaid') as HTMLElement).dataset.drawn ===
      (mode === 'dark' ? 'dark' : 'default'),
    dark,
  );
  const after = await drawing(page);
  assert.is(after.label, 'Order flow');
  assert.ok(
    luminance(after.fill) < luminance(light.fill) === (dark === 'dark'),
    `nodes follow the mode: ${light.fill} in ${mode}, ${after.fill} in ${dark}`,
  );
  await page.close();
});

test("a diagram mermaid cannot read shows mermaid's reason beside its source", async () => {
  const page = await site.browser.newPage(DESKTOP);
  await open(page, `${site.base}docs/diagram/`);
  const broken = page.locator('#main .mermaid').nth(1);
  const error = broken.locator('.mermaid-error');
  await error.waitFor();
  assert.match((await error.textContent()) ?? '', /^This diagram could not be drawn: \S/);
  assert.ok(await broken.locator('.code-block').isVisible());
  assert.is(await broken.locator('svg').count(), 0);
  await page.close();
});

test('with scripts off, a diagram shows its source', async () => {
  const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.base}docs/diagram/`);
  const source = page.locator('#main .mermaid').first().locator('.code-block');
  assert.ok(await source.isVisible());
  assert.match((await source.textContent()) ?? '', 'Cart --> Paid{Paid?}');
  await context.close();
});

test('a page without a diagram never asks for the drawing script nor mermaid, until one is reached', async () => {
  const { page, requested } = await watched();
  await open(page, `${site.base}docs/intro/`);
  await settled(page);
  assert.equal(
    requested.filter((url) => url.includes('mermaid')),
    [],
  );
  await follow(page, 'Diagram', '/docs/diagram/');
  await page.locator('#main .mermaid-drawing svg').first().waitFor();
  assert.equal((await drawing(page)).label, 'Order flow');
  assert.ok(requested.some((url) => /\/assets\/js\/mermaid\.\w+\.js$/.test(url)));
  await page.close();
});

test.run();
