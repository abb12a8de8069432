// Footnotes (plugins/footnotes.ts): `[^1]` references and `[^1]: text` notes, listed at the end of the page with
// links both ways, named for assistive technology; their anchors are the page's, and a mistake is a warning.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const test = suite('footnotes');

test('references link to notes listed at the end, each note back to each of its references', async () => {
  const { page, warnings } = await renderPage(
    'Stripe[^fees] charges per payment; PayPal[^2] too, and Stripe[^fees] again.\n\n[^fees]: See **their** pricing.\n[^2]: Another note.\n',
  );
  assert.is(
    page.html,
    [
      '<p>Stripe<sup class="footnote-ref"><a href="#fn:1" id="fnref:1" aria-label="Footnote 1">1</a></sup> charges per payment; PayPal<sup class="footnote-ref"><a href="#fn:2" id="fnref:2" aria-label="Footnote 2">2</a></sup> too, and Stripe<sup class="footnote-ref"><a href="#fn:1" id="fnref:1:2" aria-label="Footnote 1">1</a></sup> again.</p>',
      '<section class="footnotes" aria-label="Footnotes">',
      '<ol>',
      '<li id="fn:1"><p>See <strong>their</strong> pricing. <a href="#fnref:1" class="footnote-backref" aria-label="Back to reference 1">↩︎</a> <a href="#fnref:1:2" class="footnote-backref" aria-label="Back to reference 1 (2)">↩︎</a></p>',
      '</li>',
      '<li id="fn:2"><p>Another note. <a href="#fnref:2" class="footnote-backref" aria-label="Back to reference 2">↩︎</a></p>',
      '</li>',
      '</ol>',
      '</section>',
      '',
    ].join('\n'),
  );
  assert.equal(warnings, []);
});

test("the notes' ids never collide with a heading's, and are the page's anchors", async () => {
  const { page } = await renderPage('## fn 1\n\n## Fn:1 {#fnref-1}\n\nText[^1].\n\n[^1]: Note.\n');
  assert.equal(page.anchors, ['fn-1', 'fnref-1', 'fnref:1', 'fn:1']);
  assert.is(new Set(page.anchors).size, page.anchors.length);
});

test('a link to a note is checked like a link to a heading', async () => {
  const result = await buildFromMap({
    'docs/intro.md': '# Intro\n\nText[^1]. See [the note](#fn:1) and [no note](#fn:2).\n\n[^1]: Note.\n',
  });
  assert.equal(
    result.diagnostics
      .filter((d) => d.code === 'broken-anchor')
      .map((d) => `${d.location?.line}:${d.location?.column}`),
    ['3:47'],
  );
});

test('a note written in place, and notes in admonitions and lists, are listed too', async () => {
  const { page, warnings } = await renderPage(
    'In place^[a quick note].\n\n:::tip\nInside[^a].\n\n[^a]: From the tip.\n:::\n\n- Item[^b]\n\n[^b]: From the list.\n',
  );
  assert.match(
    page.html,
    /<li id="fn:1"><p>a quick note .*<li id="fn:2"><p>From the tip. .*<li id="fn:3"><p>From the list. /s,
  );
  assert.equal(warnings, []);
});

test('a reference to no note, a note nothing refers to and a label defined twice are warnings at their lines', async () => {
  const { page, warnings } = await renderPage(
    [
      '---',
      'title: T',
      '---',
      'Text[^1] and `[^code]` and [^missing].',
      '',
      '[^1]: First.',
      '[^unused]: Left out.',
      '[^1]: Again.',
      '',
    ].join('\n'),
  );
  assert.equal(warnings, [
    "content/docs/page.md:7:1  footnote '[^unused]' is never referred to, so its text is left out of the page; refer to it with '[^unused]' in the text, or remove it",
    "content/docs/page.md:8:1  footnote '[^1]' is defined twice, and the page shows this text only; give each footnote a label of its own, or remove one of them",
    "content/docs/page.md:4:28  footnote '[^missing]' has no definition, so it shows as text; add a line '[^missing]: the note's text' to the page (the notes are listed at its end)",
  ]);
  assert.match(page.html, '<li id="fn:1"><p>Again. ');
});

test('footnote syntax in code is code', async () => {
  const { page, warnings } = await renderPage('```md\nText[^1].\n\n[^1]: Note.\n```\n');
  assert.not.match(page.html, 'footnote');
  assert.equal(warnings, []);
});

test('the markdown copy keeps footnotes as written', async () => {
  const body = '# Intro\n\nText[^1] and in place^[quick].\n\n[^1]: The note, [with a link](./guide.md).\n';
  const result = await buildFromMap({ 'docs/intro.md': body, 'docs/guide.md': '# Guide\n' });
  assert.is(
    fileText(result, 'docs/intro/index.md'),
    body.replace('./guide.md', 'https://example.com/base/docs/guide/'),
  );
});

test.run();
