// Includes that cannot be followed: partials that multiply past what one page may take, and a file that is no
// markdown. Each is an error at the directive, naming the limit or what may be included.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed } from '../../src/build.ts';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import {
  type Diagnostic,
  detailLines,
  Diagnostics,
  formatDiagnostic,
  withLineTexts,
} from '../../src/shared/model/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { buildFromMap, contentFiles, testConfig } from '../helpers.ts';
import { failure } from './report.ts';

const test = suite('bad input: includes');

const HINT =
  'includes multiply (a file included 10 times that itself includes another 10 times brings 100 copies): include the text fewer times, or split the page';

/** Seven partials, each but the last including the next ten times: a page that includes the first has a million lines. */
function multiplying(page: string): Record<string, string> {
  const files: Record<string, string> = { 'docs/intro.md': page };
  for (let i = 1; i <= 6; i++) {
    const copies = Array.from({ length: 10 }, (_, k) => `Part ${i} copy ${k + 1}.\n\n::include{file="p${i + 1}.md"}\n`);
    files[`docs/_partials/p${i}.md`] = copies.join('\n');
  }
  files['docs/_partials/p7.md'] = 'Leaf text.\n';
  return files;
}

test('includes that multiply past the limit are an error at the include that crosses it, with the chain', async () => {
  let diagnostics: Diagnostic[] = [];
  try {
    await buildFromMap(multiplying('# Intro\n\n::include{file="_partials/p1.md"}\n'));
    assert.unreachable('the build should fail');
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    diagnostics = error.diagnostics;
  }
  assert.equal(
    diagnostics.map((d) => [formatDiagnostic(d), ...detailLines(d).filter((line) => line.startsWith('note:'))]),
    [
      [
        `content/docs/_partials/p5.md:39:1  this include takes the text included into content/docs/intro.md past 200,000 lines, the most one page may include; ${HINT}`,
        'note: content/docs/_partials/p4.md:19:1  included here',
        'note: content/docs/_partials/p3.md:31:1  included here',
        'note: content/docs/_partials/p2.md:15:1  included here',
        'note: content/docs/_partials/p1.md:3:1  included here',
        'note: content/docs/intro.md:3:1  included here',
      ],
    ],
  );
});

test('a long line included many times goes past the limit in characters, at the include that crosses it', async () => {
  const page = `# Intro\n\n${'::include{file="_partials/long.md"}\n'.repeat(41)}`;
  const printed = await failure({ 'docs/intro.md': page, 'docs/_partials/long.md': `${'word '.repeat(20_000)}\n` });
  assert.equal(printed, [
    `error  content/docs/intro.md:42:1  this include takes the text included into content/docs/intro.md past 4,000,000 characters, the most one page may include; ${HINT}`,
  ]);
});

test("past the limit, every include of the page brings nothing and the page's own text still renders", async () => {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const input = contentFiles({
    ...multiplying('# Intro\n\n::include{file="_partials/p7.md"}\n\nOwn text.\n\n::include{file="_partials/p1.md"}\n'),
  });
  const content = routeContent(parseContent(input, diagnostics), config);
  const md = await createMarkdown({ config, content, diagnostics });
  const page = await md.render(content.sources.find((s) => s.file === 'content/docs/intro.md')!);
  withLineTexts(diagnostics.items, input.texts);
  assert.equal(
    diagnostics.items.map((d) => d.message),
    [
      'this include takes the text included into content/docs/intro.md past 200,000 lines, the most one page may include',
    ],
  );
  assert.is(page.html, '<p>Own text.</p>\n');
});

test('an include of a file that is not markdown says only markdown files can be included, at the directive', async () => {
  const printed = await failure({
    'docs/intro.md': '# Intro\n\n::include{file="snippets/build.py"}\n\n::include{file="_category_.yml"}\n',
    'docs/snippets/build.py': 'print("hello")\n',
    'docs/_category_.yml': 'label: Docs\n',
  });
  const hint = 'to show the text of another file, paste it into a fenced code block';
  assert.equal(printed, [
    `error  content/docs/intro.md:3:1  content/docs/snippets/build.py cannot be included: only markdown files (.md) can be; ${hint}`,
    `error  content/docs/intro.md:5:1  content/docs/_category_.yml cannot be included: only markdown files (.md) can be; ${hint}`,
  ]);
});

test.run();
