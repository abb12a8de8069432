// theme.accentColor and theme.stylesheets: the project's accent over egdocs' tokens in each colour mode, refused
// where its links would be hard to read; its stylesheets loaded after egdocs' own, a missing one a broken link.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contrast } from '../../src/shared/config/theme.ts';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('theme: accent colour and stylesheets');

const FILES = {
  'docs/intro.md': '# Intro\n\nHello.\n',
  'static/css/brand.css': '.navbar { border-bottom: 2px solid; }\n',
};

test('contrast is the WCAG ratio', () => {
  assert.is(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.is(contrast('#777777', '#ffffff').toFixed(2), '4.48');
});

test("the accent of each mode is set over egdocs' tokens, after its stylesheet, with readable text on it", async () => {
  const result = await buildFromMap(FILES, {
    theme: { accentColor: { light: '#0b5cad', dark: '#8ec5ff' }, stylesheets: ['css/brand.css'] },
  });
  assert.equal(result.diagnostics, []);
  const head = fileText(result, 'docs/intro/index.html').split('</head>')[0];
  const style = head.indexOf(
    "<style>html[data-theme='light']{--accent:#0b5cad;--accent-strong:#0b5cad;--link:#0b5cad;--accent-fg:#ffffff}html[data-theme='dark']{--accent:#8ec5ff;--accent-strong:#8ec5ff;--link:#8ec5ff;--accent-fg:#000000}</style>",
  );
  const egdocs = head.search(/<link rel="stylesheet" href="\/base\/assets\/css\/styles\.[^"]+\.css">/);
  const brand = head.indexOf('<link rel="stylesheet" href="/base/css/brand.css">');
  assert.ok(
    egdocs >= 0 && style > egdocs && brand > style,
    'egdocs stylesheet, then the accent, then the project stylesheet',
  );
});

test('a colour links would be hard to read in, or no colour at all, is refused at its key', async () => {
  for (const [color, expected] of [
    ['#9be7c4', "theme.accentColor.light '#9be7c4' has a contrast of 1.4:1 on the light background (#ffffff)"],
    ['green', "theme.accentColor.light 'green' is not a colour like '#1f7a4d'"],
  ]) {
    try {
      await buildFromMap(FILES, { theme: { accentColor: { light: color } } });
      assert.unreachable(`${color} should be refused`);
    } catch (error) {
      assert.instance(error, BuildFailed);
      assert.match((error as BuildFailed).diagnostics.map(formatDiagnostic).join('\n'), expected);
    }
  }
});

test('a stylesheet that is not published is a broken link at its key', async () => {
  const result = await buildFromMap(FILES, { theme: { stylesheets: ['css/brnd.css'] } });
  assert.match(result.diagnostics.map(formatDiagnostic).join('\n'), /theme\.stylesheets\[0\].*css\/brnd\.css/);
});

test('without a theme, pages carry no accent style and no other stylesheet', async () => {
  const head = fileText(await buildFromMap(FILES), 'docs/intro/index.html').split('</head>')[0];
  assert.not.match(head, '<style>');
  assert.is(head.match(/rel="stylesheet"/g)?.length, 1);
});

test.run();
