import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { CodeHighlighter } from '../../src/markdown/plugins/highlight.ts';
import { parseFenceInfo } from '../../src/markdown/plugins/shiki.ts';
import type { Page } from '../../src/shared/model/types.ts';
import { contentFiles, testConfig } from '../helpers.ts';

const test = suite('markdown stage');

async function render(
  body: string,
  extra: Record<string, string> = {},
): Promise<{ page: Page; diagnostics: Diagnostics }> {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const content = routeContent(parseContent(contentFiles({ 'docs/page.md': body, ...extra }), diagnostics), config);
  const md = await createMarkdown({ config, content, diagnostics });
  return { page: await md.render(content.sources.find((s) => s.file === 'content/docs/page.md')!), diagnostics };
}

test('fence info: language, title, highlighted lines and line numbers', () => {
  const info = parseFenceInfo('ini title="php.ini" {1,3-4} showLineNumbers');
  assert.is(info.lang, 'ini');
  assert.is(info.title, 'php.ini');
  assert.equal([...info.highlight], [1, 3, 4]);
  assert.ok(info.lineNumbers);
});

test('code is highlighted at build time for both themes, with title and marked lines', async () => {
  const { page } = await render('```ini title="php.ini" {2}\nmemory_limit = 512M\npost_max_size = 128M\n```\n');
  assert.match(page.html, '<div class="code-title">php.ini</div>');
  assert.match(page.html, '--shiki-light:');
  assert.match(page.html, '--shiki-dark:');
  assert.is(page.html.match(/class="line highlighted"/g)?.length, 1);
  assert.match(page.html, 'data-lang="ini"');
});

test('blocks highlighted after the first pass fill the page and its excerpt, repeated or beside a NUL', async () => {
  const block = '```bash\necho "$HOME"\n```\n';
  const { page } = await render(
    `${block}\n<!-- truncate -->\n\n${block}\nA NUL \u0000 here.\n\n\`\`\`yaml\nkey: 1\n\`\`\`\n`,
  );
  for (const html of [page.html, page.excerptHtml!]) assert.not.match(html, '\u0000');
  assert.is(page.excerptHtml!.match(/data-lang="bash"/g)?.length, 1);
  assert.is(page.html.match(/data-lang="bash"/g)?.length, 2);
  assert.match(page.html, /data-lang="yaml".*--shiki-light:/s);
  assert.match(page.html, 'A NUL \uFFFD here.');
});

test('code highlighted in a worker thread is the same, byte for byte, as in this thread', async () => {
  const config = testConfig();
  // Several grammars, a markdown block fencing code of a language another page uses, marked lines, an unknown one.
  const files = {
    'docs/a.md': '```bash {2}\necho "$HOME"\ncd /srv\n```\n\n```md\n# Title\n\n```dart\nvoid main() {}\n```\n```\n',
    'docs/b.md': '```dart showLineNumbers\nvoid main() => print(1);\n```\n\n```nosuchlang\nx\n```\n',
    'docs/c.md': '```yaml title="c.yml"\nkey: [1, 2]\n```\n\n```php\n<?php echo "hi"; ?>\n```\n',
  };
  const pagesWith = async (highlightThread: boolean) => {
    const diagnostics = new Diagnostics();
    const content = routeContent(parseContent(contentFiles(files), diagnostics), config);
    const highlighter = new CodeHighlighter();
    const md = await createMarkdown({ config, content, diagnostics, speed: { highlighter, highlightThread } });
    const pages = await md.renderPages(content.sources, (_, error) => assert.unreachable(String(error)));
    // With the thread, each block is highlighted once: by the worker, or here if the worker had not reached its grammar.
    assert.is(highlighter.fromThread + highlighter.sharedHere, highlightThread ? 7 : 0);
    return pages.map((page) => page.html);
  };
  const [inWorker, here] = [await pagesWith(true), await pagesWith(false)];
  assert.is(inWorker.length, 3);
  assert.match(inWorker[1], /data-lang="dart".*--shiki-light:/s);
  assert.equal(inWorker, here);
});

test('filling replaces the marks and leaves any other NUL where it was', async () => {
  const code = new CodeHighlighter();
  code.begin(() => ['bash']);
  const mark = code.highlight('ls -l', parseFenceInfo('bash'));
  assert.is(mark.charCodeAt(0), 0);
  await code.flush();
  // A copied title from front matter may hold a NUL of its own, before or after a mark.
  const filled = code.fill(`a\u0000b ${mark} c\u0000`);
  assert.match(filled, /^a\u0000b <pre[^]*<\/pre> c\u0000$/);
  assert.match(filled, 'data-lang="bash"');
});

test('an unknown language renders as escaped plain text', async () => {
  const { page } = await render('```nosuchlang\n<script>alert(1)</script>\n```\n');
  assert.match(page.html, '&#x3C;script>');
  assert.not.match(page.html, '<script>');
});

test('links are recorded with their file line and column', async () => {
  const { page } = await render(
    '---\ntitle: T\n---\n\nIntro line.\n\nSee [the other](./other.md#part) and [top](#top).\n',
    { 'docs/other.md': '# Other\n\n## Part\n' },
  );
  const [first, second] = page.links;
  assert.equal(
    { kind: first.kind, href: first.href, hash: first.hash, line: first.line, column: first.column },
    { kind: 'markdown', href: '/base/docs/other/', hash: 'part', line: 7, column: 17 },
  );
  assert.equal(
    { kind: second.kind, line: second.line, column: second.column },
    { kind: 'anchor', line: 7, column: 44 },
  );
});

test('headings are listed with level, id, text and file line', async () => {
  const { page } = await render('---\ntitle: T\n---\n## First `code`\n\n### Second\n');
  assert.equal(page.headings, [
    { level: 2, id: 'first-code', text: 'First code', line: 4 },
    { level: 3, id: 'second', text: 'Second', line: 6 },
  ]);
});

test('an admonition that is never closed is an error at its opening line', async () => {
  try {
    await render('Intro\n\n:::danger\nNever closed\n');
    assert.unreachable();
  } catch (error) {
    assert.is(
      (error as Error).message,
      "content/docs/page.md:3:1  ':::danger' is never closed; add a line ':::' after its content",
    );
  }
});

test('tabs: every mistake is an error at its line, and the page still renders', async () => {
  const body = [
    '---',
    'title: T',
    '---',
    '', // front matter: the body starts at file line 5
    ':::tabs Platform',
    'Stray text.',
    '::tab Android',
    'A',
    '::tab',
    'B',
    '::tab android',
    'C',
    ':::',
    '',
    ':::tabs',
    ':::',
    '',
    ':::tabs os',
    '::tab Windows',
    'never closed',
  ].join('\n');
  const { page, diagnostics } = await render(body);
  assert.equal(diagnostics.errors.map(formatDiagnostic), [
    "content/docs/page.md:5:1  ':::tabs Platform' names its group with lowercase letters, digits and hyphens only; write a group key such as ':::tabs platform', or ':::tabs' alone for a block that stands alone",
    "content/docs/page.md:6:1  text before the first '::tab' of ':::tabs' belongs to no tab; start each tab with a line '::tab Label'",
    "content/docs/page.md:9:1  '::tab' needs a label; write '::tab Android'",
    "content/docs/page.md:11:1  two tabs of one ':::tabs' are both 'android'; give each tab of a block its own label",
    "content/docs/page.md:15:1  ':::tabs' has no tabs; start each tab with a line '::tab Label'",
    "content/docs/page.md:18:1  ':::tabs' is never closed; add a line ':::' after the last tab",
  ]);
  assert.equal(diagnostics.errors[3].related, [
    { message: 'the other tab', location: { file: 'content/docs/page.md', line: 7, column: 1 } },
  ]);
  assert.match(page.html, 'data-tab="windows"');
});

test('two tab blocks on a page get their own ids; headings inside panels are in the TOC', async () => {
  const { page } = await render(':::tabs\n::tab A\n## Inside A\n::tab B\nb\n:::\n\n:::tabs\n::tab A\na\n:::\n');
  assert.match(page.html, 'id="tabs-1-a"');
  assert.match(page.html, 'id="tabs-2-a"');
  assert.equal(
    page.headings.map((h) => h.id),
    ['inside-a'],
  );
});

test('an unknown GitHub alert type is a warning that names the known ones', async () => {
  const { diagnostics } = await render('Text\n\n> [!NOTES]\n> Hello\n');
  assert.equal(diagnostics.warnings.map(formatDiagnostic), [
    "content/docs/page.md:3:1  '[!NOTES]' is not a GitHub alert type, so the quote stays a quote; did you mean '[!NOTE]'?",
  ]);
});

test('a missing image is a warning at its position', async () => {
  const { diagnostics } = await render('Text\n\n![Diagram](./img/missing.svg)\n');
  assert.equal(diagnostics.warnings.map(formatDiagnostic), [
    "content/docs/page.md:3:12  image './img/missing.svg' not found (looked for content/docs/img/missing.svg)",
  ]);
});

test('the title comes from front matter, else the leading h1', async () => {
  assert.is((await render('---\ntitle: From FM\n---\n# From H1\n')).page.title, 'From FM');
  assert.is((await render('# From H1\n\nBody.\n')).page.title, 'From H1');
});

test('the excerpt stops at the truncate marker', async () => {
  const { page } = await render('Summary here.\n\n<!-- truncate -->\n\nThe rest.\n');
  assert.is(page.excerptHtml, '<p>Summary here.</p>\n');
  assert.match(page.html, 'The rest.');
});

test('plain text and word count leave out code blocks', async () => {
  const { page } = await render('One two `three`.\n\n```bash\nnot counted at all\n```\n\n- four five\n');
  assert.is(page.wordCount, 5);
  assert.not.match(page.text, 'counted');
});

test('ids written in raw HTML are anchors too', async () => {
  const { page } = await render('<a id="legacy-anchor"></a>\n\n## Heading\n');
  assert.ok(page.anchors.includes('legacy-anchor'));
  assert.ok(page.anchors.includes('heading'));
});

test.run();
