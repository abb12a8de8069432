import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { checkReport, describeFsError, FAILED, failureLines, rebuiltLine, serveReport } from '../../src/cli/report.ts';
import { BuildFailed, type Diagnostic } from '../../src/shared/model/diagnostics.ts';

const test = suite('check report formats');

const odd: Diagnostic = {
  severity: 'warning',
  code: 'broken-link',
  message: "link '/a%20b/' leads to 100% nowhere\r\nsecond line",
  location: { file: 'content/docs/a,b:c.md', line: 4, column: 2 },
  hint: 'did you mean /a/?',
};

test('github: message and properties escaped as the runner reads them', () => {
  assert.is(
    checkReport([odd], 'github').split('\n')[0],
    "::warning file=content/docs/a%2Cb%3Ac.md,line=4,col=2,title=egdocs broken-link::link '/a%2520b/' leads to 100%25 nowhere%0D%0Asecond line; did you mean /a/?",
  );
});

test('github: a diagnostic without a place is an annotation with only a title; errors are ::error', () => {
  const list: Diagnostic[] = [
    { severity: 'warning', code: 'duplicate-route', message: 'route /x/ is produced by both A and B' },
    { severity: 'error', code: 'render', message: 'template failed', location: { file: 'content/docs/a.md' } },
  ];
  assert.is(
    checkReport(list, 'github'),
    [
      '::warning title=egdocs duplicate-route::route /x/ is produced by both A and B',
      '::error file=content/docs/a.md,title=egdocs render::template failed',
      'Build failed with 1 error; nothing was checked',
    ].join('\n'),
  );
});

test('text: sorted and grouped by file, problems without a file first under (site)', () => {
  const list: Diagnostic[] = [
    {
      severity: 'warning',
      code: 'broken-anchor',
      message: "anchor '#x' does not exist on this page",
      location: { file: 'content/docs/b.md', line: 9, column: 3 },
    },
    { severity: 'warning', code: 'duplicate-route', message: 'route /x/ is produced by both A and B' },
    {
      severity: 'warning',
      code: 'broken-link',
      message: "link '/y/' leads nowhere",
      location: { file: 'content/docs/a.md', line: 2, column: 1 },
    },
    {
      severity: 'warning',
      code: 'broken-anchor',
      message: "anchor '#y' does not exist on this page",
      location: { file: 'content/docs/b.md', line: 1, column: 5 },
    },
  ];
  assert.is(
    checkReport(list, 'text'),
    [
      '(site)',
      '  route /x/ is produced by both A and B',
      '',
      'content/docs/a.md',
      "  content/docs/a.md:2:1  link '/y/' leads nowhere",
      '',
      'content/docs/b.md',
      "  content/docs/b.md:1:5  anchor '#y' does not exist on this page",
      "  content/docs/b.md:9:3  anchor '#x' does not exist on this page",
      '',
      '4 warnings in 2 files',
    ].join('\n'),
  );
});

const frontMatterError: Diagnostic = {
  severity: 'error',
  code: 'content',
  message: 'invalid front matter',
  location: { file: 'content/docs/a.md', line: 2, column: 8, lineText: 'title: [x' },
};
const linkWarning: Diagnostic = {
  severity: 'warning',
  code: 'broken-link',
  message: "link '/y/' leads nowhere",
  location: { file: 'content/docs/b.md', line: 4, column: 1 },
};

test('a failed build is told in one wording by build, check and serve: its errors with their lines, then the title', () => {
  const failed = new BuildFailed([linkWarning, frontMatterError], 'Build failed with 1 error');
  const errorLines = [
    'error  content/docs/a.md:2:8  invalid front matter',
    '    2 | title: [x',
    '      |        ^',
    '',
  ];
  // The warnings a stopped build found are those of the steps before it: the next good build lists them all.
  assert.equal(failureLines(failed, FAILED.build), [...errorLines, 'Build failed with 1 error; nothing was written']);
  assert.is(
    checkReport(failed.diagnostics, 'text'),
    [...errorLines, 'Build failed with 1 error; nothing was checked'].join('\n'),
  );
  const serve: string[] = [];
  serveReport.failed(failed, (line) => serve.push(line));
  assert.equal(serve, [
    ...errorLines,
    'Build failed with 1 error; the server keeps running and rebuilds on the next save',
  ]);
  // Two errors are counted as such; an error that is not a diagnostic (a bug) is its stack under the same title.
  assert.is(
    failureLines(new BuildFailed([frontMatterError, frontMatterError]), FAILED.build).at(-1),
    'Build failed with 2 errors; nothing was written',
  );
  const bug = new Error('boom');
  assert.equal(failureLines(bug, FAILED.serve), [bug.stack, '', `Build failed; ${FAILED.serve}`]);
});

test('text: one warning in one file; nothing found', () => {
  assert.match(checkReport([odd], 'text'), /\n\n1 warning in 1 file$/);
  assert.is(checkReport([], 'text'), 'No broken links, anchors or images.');
});

test('json: the same keys in the same order whatever made the diagnostic; an empty list is []', () => {
  const shuffled = {
    hint: 'h',
    location: { column: 2, line: 1, file: 'f.md' },
    message: 'm',
    code: 'broken-link',
    severity: 'warning',
  } as Diagnostic;
  assert.is(
    checkReport([shuffled], 'json'),
    JSON.stringify(
      [
        {
          severity: 'warning',
          code: 'broken-link',
          message: 'm',
          location: { file: 'f.md', line: 1, column: 2 },
          hint: 'h',
        },
      ],
      null,
      2,
    ),
  );
  assert.is(checkReport([], 'json'), '[]');
});

test("serve's rebuild line names the files that started it, and has no empty () when none is named", () => {
  const build = { rebuild: true, fixed: false, ms: 35.2, pages: 1, routes: 2, added: [], resolved: [] };
  assert.is(
    rebuiltLine({ ...build, changed: ['content/docs/a.md', 'content/docs/b.md'] }),
    'rebuilt in 35 ms (content/docs/a.md, content/docs/b.md): 1 page and 2 routes rendered',
  );
  // A folder's event (the project's own folder) names no file.
  assert.is(rebuiltLine({ ...build, changed: [] }), 'rebuilt in 35 ms: 1 page and 2 routes rendered');
  assert.is(
    rebuiltLine({ ...build, fixed: true, pages: 0, routes: 1, changed: [] }),
    'fixed; rebuilt in 35 ms: 0 pages and 1 route rendered',
  );
});

test('disk errors: one line with the path, what went wrong, what to do, and that the last build is untouched', () => {
  const fsError = (code: string, at: string) =>
    Object.assign(new Error(`${code}: failed, open '${at}'`), { code, path: at, syscall: 'open' });
  assert.is(
    describeFsError(fsError('ENOSPC', path.join(process.cwd(), 'build/docs/index.html'))),
    'error  cannot write build/docs/index.html: no space left on the disk (ENOSPC); free some space and build again. The previous output is unchanged.',
  );
  assert.is(
    describeFsError(fsError('EROFS', '/mnt/site')),
    'error  cannot write /mnt/site: the file system is read-only (EROFS); build into a writable folder with -o <dir>. The previous output is unchanged.',
  );
  // Anything else is not dressed up as a disk error.
  assert.is(describeFsError(new Error('boom')), undefined);
  assert.is(describeFsError(fsError('EWHATEVER', '/x')), undefined);
});

test.run();
