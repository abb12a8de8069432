// Highlight comments in fenced code (plugins/highlight-comments.ts), as Docusaurus's magic comments: the comment
// lines leave the code, and the lines they mark are highlighted as `{…}` in the fence's info highlights them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const test = suite('highlight comments in code');

const FENCE = '```';

/** The text of each highlighted line of the page's code. */
function highlighted(html: string): string[] {
  return [...html.matchAll(/<span class="line highlighted">(.*?)<\/span>\n?(?=<span class="line|<\/code>)/g)].map((m) =>
    m[1].replace(/<[^>]+>/g, ''),
  );
}

test('next-line, start and end comments leave the code and mark their lines as {…} marks them', async () => {
  const commented = await renderPage(
    [
      `${FENCE}js title="app.js"`,
      'const a = 1;',
      '// highlight-next-line',
      'const b = 2;',
      'const c = 3;',
      '  // highlight-start',
      'const d = 4;',
      'const e = 5;',
      '  // highlight-end',
      'const f = 6;',
      FENCE,
      '',
    ].join('\n'),
  );
  const numbered = await renderPage(
    `${FENCE}js title="app.js" {2,4-5}\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nconst f = 6;\n${FENCE}\n`,
  );
  assert.is(commented.page.html, numbered.page.html);
  assert.equal(highlighted(commented.page.html), ['const b = 2;', 'const d = 4;', 'const e = 5;']);
  assert.not.match(commented.page.html, 'highlight-');
  assert.equal(commented.warnings, []);
});

test("each language's comment form is read: #, <!-- -->, /* */, --, ;, {/* */}", async () => {
  const fences = [
    ['bash', '# highlight-next-line', 'npm install'],
    ['html', '<!-- highlight-next-line -->', '<p>Hi</p>'],
    ['css', '/* highlight-next-line */', 'a { color: red; }'],
    ['sql', '-- highlight-next-line', 'SELECT 1;'],
    ['ini', '; highlight-next-line', 'memory_limit = 512M'],
    ['jsx', '{/* highlight-next-line */}', '<App />'],
    ['python', '## highlight-next-line', 'print(1)'],
  ];
  const body = fences.map(([lang, comment, code]) => `${FENCE}${lang}\n${comment}\n${code}\n${FENCE}\n`).join('\n');
  const { page, warnings } = await renderPage(body);
  assert.is(highlighted(page.html).length, fences.length);
  assert.not.match(page.html, 'highlight-next-line');
  assert.equal(warnings, []);
});

test('a comment of another language is code: a markdown block keeps its JavaScript example as written', async () => {
  const { page } = await renderPage(
    `${FENCE}${FENCE}md\n${FENCE}js\n// highlight-next-line\nconst b = 2;\n${FENCE}\n${FENCE}${FENCE}\n\n${FENCE}bash\n// highlight-next-line\nls\n${FENCE}\n`,
  );
  assert.is(page.html.match(/highlight-next-line/g)?.length, 2);
  assert.equal(highlighted(page.html), []);
});

test('comments add up with {…}, which counts the lines as shown', async () => {
  const { page } = await renderPage(
    `${FENCE}ts {1}\nconst a = 1;\n// highlight-next-line\nconst b = 2;\nconst c = 3;\n${FENCE}\n`,
  );
  assert.equal(highlighted(page.html), ['const a = 1;', 'const b = 2;']);
});

test('an end without a start, a start never ended and a next-line at the end are warnings at their lines', async () => {
  const { page, warnings } = await renderPage(
    [
      '---',
      'title: T',
      '---',
      `${FENCE}py`,
      'a = 1',
      '# highlight-end',
      '  # highlight-start',
      'b = 2',
      'c = 3',
      FENCE,
      '',
      `- ${FENCE}js`,
      '  x();',
      '  // highlight-next-line',
      `  ${FENCE}`,
    ].join('\n'),
  );
  assert.equal(warnings, [
    "content/docs/page.md:6:1  'highlight-end' ends no 'highlight-start', so it marks no line; put '# highlight-start' on a line of its own before the first line to highlight",
    "content/docs/page.md:7:3  'highlight-start' is never ended, so every line after it to the end of the code is highlighted; put '# highlight-end' on a line of its own after the last line to highlight",
    "content/docs/page.md:14:3  'highlight-next-line' has no line of code after it, so it marks no line; put it on the line before the one to highlight, or remove it",
  ]);
  assert.equal(highlighted(page.html), ['b = 2', 'c = 3']);
});

test('the markdown copy shows the code without the comments', async () => {
  const result = await buildFromMap({
    'docs/intro.md': `# Intro\n\n> ${FENCE}bash\n> # highlight-next-line\n> npm install\n>\n> npm start\n> ${FENCE}\n`,
  });
  assert.is(
    fileText(result, 'docs/intro/index.md'),
    `# Intro\n\n> ${FENCE}bash\n> npm install\n>\n> npm start\n> ${FENCE}\n`,
  );
});

test.run();
