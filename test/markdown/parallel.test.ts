// Pages rendered by a markdown worker are the pages this thread renders: the same HTML (code blocks highlighted by
// this thread's highlighter and filled in), text, headings, links and lookups, the same messages in the same order,
// and the same failures.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { MarkdownWorkers } from '../../src/markdown/parallel.ts';
import { CodeHighlighter } from '../../src/markdown/plugins/highlight.ts';
import { contentFiles, testConfig } from '../helpers.ts';

const test = suite('markdown: worker threads');

const LANGS = ['bash', 'yaml', 'dart', 'nosuchlang'];
const files: Record<string, string> = { 'docs/_shared.md': '## Shared steps\n\nRun `composer install` first.\n' };
for (let i = 0; i < 160; i++) {
  const parts = [
    `---\ntitle: Page ${i}\n---\n`,
    `Text of page ${i}, see [the next](./p${(i + 1) % 160}.md#setup).\n`,
    '## Setup\n',
    // Some blocks repeat across pages (the highlighter sees them once), some are the page's own.
    `\`\`\`${LANGS[i % LANGS.length]} ${i % 3 === 0 ? 'showLineNumbers' : '{1}'}\nline one ${i % 5}\nline two\n\`\`\`\n`,
  ];
  if (i % 5 === 0) parts.push('::include{file="./_shared.md"}\n');
  if (i % 7 === 0) parts.push(`![missing](./img-${i}.png)\n`);
  if (i % 11 === 0) parts.push('<!-- truncate -->\n\nAfter the excerpt.\n');
  if (i === 150) parts.push(':::tip\nnever closed\n');
  files[`docs/p${i}.md`] = parts.join('\n');
}

async function renderAll(workers?: MarkdownWorkers) {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const content = routeContent(parseContent(contentFiles(files), diagnostics), config);
  // The page cache records what each page looked up (routes of linked files, included texts, images), which decides
  // when a later build may reuse it.
  const cache = new Map();
  const md = await createMarkdown({
    config,
    content,
    diagnostics,
    speed: { highlighter: new CodeHighlighter(), highlightThread: true, cache, workers },
  });
  const failures: string[] = [];
  const pages = await md.renderPages(content.sources, (source, error) =>
    failures.push(`${source.file}: ${(error as Error).message}`),
  );
  return {
    pages: pages.map(({ source, ...page }) => ({ file: source.file, ...page })),
    diagnostics: diagnostics.items.map(formatDiagnostic),
    failures,
    inWorkers: md.renderedInWorkers,
    lookups: [...cache].map(([file, { lookups }]) => [file, lookups]),
  };
}

test('a worker renders a share of the pages, and they are the pages this thread renders', async () => {
  const alone = await renderAll();
  const shared = await renderAll(new MarkdownWorkers(1));
  // However fast this thread is, the worker renders the chunks it is sent with its setup (two of at least 16).
  assert.ok(shared.inWorkers >= 32, `the worker rendered ${shared.inWorkers} pages`);
  assert.is(alone.inWorkers, 0);
  assert.is(shared.pages.length, 159);
  assert.equal(shared.failures, alone.failures);
  assert.match(shared.failures[0], "':::tip' is never closed");
  assert.equal(shared.diagnostics, alone.diagnostics);
  assert.equal(shared.lookups, alone.lookups);
  assert.ok(shared.lookups.flatMap(([, lookups]) => lookups).some(([table]: [string]) => table === 'text'));
  assert.ok(shared.diagnostics.some((line) => line.includes('img-7.png')));
  for (const [i, page] of alone.pages.entries()) assert.equal(shared.pages[i], page, page.file);
  // The blocks the worker marked were highlighted and filled in: no mark is left, and its pages have colours.
  const last = shared.pages.at(-1)!;
  assert.not.match(last.html, '\u0000');
  assert.match(last.html, /--shiki-light:/);
});

test('too few pages to share: the worker is stopped and this thread renders them all', async () => {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const content = routeContent(
    parseContent(contentFiles({ 'docs/a.md': '# A\n', 'docs/b.md': '# B\n' }), diagnostics),
    config,
  );
  const workers = new MarkdownWorkers(1);
  const md = await createMarkdown({ config, content, diagnostics, speed: { workers } });
  const pages = await md.renderPages(content.sources, (_, error) => assert.unreachable(String(error)));
  assert.is(pages.length, 2);
  assert.is(md.renderedInWorkers, 0);
  assert.is(workers.count, 0);
});

test.run();
