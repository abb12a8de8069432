// The markdown copy of a doc (docs/<id>/index.md): what llms.txt links to and "Copy page as Markdown" copies. It must
// hold everything the page says, included text too, in markdown that reads without egdocs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('the markdown copy of a doc');

const FENCE = '```';

const SITE = {
  'docs/intro.md': [
    '---',
    'title: Install',
    '---',
    'Read the [setup guide](./guide.md) first.',
    '',
    '::include{file="_partials/keys.md"}',
    '',
    ':::tabs platform',
    '::tab Android',
    'Open the Android project.',
    '::tab iOS',
    'Open the Xcode workspace.',
    '',
    ':::note',
    'Xcode must be signed in.',
    ':::',
    ':::',
    '',
    '> [!TIP]',
    '> Keep the keystore safe.',
    '',
    '1. Build the app.',
    '',
    '   :::warning Do not skip this',
    '   Signing is required.',
    '   :::',
    '2. Upload it.',
    '',
    `${FENCE}md`,
    '::include{file="_partials/keys.md"}',
    ':::tip',
    FENCE,
    '',
  ].join('\n'),
  'docs/_partials/keys.md': [
    '## Keys',
    '',
    'Create a key as the [guide](../guide.md#keys) says.',
    '',
    ':::caution',
    'Never share the key.',
    ':::',
    '',
  ].join('\n'),
  'docs/guide.md': '# Guide\n\n## Keys\n\nText.\n',
};

test('included text is in the copy, and tabs, admonitions and alerts are plain markdown', async () => {
  const result = await buildFromMap(SITE);
  assert.is(
    fileText(result, 'docs/intro/index.md'),
    [
      '# Install',
      '',
      'Read the [setup guide](https://example.com/base/docs/guide/) first.',
      '',
      '## Keys',
      '',
      'Create a key as the [guide](https://example.com/base/docs/guide/#keys) says.',
      '',
      '> **Caution**',
      '>',
      '> Never share the key.',
      '',
      '**Android**',
      '',
      'Open the Android project.',
      '',
      '**iOS**',
      '',
      'Open the Xcode workspace.',
      '',
      '> **Note**',
      '>',
      '> Xcode must be signed in.',
      '',
      '> **Tip**',
      '>',
      '> Keep the keystore safe.',
      '',
      '1. Build the app.',
      '',
      '   > **Warning: Do not skip this**',
      '   >',
      '   > Signing is required.',
      '',
      '2. Upload it.',
      '',
      // A directive shown in code is an example, kept as written.
      `${FENCE}md`,
      '::include{file="_partials/keys.md"}',
      ':::tip',
      FENCE,
      '',
    ].join('\n'),
  );
});

test("every line of a doc's text is in its copy, and no directive is left outside code", async () => {
  const result = await buildFromMap(SITE);
  for (const page of result.site.pages.filter((p) => p.source.kind === 'doc')) {
    const copy = fileText(result, `${page.source.route.slice('/base/'.length)}index.md`);
    // The copy as a reader sees its words: no link targets, emphasis, code marks or quote marks.
    const words = copy
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*`]/g, '')
      .replace(/^[ >]*/gm, '');
    for (const line of page.text.split('\n').filter((l) => l.trim()))
      assert.ok(words.includes(line), `${page.source.file}: '${line}' is not in its copy`);
    const prose = copy.replace(/^```[^]*?^```$/gm, '');
    assert.not.match(prose, /^[ >]*(::include|:::|::tab|\[!)/m, page.source.file);
  }
});

test.run();
