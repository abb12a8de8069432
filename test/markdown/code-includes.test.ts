// Code includes: `::include{file="./main.dart" ...}` of a file that is not markdown shows its text as a fenced code
// block, as if the fence were written in the page: whole, by lines or by a region marked in the code's own comments.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles, createBuildCache } from '../../src/build.ts';
import { detailLines, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { CodeHighlighter, fenceLanguages } from '../../src/markdown/plugins/highlight.ts';
import { contentFiles, fileText, renderPage, sharedBundle, testConfig } from '../helpers.ts';

const test = suite('code includes');

const MAIN_DART = [
  "import 'package:flutter/material.dart';", // 1
  '', // 2
  '// region main', // 3
  'void main() {', // 4
  '  runApp(const App());', // 5
  '}', // 6
  '// endregion main', // 7
  '', // 8
  '# region not-a-marker', // 9
].join('\n');

const files = { 'docs/app/snippets/main.dart': `${MAIN_DART}\n` };

// One highlighter for every page here, as serve keeps one: Shiki warns when a process opens ten.
const highlighter = new CodeHighlighter();

/** The page docs/app/page.md with `body`, among the files here and `extra`. */
const render = (body: string, extra: Record<string, string | Uint8Array> = {}) =>
  renderPage({ ...files, 'docs/app/page.md': body, ...extra }, 'docs/app/page.md', { highlighter });

/** The page an include renders, and the page the same fence written out renders: they must be the same. */
async function sameAsWritten(directive: string, fence: string, extra: Record<string, string | Uint8Array> = {}) {
  const included = await render(`# Page\n\n${directive}\n`, extra);
  const written = await render(`# Page\n\n${fence}\n`, extra);
  assert.equal(included.diagnostics, []);
  assert.is(included.page.html, written.page.html);
  return included.page;
}

test('a code file is shown whole as a fenced block in the language its extension names', async () => {
  const page = await sameAsWritten(
    '::include{file="./snippets/main.dart"}',
    '```dart\n' + `${MAIN_DART.replace('// region main\n', '').replace('// endregion main\n', '')}\n` + '```',
  );
  assert.match(page.html, 'data-lang="dart"');
  assert.match(page.html, 'runApp');
});

test("lines and a region take part of the file; region markers are the code's own comments, and are left out", async () => {
  await sameAsWritten(
    '::include{file="./snippets/main.dart" lines="4-6"}',
    '```dart\nvoid main() {\n  runApp(const App());\n}\n```',
  );
  await sameAsWritten(
    '::include{file="./snippets/main.dart" region="main"}',
    '```dart\nvoid main() {\n  runApp(const App());\n}\n```',
  );
  // `#` comments mark regions in YAML, `<!-- -->` in HTML; `//` is no comment there, so it stays as code.
  await sameAsWritten(
    '::include{file="./snippets/config.yaml" region="keys"}',
    '```yaml\nkey: one\n// region not-a-marker\n```',
    { 'docs/app/snippets/config.yaml': 'top: 1\n# region keys\nkey: one\n// region not-a-marker\n# endregion keys\n' },
  );
  await sameAsWritten('::include{file="./snippets/index.html" region="body"}', '```html\n<p>Hi</p>\n```', {
    'docs/app/snippets/index.html': '<html>\n  <!-- region body -->\n<p>Hi</p>\n  <!-- endregion body -->\n</html>\n',
  });
});

test('lang, title, highlight and showLineNumbers are the fence options of a written block', async () => {
  const page = await sameAsWritten(
    '::include{file="./snippets/main.dart" region="main" lang="java" title="lib/main.dart" highlight="2" showLineNumbers}',
    '```java title="lib/main.dart" {2} showLineNumbers\nvoid main() {\n  runApp(const App());\n}\n```',
  );
  assert.match(page.html, '<div class="code-title">lib/main.dart</div>');
  assert.match(page.html, 'line-numbers');
  assert.match(page.html, /<span class="line highlighted">.*runApp/);
  await sameAsWritten(
    `::include{file="./snippets/main.dart" lines="4-6" title='The "main" function' highlight="1, 3"}`,
    `\`\`\`dart title='The "main" function' {1,3}\nvoid main() {\n  runApp(const App());\n}\n\`\`\``,
  );
});

test('a markdown file given a lang is shown as its source, front matter and directives included', async () => {
  const partial = '---\ntitle: Part\n---\n## Steps\n\n::include{file="other.md"}\n';
  await sameAsWritten('::include{file="./part.md" lang="md"}', '```md\n' + partial + '```', {
    'docs/app/part.md': partial,
  });
});

test('code holding a fence of its own is shown whole, in a longer fence', async () => {
  const readme = 'Run:\n\n```bash\nnpm test\n```\n';
  const page = await sameAsWritten('::include{file="./snippets/README.txt"}', '````text\n' + readme + '````', {
    'docs/app/snippets/README.txt': readme,
  });
  assert.match(page.html, 'npm test');
});

test('indented in a list item, the code block stays in the item', async () => {
  const { page, diagnostics } = await render(
    '1. Write the app:\n\n   ::include{file="./snippets/main.dart" lines="4-6"}\n2. Run it.\n',
  );
  assert.equal(diagnostics, []);
  assert.match(page.html, /<li>\n<p>Write the app:<\/p>\n<div class="code-block">[^]*runApp[^]*<\/pre><\/div>\n<\/li>/);
});

test('the markdown copy shows the code as the fence it became', async () => {
  const { page } = await render(
    '# Page\n\n::include{file="./snippets/main.dart" region="main" title="lib/main.dart"}\n',
  );
  assert.is(
    page.markdownCopy,
    '# Page\n\n```dart title="lib/main.dart"\nvoid main() {\n  runApp(const App());\n}\n```\n',
  );
});

test("a highlight comment's problem is reported at its line of the code file, with the directive as related", async () => {
  const { diagnostics } = await render('# Page\n\n::include{file="./snippets/open.ts"}\n', {
    'docs/app/snippets/open.ts': 'const a = 1;\n// highlight-start\nconst b = 2;\n',
  });
  assert.equal(
    diagnostics.map((d) => [formatDiagnostic(d), ...detailLines(d).filter((line) => line.startsWith('note:'))]),
    [
      [
        "content/docs/app/snippets/open.ts:2:1  'highlight-start' is never ended, so every line after it to the end of the code is highlighted; put '// highlight-end' on a line of its own after the last line to highlight",
        'note: content/docs/app/page.md:3:1  included here',
      ],
    ],
  );
});

test('the highlighter is given the languages of included code with those of written fences', () => {
  const languages = fenceLanguages([
    '```bash\nls\n```\n\n::include{file="./main.dart"}\n\n::include{file="x.txt" lang="kotlin"}\n\n::include{file="x.md"}\n',
  ]);
  assert.equal([...languages].sort(), ['bash', 'dart', 'kotlin']);
});

test('serve: saving a code file renders again the pages that show it, and only those', async () => {
  const config = testConfig({ docs: { sidebars: { docs: ['intro', 'other'] } } });
  const project = contentFiles({
    'docs/intro.md': '# Intro\n\n::include{file="snippets/main.dart"}\n',
    'docs/other.md': '# Other\n\nNo include.\n',
    'docs/snippets/main.dart': 'void versionOne() {}\n',
  });
  const cache = createBuildCache();
  await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  project.assets.set('content/docs/snippets/main.dart', new TextEncoder().encode('void versionTwo() {}\n'));
  const warm = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  assert.is(warm.rendered.pages, 1);
  assert.match(fileText(warm, 'docs/intro/index.html'), 'versionTwo');
  assert.not.match(fileText(warm, 'docs/intro/index.html'), 'versionOne');
  // The code file is shown in the page, not published beside it.
  assert.not.ok(warm.files.some((file) => file.path.endsWith('.dart')));
  const cold = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: project,
    cache: createBuildCache(),
  });
  assert.is(fileText(warm, 'docs/intro/index.html'), fileText(cold, 'docs/intro/index.html'));
});

test.run();
