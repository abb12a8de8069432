// Includes: `::include{file=... lines=... region=...}` brings another markdown file into a page before it is parsed,
// with links resolved from the included file and every problem reported where it is written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed, buildSiteFiles, createBuildCache } from '../../src/build.ts';
import { detailLines, type Diagnostic, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { sharedBundle, contentFiles, fileText, renderPage, testConfig } from '../helpers.ts';

const test = suite('includes');

const KEYSTORE = [
  '## Create a keystore', // 1
  '', // 2
  'Run keytool in a terminal.', // 3
  '', // 4
  '<!-- region android -->', // 5
  'See the [signing notes](../signing.md#notes) and ![key](./key.png).', // 6
  '<!-- endregion android -->', // 7
  '', // 8
  'Keep the file safe.', // 9
].join('\n');

const files = {
  'docs/_partials/keystore.md': `${KEYSTORE}\n`,
  'docs/_partials/key.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  'docs/signing.md': '# Signing\n\n## Notes\n\nText.\n',
};

/** The page docs/app/page.md with `body`, among the files here and `extra`. */
const render = (body: string, extra: Record<string, string | Uint8Array> = {}) =>
  renderPage({ ...files, 'docs/app/page.md': body, ...extra }, 'docs/app/page.md');

/** A diagnostic as the CLI prints it: the first line, then its notes (the related locations) with their lines. */
const printed = (d: Diagnostic) => [formatDiagnostic(d), ...detailLines(d).filter((line) => line.startsWith('note:'))];

test('a whole file is included in place: its heading is in the TOC and its text is searchable', async () => {
  const { page, diagnostics } = await render(
    '# Page\n\nBefore.\n\n::include{file="../_partials/keystore.md"}\n\nAfter.\n',
  );
  assert.equal(diagnostics, []);
  assert.match(
    page.html,
    /<p>Before.<\/p>\n<h2[^>]*id="create-a-keystore"[^]*Run keytool[^]*Keep the file safe.<\/p>\n<p>After.<\/p>/,
  );
  assert.not.match(page.html, 'region');
  assert.equal(
    page.headings.map((h) => [h.id, h.line]),
    [['create-a-keystore', 5]],
  );
  assert.ok(page.sections.some((s) => s.id === 'create-a-keystore' && s.text.includes('Run keytool')));
});

test('a line range takes those lines only', async () => {
  const { page, diagnostics } = await render(`::include{file="../_partials/keystore.md" lines="1-3"}\n`);
  assert.equal(diagnostics, []);
  assert.match(page.html, 'Run keytool');
  assert.not.match(page.html, 'Keep the file safe');
  const tail = await render(`::include{file="../_partials/keystore.md" lines=9-}\n`);
  assert.is(tail.page.html, '<p>Keep the file safe.</p>\n');
});

test('a region takes the lines between its markers, without them', async () => {
  const { page, diagnostics } = await render(`Steps:\n\n::include{file="../_partials/keystore.md" region="android"}\n`);
  assert.equal(diagnostics, []);
  assert.not.match(page.html, 'Run keytool');
  assert.not.match(page.html, 'region');
  assert.match(page.html, 'signing notes');
});

test('links and images in an included file resolve from that file, and are recorded at its lines', async () => {
  const { page } = await render(`Intro.\n\n::include{file="../_partials/keystore.md" region="android"}\n`);
  const link = page.links.find((l) => l.kind === 'markdown')!;
  const image = page.links.find((l) => l.kind === 'image')!;
  assert.is(link.href, '/base/docs/signing/');
  assert.is(link.hash, 'notes');
  assert.equal([link.file, link.line, link.column], ['content/docs/_partials/keystore.md', 6, 25]);
  assert.equal(link.includedFrom?.[0], {
    message: 'included here',
    location: { file: 'content/docs/app/page.md', line: 3, column: 1 },
  });
  assert.match(image.href, /^\/base\/assets\/images\/key-[0-9a-f]+\.png$/);
  assert.equal([image.file, image.line], ['content/docs/_partials/keystore.md', 6]);
  assert.match(page.html, 'href="/base/docs/signing/#notes"');
});

test('an include indented in a list item indents the included text, which stays in the item', async () => {
  const { page, diagnostics } = await render(
    `1. First\n\n   ::include{file="../_partials/keystore.md" lines="3"}\n2. Second\n`,
  );
  assert.equal(diagnostics, []);
  assert.match(page.html, /<li>\n<p>First<\/p>\n<p>Run keytool in a terminal.<\/p>\n<\/li>/);
});

test('a whole page included leaves its front matter out', async () => {
  const { page, diagnostics } = await render('::include{file="../signing.md"}\n', {
    'docs/signing.md': '---\ntitle: Signing\n---\nSigned text.\n',
  });
  assert.equal(diagnostics, []);
  assert.is(page.html, '<p>Signed text.</p>\n');
});

test('a directive inside fenced code is shown, not expanded', async () => {
  const { page } = await render('```md\n::include{file="../_partials/missing.md"}\n```\n');
  assert.match(page.html, '::include{file=');
});

test('each bad include is an error at its directive, and the rest of the page renders', async () => {
  const cases: [string, string][] = [
    [
      '::include{file="../_partials/nope.md"}',
      'content/docs/app/page.md:3:1  included file content/docs/_partials/nope.md does not exist; the path is relative to content/docs/app/page.md (a path starting with / starts at content/)',
    ],
    [
      '::include{file="../_partials/keystore.md" lines="5-40"}',
      'content/docs/app/page.md:3:1  lines="5-40" goes past the end of content/docs/_partials/keystore.md, which has 9 lines; end the range at line 9 at most, or write lines="5-" to take the rest of the file',
    ],
    [
      '::include{file="../_partials/keystore.md" lines="7-3"}',
      'content/docs/app/page.md:3:1  lines="7-3" is not a line range; write lines="5-20" (lines 5 to 20), lines="5" or lines="5-" (line 5 to the end)',
    ],
    [
      '::include{file="../_partials/keystore.md" region="ios"}',
      "content/docs/app/page.md:3:1  content/docs/_partials/keystore.md has no region 'ios'; its regions are android",
    ],
    [
      '::include{file="../_partials/keystore.md" lines="1" region="android"}',
      'content/docs/app/page.md:3:1  an include takes lines or region, not both; write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"',
    ],
    [
      '::include{path="x.md"}',
      'content/docs/app/page.md:3:1  unknown include attribute \'path\' (an include takes file, lines and region; one shown as code also lang, title, highlight and showLineNumbers); write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"',
    ],
    [
      '::include{file="../_partials/keystore.md"',
      'content/docs/app/page.md:3:1  ::include needs the file to include, in braces; write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"',
    ],
    [
      '::include',
      'content/docs/app/page.md:3:1  ::include needs the file to include, in braces; write ::include{file="../_partials/name.md"}, optionally with lines="5-20" or region="name"',
    ],
  ];
  for (const [directive, message] of cases) {
    const { page, diagnostics } = await render(`Before.\n\n${directive}\n\nAfter.\n`);
    assert.equal(diagnostics.map(formatDiagnostic), [message], directive);
    assert.is(diagnostics[0].severity, 'error');
    assert.is(page.html, '<p>Before.</p>\n<p>After.</p>\n', directive);
  }
});

test('a problem inside an included file names that file and line, with the including page as related', async () => {
  const { diagnostics } = await render('# Page\n\n::include{file="../_partials/outer.md"}\n', {
    'docs/_partials/outer.md': 'Outer.\n\n::include{file="inner.md"}\n',
    'docs/_partials/inner.md': 'Inner.\n\n```js\nnever closed\n',
  });
  assert.equal(diagnostics.map(printed), [
    [
      "content/docs/_partials/inner.md:3:1  code fence '```js' is never closed, so the text after it shows as code; add a line '```' after the code",
      'note: content/docs/_partials/outer.md:3:1  included here',
      'note: content/docs/app/page.md:3:1  included here',
    ],
  ]);
});

test('an unclosed region is an error at its opening marker in the included file', async () => {
  const { diagnostics } = await render('::include{file="../_partials/open.md" region="a"}\n', {
    'docs/_partials/open.md': 'x\n<!-- region a -->\ny\n',
  });
  assert.equal(diagnostics.map(printed), [
    [
      "content/docs/_partials/open.md:2:1  region 'a' is never closed; add a line <!-- endregion a --> where it ends",
      'note: content/docs/app/page.md:1:1  included here',
    ],
  ]);
});

test('an include cycle is an error naming the chain', async () => {
  const { diagnostics } = await render('::include{file="../_partials/a.md"}\n', {
    'docs/_partials/a.md': 'A.\n\n::include{file="b.md"}\n',
    'docs/_partials/b.md': 'B.\n\n::include{file="a.md"}\n',
  });
  assert.equal(diagnostics.map(printed), [
    [
      'content/docs/_partials/b.md:3:1  include cycle: content/docs/_partials/a.md → content/docs/_partials/b.md → content/docs/_partials/a.md; a file cannot include itself, directly or through others',
      'note: content/docs/_partials/a.md:3:1  included here',
      'note: content/docs/app/page.md:1:1  included here',
    ],
  ]);
});

test('includes nested past the limit are an error', async () => {
  const chain: Record<string, string> = {};
  for (let i = 0; i < 10; i++) chain[`docs/_partials/n${i}.md`] = `N${i}\n\n::include{file="n${i + 1}.md"}\n`;
  const { diagnostics } = await render('::include{file="../_partials/n0.md"}\n', chain);
  assert.is(diagnostics.length, 1);
  assert.match(diagnostics[0].message, /^includes nested more than 8 deep: content\/docs\/app\/page.md → /);
  assert.is(diagnostics[0].location?.file, 'content/docs/_partials/n7.md');
});

test('a partial is no page: no route, no sidebar entry, no search document, no unlisted warning', async () => {
  const config = testConfig({ docs: { sidebars: { docs: ['intro'] } } });
  const result = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: contentFiles({
      'docs/intro.md': '# Intro\n\n::include{file="_partials/steps.md"}\n',
      'docs/_partials/steps.md': '## Steps\n\nUniqueword here.\n',
    }),
  });
  assert.equal(result.diagnostics.map(formatDiagnostic), []);
  assert.not.ok(result.site.routes.some((route) => route.path.includes('partials')));
  assert.not.ok(result.files.some((file) => file.path.includes('partials')));
  assert.match(fileText(result, 'docs/intro/index.html'), 'Uniqueword here.');
});

test('check reports a broken link in a partial at the partial, with the including page as related', async () => {
  const config = testConfig({ docs: { sidebars: { docs: ['intro'] } } });
  const result = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: contentFiles({
      'docs/intro.md': '# Intro\n\n::include{file="_partials/steps.md"}\n',
      'docs/_partials/steps.md': 'Read [the guide](./guide.md).\n',
    }),
  });
  assert.equal(result.diagnostics.map(printed), [
    [
      "content/docs/_partials/steps.md:1:18  markdown link './guide.md' points to content/docs/_partials/guide.md, which does not exist",
      'note: content/docs/intro.md:3:1  included here',
    ],
  ]);
});

test('serve: editing a partial renders the pages that include it again, and only those', async () => {
  const config = testConfig({ docs: { sidebars: { docs: ['intro', 'other'] } } });
  const project = contentFiles({
    'docs/intro.md': '# Intro\n\n::include{file="_partials/steps.md"}\n',
    'docs/other.md': '# Other\n\nNo include.\n',
    'docs/_partials/steps.md': 'Version one.\n',
  });
  const cache = createBuildCache();
  await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  project.texts.set('content/docs/_partials/steps.md', 'Version two.\n');
  const warm = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  assert.is(warm.rendered.pages, 1);
  assert.match(fileText(warm, 'docs/intro/index.html'), 'Version two.');
  assert.not.match(fileText(warm, 'docs/intro/index.html'), 'Version one.');
  const cold = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: project,
    cache: createBuildCache(),
  });
  assert.is(fileText(warm, 'docs/intro/index.html'), fileText(cold, 'docs/intro/index.html'));
});

test('serve: a page whose include is missing builds once the partial is created', async () => {
  const config = testConfig({ docs: { sidebars: { docs: ['intro'] } } });
  const project = contentFiles({ 'docs/intro.md': '# Intro\n\n::include{file="_partials/later.md"}\n' });
  const cache = createBuildCache();
  try {
    await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
    assert.unreachable('a missing include fails the build');
  } catch (error) {
    assert.match(
      formatDiagnostic((error as BuildFailed).diagnostics[0]),
      'included file content/docs/_partials/later.md',
    );
  }
  project.texts.set('content/docs/_partials/later.md', 'Here now.\n');
  const warm = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  assert.match(fileText(warm, 'docs/intro/index.html'), 'Here now.');
});

test.run();
