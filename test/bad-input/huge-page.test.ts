// A huge page (a pasted log, a generated reference): it builds, with nothing quadratic in the number of headings
// and nothing recursive enough to overflow the stack. The page of sections is 2 MB, some 5,000 headings: enough that
// the quadratic heading lookup markdown-it-anchor once did (125 s on 5 MB) would take about 20 s here, while the
// build itself takes a few seconds. Times are in the messages only: the machine decides them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileText } from '../helpers.ts';
import { success } from './report.ts';

const test = suite('bad input: a huge page');

const MB = 1024 * 1024;

/** One section of an ordinary docs page: heading, prose with a link, a list, a table, code and a quote. */
const section = (i: number) =>
  `## Step ${i}\n\nRun the [installer](./intro.md) and check the *output* of \`step ${i}\`. ${'Fresh groceries, delivered. '.repeat(8)}\n\n` +
  `- first\n- second\n  - nested\n\n| key | value |\n|---|---|\n| a | ${i} |\n\n\`\`\`sh\nnpm run step-${i % 20}\n\`\`\`\n\n> Note ${i}\n\n`;

test('a 2 MB page of ordinary sections builds, with every heading and its anchor', async () => {
  const parts = ['# Reference\n\n'];
  let size = parts[0].length;
  for (let i = 0; size < 2 * MB; i++) size += parts[parts.push(section(i)) - 1].length;
  const start = performance.now();
  const { result, printed } = await success({ 'docs/intro.md': '# Intro\n', 'docs/reference.md': parts.join('') });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  assert.equal(printed, []);
  const page = result.site.pages.find((p) => p.source.file === 'content/docs/reference.md')!;
  assert.is(page.headings.length, parts.length - 1, `built in ${seconds} s`);
  const body = page.source.body;
  const lastLine = body.slice(0, body.lastIndexOf('## Step')).split('\n').length;
  assert.equal(page.headings.at(-1), {
    level: 2,
    id: `step-${parts.length - 2}`,
    text: `Step ${parts.length - 2}`,
    line: lastLine,
  });
  const html = fileText(result, 'docs/reference/index.html');
  assert.match(
    html,
    `<h2 id="step-${parts.length - 2}">Step ${parts.length - 2} <a class="hash-link" href="#step-${parts.length - 2}" aria-label="Direct link to Step ${parts.length - 2}">#</a></h2>`,
  );
});

test('5 MB on one line, and deep nesting of quotes, lists, brackets and tags, build without a stack overflow', async () => {
  const { result, printed } = await success({
    'docs/line.md': `# Line\n\n${'word '.repeat(MB)}\n\nAfter.\n`,
    'docs/quotes.md': `# Quotes\n\n${'> '.repeat(20000)}quoted\n\nAfter.\n`,
    'docs/brackets.md': `# Brackets\n\n${'['.repeat(100000)}\n\nAfter.\n`,
    'docs/emphasis.md': `# Emphasis\n\n${'*a '.repeat(50000)}\n\nAfter.\n`,
    'docs/tags.md': `# Tags\n\n${'<div>'.repeat(50000)}\n\nAfter.\n`,
    // markdown-it stops at 100 levels of nesting and drops what lies deeper (here, the rest of the page): the build
    // survives it and says where (test/bad-input/deep-nesting.test.ts has the details).
    'docs/lists.md': `# Lists\n\n${'- '.repeat(5000)}item\n\nAfter.\n`,
  });
  const warned = printed.map((line) => line.split('  ').slice(0, 2).join('  '));
  assert.equal(warned, ['warning  content/docs/lists.md:3:1', 'warning  content/docs/quotes.md:3:1']);
  for (const name of ['line', 'quotes', 'brackets', 'emphasis', 'tags'])
    assert.match(fileText(result, `docs/${name}/index.html`), '<p>After.</p>', name);
  assert.match(fileText(result, 'docs/lists/index.html'), '<h1>Lists</h1>');
});

test.run();
