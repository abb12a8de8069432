// Math before egdocs renders it (plugins/math.ts): a `$$` formula and an inline `$…$` with a backslash show as their
// TeX source exactly as written, each a warning at its place; prices and other dollars are text as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderPage } from './render-page.ts';

const test = suite('math');

const INSTEAD =
  'to show the formula typeset, use an image with a text alternative; to show its source on purpose, a code block (```tex)';

test('a $$ block keeps its backslashes, underscores and stars as written, and is a warning at its line', async () => {
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
  assert.is(
    page.html,
    '<p>The total:</p>\n<p class="math">$$\n\\sum_{i=1}^{n} x_i \\\\ a *b* \\{c\\}\n$$</p>\n<ul>\n<li>\n<p>Also:</p>\n<p class="math">$$ e^{i\\pi} + 1 = 0 $$</p>\n</li>\n</ul>\n',
  );
  assert.equal(warnings, [
    `content/docs/page.md:5:1  math is not supported yet; the '$$' formula shows as its TeX source, as written; ${INSTEAD}`,
    `content/docs/page.md:11:3  math is not supported yet; the '$$' formula shows as its TeX source, as written; ${INSTEAD}`,
  ]);
});

test('an inline formula with a backslash keeps it, and is a warning at its column', async () => {
  const { page, warnings } = await renderPage('Where $\\alpha_1 < \\{b\\}$ holds, and $$\\sum x$$ too.\n');
  assert.is(page.html, '<p>Where $\\alpha_1 &lt; \\{b\\}$ holds, and $$\\sum x$$ too.</p>\n');
  assert.equal(warnings, [
    `content/docs/page.md:1:7  math is not supported yet; the '$…$' formula shows as its TeX source, as written; ${INSTEAD}`,
    `content/docs/page.md:1:37  math is not supported yet; the '$$…$$' formula shows as its TeX source, as written; ${INSTEAD}`,
  ]);
  assert.is(page.text, 'Where $\\alpha_1 < \\{b\\}$ holds, and $$\\sum x$$ too.');
});

test('prices, a $ in a word and a formula without a backslash are text, with no warning', async () => {
  const body = 'It costs $5 and $10, or $5-$10 with $x$ tax, US$ 3 and a \\$ sign.\n';
  const { page, warnings } = await renderPage(body);
  assert.is(page.html, '<p>It costs $5 and $10, or $5-$10 with $x$ tax, US$ 3 and a $ sign.</p>\n');
  assert.equal(warnings, []);
});

test('a formula in a heading keeps its id; one in code is code', async () => {
  const { page, warnings } = await renderPage(
    '## Angle $\\beta$\n\n```tex\n$$\n\\beta\n$$\n```\n\nRun `echo $\\HOME$`.\n',
  );
  assert.equal(page.anchors, ['angle-beta']);
  assert.match(page.html, '<code>echo $\\HOME$</code>');
  assert.equal(warnings.length, 1);
});

test('a $$ never closed is a warning at its line', async () => {
  const { warnings } = await renderPage('Text.\n\n$$\n\\frac{a}{b}\n');
  assert.equal(warnings, [
    "content/docs/page.md:3:1  '$$' opens a formula that is never closed, so it shows as text; add a line '$$' after the formula (math is not supported yet: it shows as its TeX source)",
  ]);
});

test.run();
