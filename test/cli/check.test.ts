// `egdocs check` and `egdocs build` as CI runs them: a real process on a small project with one of each problem.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { egdocs } from './run.ts';
import { MINI_CONFIG as CONFIG } from '../helpers.ts';

const test = suite('egdocs check');

const CLEAN: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/docs/intro.md':
    '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md#install) and [server](/docs/admin/server-setup/).\n',
  'content/docs/setup.md': '# Setup\n\n## Install\n\nSteps.\n',
  'content/docs/admin/server-setup.md': '# Server setup\n',
};

// One of each kind: a broken anchor, a page that moved, a missing image, a missing static file, a duplicate slug.
const BROKEN: Record<string, string> = {
  ...CLEAN,
  'content/docs/intro.md':
    '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md#instal) and [server](/docs/server-setup/).\n',
  'content/docs/setup.md': '# Setup\n\n## Install\n\n![diagram](./img/diagram.png)\n\n[guide](/files/guide.pdf)\n',
  'content/docs/faq.md': '# FAQ\n',
  'content/docs/questions.md': '---\nslug: faq\n---\n# Questions\n',
};

const WARNINGS = [
  [
    'content/docs/intro.md',
    5,
    13,
    'broken-anchor',
    "anchor '#instal' does not exist on /mini/docs/setup/",
    "did you mean '#install'?",
  ],
  [
    'content/docs/intro.md',
    5,
    45,
    'broken-link',
    "link '/docs/server-setup/' leads to /mini/docs/server-setup/, which is no page of this site",
    'did you mean /docs/admin/server-setup/?',
  ],
  [
    'content/docs/questions.md',
    2,
    1,
    'duplicate-route',
    'route /mini/docs/faq/ is produced by both content/docs/faq.md and content/docs/questions.md; only the first is written',
    'give one of them another slug',
  ],
  [
    'content/docs/setup.md',
    5,
    12,
    'missing-image',
    "image './img/diagram.png' not found (looked for content/docs/img/diagram.png)",
    undefined,
  ],
  [
    'content/docs/setup.md',
    7,
    9,
    'missing-file',
    "file '/files/guide.pdf' not found (looked for content/static/files/guide.pdf)",
    undefined,
  ],
] as const;

/** "file:line:col  message; hint", as every text format prints a warning. */
const line = ([file, row, column, , message, hint]: (typeof WARNINGS)[number]) =>
  `${file}:${row}:${column}  ${message}${hint ? `; ${hint}` : ''}`;

/** The line a warning points at, and a caret under its column, as the text formats print them under it. */
const frame = (file: string, row: number, column: number) => {
  const text = BROKEN[file].split('\n')[row - 1];
  return [`${row} | ${text}`, `${' '.repeat(String(row).length)} | ${' '.repeat(column - 1)}^`];
};
const framed = (w: (typeof WARNINGS)[number]) => frame(w[0], w[1], w[2]);

/** The duplicate route's other file, which every format shows as a related place. */
const OTHER = { file: 'content/docs/faq.md', line: 1, column: 1 } as const;
const NOTE = `note: ${OTHER.file}:${OTHER.line}:${OTHER.column}  the same route is produced here`;
const noted = [NOTE, ...frame(OTHER.file, OTHER.line, OTHER.column).map((l) => `  ${l}`)];

let root: string;
async function project(files: Record<string, string>, under = 'site'): Promise<string> {
  const dir = path.join(root, under);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}
test.before.each(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'egdocs-check-'));
});
test.after.each(async () => {
  await rm(root, { recursive: true, force: true });
});

test('a clean site: exit 0, and it says nothing was found', async () => {
  const { code, stdout } = await egdocs(await project(CLEAN), 'check');
  assert.is(code, 0);
  assert.is(stdout, 'No broken links, anchors or images.\n');
});

test('the search queries file: a page readers cannot find fails check at the query line; fixed, check says they all pass', async () => {
  const dir = await project({
    ...CLEAN,
    'content/search-queries.yaml': '# What readers type\n- query: install\n  page: intro\n',
  });
  const failing = await egdocs(dir, 'check');
  assert.is(failing.code, 1);
  assert.match(
    failing.stdout,
    'content/search-queries.yaml:2:10  search for "install" does not suggest /docs/ among its first 8 (nor anywhere in its results); the first is /docs/setup/#install (Setup)',
  );
  const github = await egdocs(dir, 'check', '--format', 'github');
  assert.is(github.code, 1);
  assert.match(
    github.stdout,
    '::warning file=content/search-queries.yaml,line=2,col=10,title=egdocs search-query::search for "install"',
  );
  await writeFile(
    path.join(dir, 'content/search-queries.yaml'),
    '# What readers type\n- query: install\n  page: setup\n',
  );
  const passing = await egdocs(dir, 'check');
  assert.is(passing.code, 0, passing.stdout);
  assert.is(
    passing.stdout,
    'No broken links, anchors or images.\n1 of 1 search queries find their page among the first 8 suggestions.\n',
  );
  const build = await egdocs(dir, 'build');
  assert.not.match(build.stdout + build.stderr, 'search queries', 'build does not run the gate');
});

test('text: each warning at file:line:col with its suggestion, grouped by file, a summary; exit 1', async () => {
  const { code, stdout } = await egdocs(await project(BROKEN), 'check');
  assert.is(code, 1);
  // Each warning, then its line with a caret under the column (and the duplicate's other file as a note).
  const [anchor, link, duplicate, image, file] = WARNINGS.map((w) => [
    `  ${line(w)}`,
    ...[...framed(w), ...(w[3] === 'duplicate-route' ? noted : [])].map((l) => `      ${l}`),
  ]);
  const expected = [
    'content/docs/intro.md',
    ...anchor,
    ...link,
    '',
    'content/docs/questions.md',
    ...duplicate,
    '',
    'content/docs/setup.md',
    ...image,
    ...file,
    '',
    '5 warnings in 3 files',
  ];
  assert.is(stdout, `${expected.join('\n')}\n`);
});

test('json: one object per warning with severity, code, message, location (with its line) and hint; exit 1', async () => {
  const { code, stdout } = await egdocs(await project(BROKEN), 'check', '--format', 'json');
  assert.is(code, 1);
  const lineText = (file: string, row: number) => BROKEN[file].split('\n')[row - 1];
  const expected = WARNINGS.map(([file, row, column, kind, message, hint]) => ({
    severity: 'warning',
    code: kind,
    message,
    location: { file, line: row, column, lineText: lineText(file, row) },
    ...(hint ? { hint } : {}),
    ...(kind === 'duplicate-route'
      ? {
          related: [
            {
              message: 'the same route is produced here',
              location: { ...OTHER, lineText: lineText(OTHER.file, OTHER.line) },
            },
          ],
        }
      : {}),
  }));
  assert.equal(JSON.parse(stdout), expected);
});

test('github: one warning annotation per problem, then the summary; exit 1', async () => {
  const { code, stdout } = await egdocs(await project(BROKEN), 'check', '--format', 'github');
  assert.is(code, 1);
  // The duplicate route's other file gets a notice of its own, so a pull request marks both files.
  const annotations = WARNINGS.flatMap(([file, row, column, kind, message, hint]) => [
    `::warning file=${file},line=${row},col=${column},title=egdocs ${kind}::${message}${hint ? `; ${hint}` : ''}`,
    ...(kind === 'duplicate-route'
      ? [
          `::notice file=${OTHER.file},line=${OTHER.line},col=${OTHER.column},title=egdocs ${kind}::the same route is produced here: ${message}`,
        ]
      : []),
  ]);
  assert.is(stdout, `${[...annotations, '5 warnings in 3 files'].join('\n')}\n`);
});

test('github: a project in a subfolder of the checkout gets paths from where the command runs', async () => {
  await project(BROKEN, 'docs');
  const { code, stdout } = await egdocs(root, '--config', 'docs/site.config.ts', 'check', '--format', 'github');
  assert.is(code, 1);
  assert.match(
    stdout,
    "::warning file=docs/content/docs/setup.md,line=7,col=9,title=egdocs missing-file::file '/files/guide.pdf' not found",
  );
  assert.not.match(stdout, 'file=content/');
});

test('build prints the same warnings and still succeeds', async () => {
  const { code, stdout, stderr } = await egdocs(await project(BROKEN), 'build');
  assert.is(code, 0);
  const printed = WARNINGS.map((w) =>
    [
      `warning  ${line(w)}`,
      ...[...framed(w), ...(w[3] === 'duplicate-route' ? noted : [])].map((l) => `    ${l}`),
    ].join('\n'),
  );
  assert.is(stderr, printed.map((w) => `${w}\n`).join(''));
  assert.match(stdout, /^5 warnings, \d+ ms$/m);
});

test('a failed build: its errors in each format, exit 1', async () => {
  const dir = await project({ ...BROKEN, 'content/docs/setup.md': '---\ntitle: [unclosed\n---\n# Setup\n' });
  const text = await egdocs(dir, 'check');
  assert.is(text.code, 1);
  assert.match(
    text.stdout,
    /^content\/docs\/setup\.md\n {2}error {2}content\/docs\/setup\.md:\d+:\d+ {2}invalid front matter: /m,
  );
  assert.match(text.stdout, /\nThe build failed with 1 error in 1 file\n$/);
  const json = await egdocs(dir, 'check', '--format', 'json');
  assert.is(json.code, 1);
  assert.equal(
    JSON.parse(json.stdout).map((d: { severity: string; code: string; location: { file: string } }) => [
      d.severity,
      d.code,
      d.location.file,
    ]),
    [['error', 'content', 'content/docs/setup.md']],
  );
  const github = await egdocs(dir, 'check', '--format', 'github');
  assert.is(github.code, 1);
  assert.match(
    github.stdout,
    /^::error file=content\/docs\/setup\.md,line=\d+,col=\d+,title=egdocs content::invalid front matter: /m,
  );
});

test('a config error: the config file and key, exit 1', async () => {
  const dir = await project({
    ...CLEAN,
    'site.config.ts':
      "export default { title: 'Mini', url: 'https://mini.dev', navbar: { items: [{ type: 'serach' }] } };\n",
  });
  const { code, stdout } = await egdocs(dir, 'check', '--format', 'github');
  assert.is(code, 1);
  assert.is(
    stdout,
    "::error file=site.config.ts,line=1,col=84,title=egdocs config::navbar.items[0].type 'serach' is not a navbar item type; did you mean 'search'?\nThe build failed with 1 error in 1 file\n",
  );
});

test.run();
