// What readers see (issue "a site that reads well"): diagrams, admonitions, wide tables, inline code, the home cards
// and the blog, highlighted code lines, headings' # links, keys and URLs in tables, looked at in Chromium in both
// colour modes and at desktop and phone widths.
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP, open, problemsOf } from './browser.ts';
import { colourSpread, meanLuminance } from './pixels.ts';

const { test, h } = browserSuite('browser: what readers see');
const PHONE = { viewport: { width: 390, height: 844 } };

async function inMode(page: Page, mode: 'dark' | 'light') {
  await page.addInitScript((mode) => localStorage.setItem('egdocs-theme', mode), mode);
}

test('an SVG diagram is dark in dark mode and light in light mode, never a white panel', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const page = await h.browser.newPage(DESKTOP);
    await inMode(page, mode);
    await open(page, `${h.base}docs/admin-panel/intro/`);
    const diagram = page.locator('.markdown img[src$=".svg"]').first();
    await diagram.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await diagram.elementHandle());
    const shown = await meanLuminance(diagram);
    if (mode === 'dark') assert.ok(shown < 0.25, `dark mode: mean luminance ${shown.toFixed(3)}`);
    else assert.ok(shown > 0.6, `light mode: mean luminance ${shown.toFixed(3)}`);
    await page.close();
  }
});

test('each admonition type shows its own icon, and caution and warning have different colours', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/tutorial-basics/markdown-features/`);
  const types = ['note', 'tip', 'info', 'caution', 'warning', 'danger'];
  for (const type of types) {
    const icon = page.locator(`.admonition-${type} .admonition-icon`).first();
    await icon.scrollIntoViewIfNeeded();
    const box = await icon.boundingBox();
    assert.ok(box && box.width > 8 && box.height > 8, `${type}: an icon box`);
  }
  // Each type's icon file was fetched: the icons are different images, not one shape in six colours.
  await page.waitForFunction((types) => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    return types.every((type) => loaded.some((url) => new RegExp(`/media/${type}\\.[^/]*svg$`).test(url)));
  }, types);
  const colour = (type: string) =>
    page
      .locator(`.admonition-${type}`)
      .first()
      .evaluate((box) => getComputedStyle(box).borderLeftColor);
  assert.is.not(await colour('caution'), await colour('warning'));
  await page.close();
});

test('a table wider than the column shows a shade on the side with more to scroll to', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/website/setup-env-variables/`);
  const wrapper = page
    .locator('.table-wrapper')
    .filter({ has: page.locator('table') })
    .first();
  await wrapper.scrollIntoViewIfNeeded();
  const overflow = await wrapper.evaluate((box) => box.scrollWidth - box.clientWidth);
  assert.ok(overflow > 40, `the table is wider than its column by ${overflow} px`);
  // Only the wrapper's own background is looked at: the cells' text, rules and fills are hidden.
  await page.addStyleTag({
    content:
      '.table-wrapper :is(th, td) { color: transparent !important; border-color: transparent !important; background: none !important; }',
  });
  const edge = async (side: 'left' | 'right') => {
    const box = (await wrapper.boundingBox())!;
    const x = side === 'left' ? box.x : box.x + box.width - 8;
    return meanLuminance(page, { x, y: box.y + 4, width: 8, height: box.height - 8 });
  };
  const atStart = { left: await edge('left'), right: await edge('right') };
  await wrapper.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await page.waitForFunction((box) => box!.scrollLeft > 0, await wrapper.elementHandle());
  const atEnd = { left: await edge('left'), right: await edge('right') };
  // Dark mode: the shade is lighter than the page.
  assert.ok(atStart.right > atEnd.right * 1.3, `more to the right at the start: ${atStart.right} vs ${atEnd.right}`);
  assert.ok(atEnd.left > atStart.left * 1.3, `more to the left at the end: ${atEnd.left} vs ${atStart.left}`);
  await page.close();
});

test('on a phone, short inline code is never split across lines and no page scrolls sideways', async () => {
  const page = await h.browser.newPage(PHONE);
  for (const path of [
    'flutter-app/firebase-integration',
    'admin-panel/localhost-setup',
    'website/setup-env-variables',
  ]) {
    await open(page, `${h.base}docs/${path}/`);
    const split = await page.evaluate(() =>
      [...document.querySelectorAll('.markdown :not(pre) > code:not(.code-long)')]
        .filter((code) => code.getClientRects().length > 1)
        .map((code) => code.textContent),
    );
    assert.equal(split, [], `${path}: split code`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(sideways <= 0, `${path}: the page is ${sideways} px wider than the screen`);
  }
  await page.close();
});

test('the home page shows its six cards as two rows of three, and the whole card is the link', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  await open(page, h.base);
  const cards = page.getByRole('region', { name: 'Documentation sections' }).getByRole('listitem');
  assert.is(await cards.count(), 6);
  const tops = await cards.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  assert.is(new Set(tops).size, 2, `rows at ${tops}`);
  const card = cards.nth(4);
  const href = await card.getByRole('link').getAttribute('href');
  // A click on the card's text, away from the title (the stretched link is above it: that is the point).
  const text = (await card.locator('p').boundingBox())!;
  await page.mouse.click(text.x + 5, text.y + text.height - 5);
  await page.waitForURL((url) => url.pathname === href);
  assert.equal(problems, []);
  await page.close();
});

test('the blog parts its posts, keeps Read more in line, and marks Blog and the current post while reading one', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}blog/`);
  const posts = page.locator('article.post-summary');
  assert.ok((await posts.count()) > 1);
  const rule = await posts.nth(1).evaluate((post) => getComputedStyle(post).borderTopWidth);
  assert.is(rule, '1px', 'a rule above every post but the first');
  const first = posts.first();
  const more = first.getByRole('link', { name: /^Read more about/ });
  const [moreBox, textBox] = [await more.boundingBox(), await first.locator('.markdown').boundingBox()];
  assert.ok(moreBox && textBox && Math.abs(moreBox.x - textBox.x) < 1, 'Read more starts where the text does');
  await more.click();
  await page.waitForURL(/\/blog\/[^/]+\/$/);
  const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
  assert.match((await blog.getAttribute('class')) ?? '', /\bactive\b/);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const current = page.getByRole('navigation', { name: 'Recent posts' }).locator('a[aria-current="page"]');
  assert.is(await current.textContent(), title);
  await page.close();
});

test('a highlighted code line is one band of colour under its tokens, in both modes', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const page = await h.browser.newPage(DESKTOP);
    await inMode(page, mode);
    await open(page, `${h.base}docs/flutter-partner-app/configuration/`);
    // Only the backgrounds are looked at: the text is hidden.
    await page.addStyleTag({ content: '.shiki span { color: transparent !important; }' });
    const line = page.locator('.shiki .line.highlighted').filter({ visible: true }).first();
    await line.scrollIntoViewIfNeeded();
    const [box, pre] = [(await line.boundingBox())!, (await line.locator('xpath=ancestor::pre').boundingBox())!];
    // Right of the accent bar, within the block's visible width, inside the line's height.
    const clip = { x: box.x + 6, y: box.y + 1, width: Math.min(box.width, pre.width) - 12, height: box.height - 2 };
    const spread = await colourSpread(page, clip);
    assert.ok(spread <= 3, `${mode}: the band has two tones (channels differ by up to ${spread})`);
    await page.close();
  }
});

test("on a phone a heading's # link takes no line of its own, and shows beside the heading when focused", async () => {
  const page = await h.browser.newPage(PHONE);
  await open(page, `${h.base}docs/flutter-partner-app/configuration/`);
  // A heading's height against its text's: the # link must add none.
  const extra = await page.evaluate(() =>
    [...document.querySelectorAll('.markdown :is(h2, h3)')]
      .map((heading) => {
        const text = document.createRange();
        text.setStart(heading, 0);
        text.setEndBefore(heading.querySelector('.hash-link')!);
        const gap = heading.getBoundingClientRect().height - text.getBoundingClientRect().height;
        return `${heading.textContent}: ${Math.round(gap)} px`;
      })
      .filter((line) => !/: [0-4] px$/.test(line)),
  );
  assert.equal(extra, [], 'headings with room for a line of the # link');
  const heading = page.getByRole('heading', { name: 'Change the app name' });
  const link = heading.getByRole('link', { name: /^Direct link to/ });
  await link.focus();
  const [h2, hash] = [(await heading.boundingBox())!, (await link.boundingBox())!];
  assert.ok(hash.y >= h2.y && hash.y + hash.height <= h2.y + h2.height, 'the # is on the heading, not under it');
  assert.is(await link.evaluate((a) => getComputedStyle(a).opacity), '1');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
  await page.close();
});

test('a key in the text is drawn as a key: framed on a tinted ground, with a thicker lower edge', async () => {
  for (const mode of ['dark', 'light'] as const) {
    const page = await h.browser.newPage(DESKTOP);
    await inMode(page, mode);
    await open(page, `${h.base}docs/tutorial-extras/tabs-and-alerts/`);
    const key = page.locator('.markdown kbd', { hasText: 'Home' }).first();
    const drawn = await key.evaluate((kbd) => {
      const style = getComputedStyle(kbd);
      const text = document.createRange();
      text.selectNodeContents(kbd);
      return {
        edges: [style.borderTopStyle, style.borderTopWidth, style.borderBottomWidth],
        room: kbd.getBoundingClientRect().width - text.getBoundingClientRect().width,
        ground: style.backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    assert.equal(drawn.edges, ['solid', '1px', '2px'], mode);
    assert.ok(drawn.room >= 8, `${mode}: room around the key's name (${drawn.room} px)`);
    assert.is.not(drawn.ground, drawn.page, `${mode}: a ground of its own`);
    await page.close();
  }
});

test('a URL in a table cell breaks rather than widening the table: the tools for a local install fit the column', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/admin-panel/server-requirements/`);
  const wrapper = page.locator('#tools-for-a-local-install ~ .table-wrapper').first();
  assert.is(await wrapper.locator('th').first().textContent(), 'Tool');
  const overflow = await wrapper.evaluate((box) => box.scrollWidth - box.clientWidth);
  assert.is(overflow, 0, `the table is ${overflow} px wider than its column`);
  await page.close();
});

test('commands in a table cell wrap at their spaces rather than widen the table: the SEO troubleshooting fits', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}docs/website/deploy-website-with-seo/`);
  const wrapper = page.locator('.table-wrapper').filter({ has: page.locator('th', { hasText: 'Symptom' }) });
  const overflow = await wrapper.evaluate((box) => box.scrollWidth - box.clientWidth);
  assert.is(overflow, 0, `the table is ${overflow} px wider than its column`);
  await page.close();
});

test.run();
