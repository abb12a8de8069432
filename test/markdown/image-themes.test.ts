// How an image meets the colour modes: `#invert-dark` marks a diagram to invert in the dark mode (no image is
// inverted unless marked), and GitHub's `#gh-dark-mode-only` / `#gh-light-mode-only` show an image in one mode.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('images and the colour modes');

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"/>';

test('only an image marked #invert-dark is inverted; the mode-only fragments give their class', async () => {
  const result = await buildFromMap({
    'docs/intro.md': [
      '# Intro',
      '',
      '![Flow](./img/flow.svg#invert-dark) ![Logo](./img/logo.svg)',
      '',
      '![Dark](./img/dark.svg#gh-dark-mode-only) ![Light](https://example.org/light.png#gh-light-mode-only)',
      '',
    ].join('\n'),
    'docs/img/flow.svg': SVG,
    'docs/img/logo.svg': SVG,
    'docs/img/dark.svg': SVG,
  });
  assert.equal(result.diagnostics, []);
  const html = fileText(result, 'docs/intro/index.html');
  const classOf = (alt: string) =>
    new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)?.[0].match(/class="([^"]*)"/)?.[1];
  assert.is(classOf('Flow'), 'invert-dark');
  assert.is(classOf('Logo'), undefined, 'an SVG is not inverted unless marked');
  assert.is(classOf('Dark'), 'dark-only');
  assert.is(classOf('Light'), 'light-only');
  assert.match(html, /<img src="\/base\/assets\/[^"]*flow[^"]*\.svg"/);
});

test.run();
