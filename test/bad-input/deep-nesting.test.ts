// Markdown nested past the parser's limit: markdown-it stops reading the block there and drops the rest of it (with
// 50 nested lists, the rest of the page). The build says so, at the line where text starts to go missing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { success } from './report.ts';

const test = suite('bad input: markdown nested too deeply');

const list = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

test('50 nested lists warn once, at the first line left out', async () => {
  const { printed } = await success({ 'docs/a.md': `# A\n\n${list(50)}\n\nAfter the list.\n` });
  assert.equal(printed, [
    'warning  content/docs/a.md:52:99  markdown is nested too deeply here (the parser stops at 100 open elements: a list item is two), so this line and the rest of its block are left out of the page; nest fewer blockquotes and lists',
  ]);
});

test('nesting within the limit builds every line without a warning', async () => {
  const { result, printed } = await success({ 'docs/a.md': `# A\n\n${list(40)}\n\nAfter the list.\n` });
  assert.equal(printed, []);
  const page = result.site.pages[0];
  assert.match(page.html, 'item 39');
  assert.match(page.html, 'After the list.');
});

test.run();
