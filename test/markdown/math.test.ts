// Math typeset by KaTeX at build time (plugins/math.ts): `$$` blocks and inline `$…$` holding TeX become HTML and
// MathML, the page's first formula links KaTeX's stylesheet, a formula KaTeX cannot read is a warning at its place
// and shows as written; prices and other dollars are text as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mathAssets } from '../../src/markdown/katex.ts';
import { buildFromMap } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const test = suite('math');

const LINK = `<link rel="stylesheet" href="/base/${mathAssets().stylesheet}">`;
const count = (text: string, part: string) => text.split(part).length - 1;
const HINT =
  'the formula shows as its source until it is fixed; KaTeX lists the TeX it reads at https://katex.org/docs/supported';

test('a $$ block is a display formula in HTML and MathML, and the first formula links the stylesheet', async () => {
  const { page, warnings } = await renderPage(
    [
      '---',
      'title: T',
      '---',
      'The total:',
      '$$',
      '\\sum_{i=1}^{n} x_i \\\\ a *b* \\{c\\}',
      '$$',
      '',
      '- Also:',
      '',
      '  $$ e^{i\\pi} + 1 = 0 $$',
      '',
    ].join('\n'),
  );
  assert.equal(warnings, []);
  assert.ok(page.html.startsWith(`<p>The total:</p>\n<div class="math-display">${LINK}<span class="katex-display">`));
  assert.is(count(page.html, '<div class="math-display">'), 2);
  assert.is(count(page.html, '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'), 2);
  assert.is(count(page.html, '<link '), 1, 'one link, at the first formula');
  // The TeX as written, in the MathML's annotation: no character lost to markdown's escapes or emphasis.
  assert.match(
    page.html,
    '<annotation encoding="application/x-tex">\\sum_{i=1}^{n} x_i \\\\ a *b* \\{c\\}</annotation>',
  );
  assert.is(page.math, true);
  assert.match(
    page.markdownCopy!,
    'The total:\n$$\n\\sum_{i=1}^{n} x_i \\\\ a *b* \\{c\\}\n$$\n',
    'the copy keeps the TeX',
  );
});

test('an inline formula with a backslash, ^ or _ is typeset in the text, and search keeps its TeX', async () => {
  const { page, warnings } = await renderPage('Where $\\alpha_1 < \\{b\\}$ holds, $x^2$ grows, and $$\\sum x$$ too.\n');
  assert.equal(warnings, []);
  assert.ok(page.html.startsWith(`<p>Where ${LINK}<span class="katex"><span class="katex-mathml"><math`));
  assert.is(count(page.html, '<span class="katex">'), 3);
  assert.is(count(page.html, '<span class="katex-display">'), 1, '$$…$$ in a sentence is a display formula');
  assert.match(page.html, '<annotation encoding="application/x-tex">x^2</annotation>');
  assert.is(page.text, 'Where $\\alpha_1 < \\{b\\}$ holds, $x^2$ grows, and $$\\sum x$$ too.');
});

test('prices, a $ in a word and a formula without TeX are text, with no warning', async () => {
  const body = 'It costs $5 and $10, or $5-$10 with $x$ tax, US$ 3 and a \\$ sign.\n';
  const { page, warnings } = await renderPage(body);
  assert.is(page.html, '<p>It costs $5 and $10, or $5-$10 with $x$ tax, US$ 3 and a $ sign.</p>\n');
  assert.equal(warnings, []);
  assert.is(page.math, undefined);
});

test('a formula in a heading keeps its id; one in code is code', async () => {
  const { page, warnings } = await renderPage(
    '## Angle $\\beta$\n\n```tex\n$$\n\\beta\n$$\n```\n\nRun `echo $\\HOME$`.\n',
  );
  assert.equal(page.anchors, ['angle-beta']);
  assert.equal(page.headings[0].text, 'Angle $\\beta$');
  assert.match(page.html, /<h2 id="angle-beta"[^>]*>Angle <link [^>]+><span class="katex">/);
  assert.match(page.html, '<code>echo $\\HOME$</code>');
  assert.is(count(page.html, 'class="katex"'), 1);
  assert.equal(warnings, []);
});

test('a formula KaTeX cannot read is a warning where it stops, with its reason, and shows as written', async () => {
  const { page, warnings } = await renderPage(
    ['Inline $\\frac}{a}$ here.', '', '- Item', '', '  $$', '  a +', '  \\foo', '  $$', ''].join('\n'),
  );
  assert.equal(warnings, [
    `content/docs/page.md:1:14  KaTeX cannot typeset this formula: Extra }; ${HINT}`,
    `content/docs/page.md:7:3  KaTeX cannot typeset this formula: Undefined control sequence: \\foo; ${HINT}`,
  ]);
  assert.is(
    page.html,
    '<p>Inline <code class="math-source">$\\frac}{a}$</code> here.</p>\n<ul>\n<li>\n<p>Item</p>\n<pre class="math-source"><code>$$\na +\n\\foo\n$$</code></pre>\n</li>\n</ul>\n',
  );
  assert.is(page.math, undefined, 'no formula typeset: no stylesheet');
});

test('a $$ never closed is a warning at its line', async () => {
  const { warnings } = await renderPage('Text.\n\n$$\n\\frac{a}{b}\n');
  assert.equal(warnings, [
    "content/docs/page.md:3:1  '$$' opens a formula that is never closed, so it shows as text; add a line '$$' after the formula",
  ]);
});

test('the link goes with the first formula the HTML shows: past a title taken out, in an excerpt only with math', async () => {
  const titled = await renderPage('# Angle $\\gamma$\n\nThe $\\delta$ angle.\n');
  assert.is(titled.page.title, 'Angle $\\gamma$');
  assert.ok(titled.page.html.startsWith(`<p>The ${LINK}<span class="katex">`));
  const result = await buildFromMap({
    'blog/2024-01-01-a.md': '---\ntitle: A\n---\nFirst $\\alpha$.\n\n<!-- truncate -->\n\nMore.\n',
    'blog/2024-01-02-b.md': '---\ntitle: B\n---\nNo math here.\n\n<!-- truncate -->\n\nThen $\\beta$.\n',
  });
  const [a, b] = ['A', 'B'].map((title) => result.site.pages.find((page) => page.title === title)!);
  assert.is(count(a.excerptHtml!, LINK), 1);
  assert.is(count(b.excerptHtml!, '<link'), 0);
  assert.is(count(b.html, LINK), 1);
});

test('a site publishes the stylesheet and the WOFF2 fonts it names only when a page has math', async () => {
  const withMath = await buildFromMap({ 'docs/a.md': '# A\n\n$$\n\\int_0^1 x\\,dx\n$$\n', 'docs/b.md': '# B\n' });
  const paths = new Map(withMath.files.map((file) => [file.path, file]));
  const css = Buffer.from(paths.get(mathAssets().stylesheet)!.contents).toString();
  const fonts = [...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]);
  assert.ok(fonts.length >= 20);
  for (const font of fonts) {
    assert.match(font, /^fonts\/KaTeX_[\w-]+-[0-9a-f]{8}\.woff2$/);
    assert.ok(paths.has(`assets/katex/${font}`), font);
  }
  assert.is([...paths.keys()].filter((path) => path.startsWith('assets/katex/')).length, fonts.length + 1);
  const docB = Buffer.from(paths.get('docs/b/index.html')!.contents).toString();
  assert.not.match(docB, 'katex');

  const without = await buildFromMap({ 'docs/b.md': '# B\n\nIt costs $5.\n' });
  assert.equal(
    without.files.filter((file) => file.path.startsWith('assets/katex/')),
    [],
  );
});

test.run();
