// Images and the colour modes in a real browser: a diagram marked #invert-dark is inverted in the dark mode only, an
// unmarked image never; GitHub's #gh-dark-mode-only and #gh-light-mode-only images show in their mode only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, open, smallSite } from './browser.ts';

const test = suite('browser: images and the colour modes');

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"/>';
const FILES = {
  'docs/intro.md':
    '# Intro\n\n![Flow](./img/flow.svg#invert-dark) ![Logo](./img/logo.svg)\n\n![Dark](./img/dark.svg#gh-dark-mode-only) ![Light](./img/light.svg#gh-light-mode-only)\n',
  'docs/img/flow.svg': SVG,
  'docs/img/logo.svg': SVG,
  'docs/img/dark.svg': SVG,
  'docs/img/light.svg': SVG,
  'static/img/favicon.svg': SVG,
};

const site = smallSite(test, FILES, { favicon: 'img/favicon.svg' });

for (const theme of ['dark', 'light'] as const) {
  test(`in the ${theme} mode`, async () => {
    const page = await site.browser.newPage(DESKTOP);
    await open(page, `${site.base}docs/intro/`);
    await page.evaluate((mode) => (document.documentElement.dataset.theme = mode), theme);
    const look = (alt: string) =>
      page.locator(`#main img[alt="${alt}"]`).evaluate((img) => {
        const style = getComputedStyle(img);
        return { filter: style.filter, shown: style.display !== 'none' };
      });
    assert.match((await look('Flow')).filter, theme === 'dark' ? /invert/ : /^none$/);
    assert.is((await look('Logo')).filter, 'none', 'an unmarked SVG keeps its colours');
    assert.is((await look('Dark')).shown, theme === 'dark');
    assert.is((await look('Light')).shown, theme === 'light');
    await page.close();
  });
}

test.run();
