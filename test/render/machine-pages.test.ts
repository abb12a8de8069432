import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/config/load.ts';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('pages for machines and the foot of a doc');

const SITE = {
  'docs/intro.md':
    '---\ndescription: Start here.\n---\n# Introduction\n\nRead [the setup](./guide/setup.md#install).\n',
  'docs/guide/setup.md':
    '---\ntitle: Setup\ndescription: |\n  Install it\n  in two steps.\n---\nSee [intro](../intro.md) and ![logo](/img/logo.png).\n\n[Back](#top) or [out](https://x.dev/).\n',
  'docs/guide/faq.md': '# FAQ\n\nQuestions.\n',
  'docs/loose.md': '# Loose\n\nIn no sidebar.\n',
  'static/img/logo.png': 'png',
};
const CONFIG = {
  tagline: 'Docs for testing',
  docs: {
    sidebars: {
      docs: ['intro', { type: 'category', label: 'Guide', items: ['guide/faq', 'guide/setup'] }],
    },
  },
};

test('llms.txt has the title, the tagline, then the docs in sidebar order under their categories', async () => {
  const result = await buildFromMap(SITE, CONFIG);
  assert.is(
    fileText(result, 'llms.txt'),
    [
      '# Test Docs',
      '',
      '> Docs for testing',
      '',
      '## Docs',
      '',
      '- [Introduction](https://example.com/base/docs/intro/index.md): Start here.',
      '',
      '## Guide',
      '',
      '- [FAQ](https://example.com/base/docs/guide/faq/index.md)',
      '- [Setup](https://example.com/base/docs/guide/setup/index.md): Install it in two steps.',
      '',
      '## Optional',
      '',
      '- [Loose](https://example.com/base/docs/loose/index.md)',
      '',
    ].join('\n'),
  );
});

test('llms.txt starts with the main doc when no sidebar lists it', async () => {
  const result = await buildFromMap(SITE, { docs: { sidebars: { docs: ['guide/setup'] } } });
  const headings = fileText(result, 'llms.txt')
    .split('\n')
    .filter((line) => line.startsWith('#') || line.startsWith('- '))
    .map((line) => line.replace(/\]\(.*/, ']'));
  assert.equal(headings, [
    '# Test Docs',
    '## Docs',
    '- [Introduction]',
    '- [Setup]',
    '## Optional',
    '- [FAQ]',
    '- [Loose]',
  ]);
});

test('each doc has a markdown copy beside its page: title first, no front matter, links made absolute', async () => {
  const result = await buildFromMap(SITE, CONFIG);
  assert.is(
    fileText(result, 'docs/guide/setup/index.md'),
    '# Setup\n\nSee [intro](https://example.com/base/docs/intro/) and ![logo](https://example.com/base/img/logo.png).\n\n[Back](#top) or [out](https://x.dev/).\n',
  );
  // The title was the body's own heading: not written twice.
  assert.is(
    fileText(result, 'docs/intro/index.md'),
    '# Introduction\n\nRead [the setup](https://example.com/base/docs/guide/setup/#install).\n',
  );
  // Only docs have copies, and the sitemap lists pages, not copies.
  assert.not.ok(result.files.some((file) => file.path.endsWith('.md') && !file.path.startsWith('docs/')));
  assert.not.match(fileText(result, 'sitemap.xml'), '.md<');
});

test('the foot of a doc links to the edit URL and the markdown copy; nothing is said of dates unless asked', async () => {
  const result = await buildFromMap(SITE, {
    ...CONFIG,
    docs: { ...CONFIG.docs, editUrl: 'https://github.com/o/r/edit/main/{path}' },
  });
  const html = fileText(result, 'docs/guide/setup/index.html');
  assert.match(
    html,
    '<div class="doc-footer"><a class="edit-link" href="https://github.com/o/r/edit/main/content/docs/guide/setup.md">Edit this page</a>' +
      '<a class="copy-page" href="/base/docs/guide/setup/index.md" data-copy-page="">Copy page as Markdown</a></div>',
  );
  assert.not.match(html, 'Last updated');
  // Shown as HTML, like the markdown: not repeated in the props the page hydrates with.
  assert.is(html.split('Edit this page').length, 2);
  const payload = JSON.parse(fileText(result, 'docs/guide/setup/page-data.json'));
  assert.is(payload.route.data.editUrl, 'https://github.com/o/r/edit/main/content/docs/guide/setup.md');
});

test('a docs.editUrl that is not a URL with {path} is an error at its line and column', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-edit-'));
  const write = (editUrl: string) =>
    writeFile(
      path.join(dir, 'site.config.ts'),
      [
        'export default {',
        "  title: 'T',",
        "  url: 'https://t.dev',",
        `  docs: { editUrl: '${editUrl}' },`,
        '};',
        '',
      ].join('\n'),
    );
  const problem = async () => {
    try {
      await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    } catch (error) {
      assert.instance(error, BuildFailed);
      return (error as BuildFailed).diagnostics.map(formatDiagnostic);
    }
    throw new Error('expected a config error');
  };
  try {
    const hint = "write it like 'https://github.com/owner/repo/edit/main/{path}'";
    await write('https://github.com/o/r/edit/main/');
    assert.equal(await problem(), [
      `site.config.ts:4:20  docs.editUrl must contain {path}, where the doc's file path goes; ${hint}`,
    ]);
    await write('github.com/o/r/edit/main/{path}');
    assert.equal(await problem(), [
      `site.config.ts:4:20  docs.editUrl must be an http(s) URL, got 'github.com/o/r/edit/main/{path}'; ${hint}`,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
