// Includes that cannot be followed: partials that multiply past what one page may take, and code files that cannot
// be shown. Each is an error at the directive, naming the limit or what is wrong, and the fix.
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

test('a code file that cannot be shown is an error at the directive, saying why and what to do', async () => {
  const latin1 = new Uint8Array([...new TextEncoder().encode('void main() {\n  print("caf'), 0xe9, 0x22, 0x29, 0x3b]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
  const printed = await failure({
    'docs/intro.md': [
      '# Intro',
      '::include{file="snippets/gone.dart"}',
      '::include{file="snippets/main.dart" region="setup"}',
      '::include{file="snippets/build.py" region="deps"}',
      '::include{file="snippets/latin1.dart"}',
      '::include{file="snippets/shot.png"}',
      '::include{file="snippets/main.dart" highlight="3-9"}',
      '::include{file="snippets/main.dart" highlight="two"}',
      '::include{file="_partials/steps.md" title="Steps"}',
      '::include{file="snippets/main.dart" lang="c sharp"}',
      '::include{file="snippets/main.dart" showLineNumbers="yes"}',
      '::include{file="snippets/main.dart" region="open"}',
    ].join('\n\n'),
    'docs/snippets/main.dart': 'void main() {\n  // region open\n  run();\n}\n',
    'docs/snippets/build.py': 'print("hello")\n',
    'docs/snippets/latin1.dart': latin1,
    'docs/snippets/shot.png': png,
    'docs/_partials/steps.md': 'Steps.\n',
  });
  const codeHint =
    'write ::include{file="./snippets/main.dart"}, optionally with lang="dart", title="lib/main.dart", lines="5-20" or region="name", highlight="2-3" and showLineNumbers';
  assert.equal(printed, [
    `error  content/docs/intro.md:3:1  included file content/docs/snippets/gone.dart does not exist; the path is relative to content/docs/intro.md (a path starting with / starts at content/)`,
    "error  content/docs/intro.md:5:1  content/docs/snippets/main.dart has no region 'setup'; its regions are open",
    "error  content/docs/intro.md:7:1  content/docs/snippets/build.py has no region 'deps'; mark it in the file with # region deps and # endregion deps lines",
    `error  content/docs/intro.md:9:1  content/docs/snippets/latin1.dart cannot be included: it is not valid UTF-8 text (byte 0xE9, which is 'é' in Latin-1, at line 2, column 13); save the file as UTF-8`,
    'error  content/docs/intro.md:11:1  content/docs/snippets/shot.png cannot be included: it is a binary file, not text; include a source file saved as UTF-8 text; to offer a binary file for download, link to it',
    'error  content/docs/intro.md:13:1  highlight="3-9" names line 9, and the code shown has 3 lines; count the lines to highlight in the code as shown, from 1 (after lines="…" or region="…" cut it)',
    'error  content/docs/intro.md:15:1  highlight="two" is not a list of lines; write highlight="2" (one line), highlight="2-4" (lines 2 to 4) or highlight="1,3-5", counted in the code shown',
    'error  content/docs/intro.md:17:1  title is for a file shown as code, and content/docs/_partials/steps.md is included as markdown; to show the markdown itself as code, add lang="md"; to include it as text, leave title out',
    `error  content/docs/intro.md:19:1  lang="c sharp" is not a language name (letters, digits, '-', '+' and '_', as a fence has); ${codeHint}`,
    `error  content/docs/intro.md:21:1  showLineNumbers takes no value: write it alone; ${codeHint}`,
    "error  content/docs/snippets/main.dart:2:1  region 'open' is never closed; add a line // endregion open where it ends",
  ]);
});

test.run();
