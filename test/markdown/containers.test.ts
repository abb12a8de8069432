// The titled `:::` containers (plugins/admonitions.ts): admonitions with a title after the name or in brackets as
// Docusaurus writes it, collapsible `:::details` sections, and `:::` lines that open nothing, which are warnings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const titles = suite('admonition titles');

titles('a title in brackets gives the same box as a title after a space', async () => {
  const bracketed = await renderPage(':::tip[My tip]\nRestart the worker.\n:::\n');
  const spaced = await renderPage(':::tip My tip\nRestart the worker.\n:::\n');
  assert.is(bracketed.page.html, spaced.page.html);
  assert.match(bracketed.page.html, '</span>My tip</p><div class="admonition-content">\n<p>Restart the worker.</p>');
  assert.equal(bracketed.warnings, []);
});

titles('a title is markdown: emphasis, code and links to other pages, checked like any link', async () => {
  const { page, warnings } = await renderPage(
    ':::note[Title with **bold** and `code`]\nText.\n:::\n\n:::info See [the setup](./setup.md#keys)\nText.\n:::\n',
    { 'docs/setup.md': '# Setup\n\n## Keys\n' },
  );
  assert.match(page.html, '</span>Title with <strong>bold</strong> and <code>code</code></p>');
  assert.match(page.html, '</span>See <a href="/base/docs/setup/#keys">the setup</a></p>');
  assert.equal(
    page.links.map(({ href, hash, line, column }) => ({ href, hash, line, column })),
    [{ href: '/base/docs/setup/', hash: 'keys', line: 5, column: 25 }],
  );
  assert.equal(warnings, []);
});

titles('a title is searched once, as text', async () => {
  const { page } = await renderPage(
    '## Keys\n\n:::warning[Back up **the** keystore]\nLose it and the app cannot update.\n:::\n',
  );
  assert.is(page.sections[0].text, 'Back up the keystore Lose it and the app cannot update.');
});

titles('admonitions nest with more colons around fewer, as Docusaurus nests them', async () => {
  const { page, warnings } = await renderPage(
    '::::info[Outer]\nBefore.\n\n:::tip Inner\nInside.\n:::\n\nAfter.\n::::\n',
  );
  assert.match(
    page.html,
    /admonition-info.*Outer.*<p>Before.<\/p>.*admonition-tip.*Inner.*<p>Inside.<\/p>.*<p>After.<\/p>/s,
  );
  assert.not.match(page.html, ':::');
  assert.equal(warnings, []);
});

titles.run();

const details = suite('collapsible sections');

details(':::details with a summary after a space or in brackets is a <details> under its <summary>', async () => {
  const spaced = await renderPage(':::details Show the log\nThe **whole** log.\n:::\n');
  const bracketed = await renderPage(':::details[Show the log]\nThe **whole** log.\n:::\n');
  assert.is(
    spaced.page.html,
    '<details><summary>Show the log</summary><div class="details-content">\n<p>The <strong>whole</strong> log.</p>\n</div></details>\n',
  );
  assert.is(bracketed.page.html, spaced.page.html);
});

details('without a summary it is "Details"; inside, any markdown works: lists, code, admonitions', async () => {
  const { page, warnings } = await renderPage(
    ':::details\n- one\n- two\n\n```ini\nx = 1\n```\n\n:::tip\nNested.\n:::\n:::\n\nAfter.\n',
  );
  assert.match(page.html, /^<details><summary>Details<\/summary><div class="details-content">\n<ul>/);
  assert.match(page.html, 'data-lang="ini"');
  assert.match(page.html, /admonition-tip.*<p>Nested.<\/p>\n<\/div><\/div>\n<\/div><\/details>\n<p>After.<\/p>/s);
  assert.equal(warnings, []);
});

details('a :::details never closed is an error at its line', async () => {
  try {
    await renderPage('Intro\n\n:::details More\nNever closed\n');
    assert.unreachable();
  } catch (error) {
    assert.is(
      (error as Error).message,
      "content/docs/page.md:3:1  ':::details' is never closed; add a line ':::' after its content",
    );
  }
});

details.run();

const copy = suite('titled containers in the markdown copy');

copy('bracketed titles and collapsible sections are quotes under their bold titles', async () => {
  const result = await buildFromMap({
    'docs/intro.md': [
      '# Intro',
      '',
      ':::tip[Use [the guide](./guide.md)]',
      'It helps.',
      ':::',
      '',
      ':::details[Show the log]',
      'The log.',
      ':::',
      '',
    ].join('\n'),
    'docs/guide.md': '# Guide\n',
  });
  assert.is(
    fileText(result, 'docs/intro/index.md'),
    [
      '# Intro',
      '',
      '> **Tip: Use [the guide](https://example.com/base/docs/guide/)**',
      '>',
      '> It helps.',
      '',
      '> **Show the log**',
      '>',
      '> The log.',
      '',
    ].join('\n'),
  );
});

copy.run();

const stray = suite('":::" lines that open no container');

stray(
  'an unknown name, a bracketed title with text after it and a stray closer are warnings at their lines',
  async () => {
    const { page, warnings } = await renderPage(
      [
        '---',
        'title: T',
        '---',
        ':::important',
        'Read this.',
        ':::',
        '',
        'Text.',
        '  :::Tip',
        '',
        ':::tip[Title] more',
        ':::',
        '',
        ':::secondary',
        ':::',
      ].join('\n'),
    );
    assert.equal(warnings, [
      "content/docs/page.md:4:1  ':::important' is not a container egdocs knows, so the line shows as text; the containers are ':::note', ':::tip', ':::info', ':::caution', ':::warning', ':::danger', ':::details', ':::tabs'",
      "content/docs/page.md:6:1  this ':::' closes no container, so it shows as text; remove it, or open a container above it at the same indentation (':::note', ':::tip', ':::info', ':::caution', ':::warning', ':::danger', ':::details', ':::tabs')",
      "content/docs/page.md:9:3  ':::Tip' is not a container egdocs knows, so the line shows as text; did you mean ':::tip'?",
      "content/docs/page.md:11:1  ':::tip' is written in a form egdocs does not read, so the line shows as text; write ':::tip', ':::tip Title' or ':::tip[Title]' alone on its line",
      "content/docs/page.md:12:1  this ':::' closes no container, so it shows as text; remove it, or open a container above it at the same indentation (':::note', ':::tip', ':::info', ':::caution', ':::warning', ':::danger', ':::details', ':::tabs')",
      "content/docs/page.md:14:1  ':::secondary' is not a container egdocs knows, so the line shows as text; the containers are ':::note', ':::tip', ':::info', ':::caution', ':::warning', ':::danger', ':::details', ':::tabs'",
      "content/docs/page.md:15:1  this ':::' closes no container, so it shows as text; remove it, or open a container above it at the same indentation (':::note', ':::tip', ':::info', ':::caution', ':::warning', ':::danger', ':::details', ':::tabs')",
    ]);
    assert.match(page.html, '<p>:::important\nRead this.\n:::</p>');
  },
);

stray('container lines in code, in inline code or inside a sentence are no warning', async () => {
  const { warnings } = await renderPage(
    '```md\n:::important\n:::tip[x] y\n:::\n```\n\nWrite `:::tip` and close with `:::`.\n\nThe ::: marks.\n',
  );
  assert.equal(warnings, []);
});

stray.run();
