import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { parseGitLog, readGitHistory } from '../../src/content/git-history.ts';
import { parseContent } from '../../src/content/parse.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { type Diagnostic, Diagnostics } from '../../src/shared/model/diagnostics.ts';
import { gitAt, contentFiles, sharedBundle } from '../helpers.ts';

const test = suite('last updated: git history and front matter');

/** A diagnostic as 'file:line  message'. */
const where = (d: Diagnostic) => `${d.location?.file}:${d.location?.line}  ${d.message}`;

/** A repository with two commits by two authors: a.md and b.md, then b.md again; c.md is never committed. */
async function repository(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-git-'));
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd: dir, env: { ...process.env, ...env }, stdio: 'pipe' });
  const commit = (name: string, date: string, message: string) =>
    git(['-c', `user.name=${name}`, '-c', 'user.email=x@example.com', 'commit', '-qm', message], {
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
  git(['init', '-q']);
  await mkdir(path.join(dir, 'content/docs'), { recursive: true });
  await writeFile(path.join(dir, 'content/docs/a.md'), '# A\n');
  await writeFile(path.join(dir, 'content/docs/b.md'), '# B\n');
  git(['add', '.']);
  commit('Ann Author', '2025-01-10T09:00:00+00:00', 'first');
  await writeFile(path.join(dir, 'content/docs/b.md'), '# B\n\nMore.\n');
  git(['add', '.']);
  commit('Bob Builder', '2025-03-05T23:30:00-05:00', 'second');
  await writeFile(path.join(dir, 'content/docs/c.md'), '# C\n');
  return dir;
}

test('git log output: the newest commit naming a file is its last update', () => {
  const log = [
    '\x1e2025-03-05T10:00:00+00:00\x1fBob\0\ndocs/b.md\0',
    '\x1e2025-01-10T09:00:00+00:00\x1fAnn\0\ndocs/a.md\0docs/b.md\0',
  ].join('');
  assert.equal(
    [...parseGitLog(log)],
    [
      ['content/docs/b.md', { date: '2025-03-05', author: 'Bob' }],
      ['content/docs/a.md', { date: '2025-01-10', author: 'Ann' }],
    ],
  );
});

test("one git log dates every committed file with its author's day, and leaves uncommitted files out", async () => {
  const dir = await repository();
  try {
    const diagnostics = new Diagnostics();
    const { updates: history } = await readGitHistory(dir, diagnostics);
    assert.equal(diagnostics.items, []);
    assert.equal(history.get('content/docs/a.md'), { date: '2025-01-10', author: 'Ann Author' });
    // 23:30 in New York is already the 6th in UTC: the day is the one the author saw.
    assert.equal(history.get('content/docs/b.md'), { date: '2025-03-05', author: 'Bob Builder' });
    assert.is(history.get('content/docs/c.md'), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** A `--depth 1` clone of repository(), and what removes both. */
async function shallowClone(): Promise<{ clone: string; remove: () => Promise<void> }> {
  const dir = await repository();
  const clone = `${dir}-clone`;
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${dir}`, clone], { stdio: 'pipe' });
  return {
    clone,
    remove: async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(clone, { recursive: true, force: true });
    },
  };
}

test('a shallow clone gives a warning and no dates, not wrong ones', async () => {
  const { clone, remove } = await shallowClone();
  try {
    const diagnostics = new Diagnostics();
    const { updates: history } = await readGitHistory(clone, diagnostics, {
      at: { file: 'site.config.ts', line: 7, column: 5 },
    });
    assert.is(history.size, 0);
    assert.equal(diagnostics.items.map(where), [
      'site.config.ts:7  the git history is shallow (a clone with --depth), so last-updated dates would be wrong: none are shown',
    ]);
    assert.match(diagnostics.items[0].hint!, 'fetch-depth: 0');
  } finally {
    await remove();
  }
});

test('a kept history is used at the same commit (a packed ref too) and read again after a new commit', async () => {
  const dir = await repository();
  const store = path.join(dir, 'node_modules/.cache/egdocs/history.json');
  const read = async () => (await readGitHistory(dir, new Diagnostics(), { store })).updates;
  // The kept answer changed by hand: reading it back shows git was not asked.
  const tamper = async () => {
    const saved = JSON.parse(await readFile(store, 'utf8'));
    saved.value.updates = saved.value.updates.map(([file]: [string]) => [file, { date: '1999-01-01', author: 'Kept' }]);
    await writeFile(store, JSON.stringify(saved));
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  try {
    assert.equal((await read()).get('content/docs/a.md'), { date: '2025-01-10', author: 'Ann Author' });
    await tamper();
    assert.equal((await read()).get('content/docs/a.md'), { date: '1999-01-01', author: 'Kept' });
    git('add', '.');
    git(
      '-c',
      'user.name=Cy',
      '-c',
      'user.email=c@example.com',
      'commit',
      '-qm',
      'third',
      '--date',
      '2025-06-01T10:00:00Z',
    );
    assert.equal((await read()).get('content/docs/c.md'), { date: '2025-06-01', author: 'Cy' });
    assert.equal((await read()).get('content/docs/a.md'), { date: '2025-01-10', author: 'Ann Author' });
    git('pack-refs', '--all');
    await tamper();
    assert.equal((await read()).get('content/docs/a.md'), { date: '1999-01-01', author: 'Kept' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a shallow clone warns again when its history comes from the store', async () => {
  const { clone, remove } = await shallowClone();
  try {
    const store = path.join(clone, 'node_modules/.cache/egdocs/history.json');
    for (const run of [1, 2]) {
      const diagnostics = new Diagnostics();
      assert.is((await readGitHistory(clone, diagnostics, { store })).updates.size, 0);
      assert.equal(diagnostics.items.length, 1, `run ${run}`);
      assert.match(diagnostics.items[0].message, 'shallow');
    }
    await readFile(store, 'utf8');
  } finally {
    await remove();
  }
});

test('names git would quote (a quote, a tab, a newline, a non-ASCII letter) get their dates', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-git-names-'));
  const names = [
    'content/docs/quo"te.md',
    'content/docs/tab\there.md',
    'content/docs/new\nline.md',
    'content/docs/ü.md',
  ];
  try {
    const git = gitAt(dir);
    git('init', '-q');
    await mkdir(path.join(dir, 'content/docs'), { recursive: true });
    for (const name of names) await writeFile(path.join(dir, name), '# Page\n');
    git('add', '.');
    git('commit', '-qm', 'pages');
    const diagnostics = new Diagnostics();
    const { updates: history } = await readGitHistory(dir, diagnostics);
    assert.equal(diagnostics.items, []);
    assert.equal(
      names.map((name) => history.get(name)),
      names.map(() => ({ date: '2025-02-03', author: 'Ann Author' })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('content/ as a git submodule: its files get the dates of its own commits, and a commit in it is read', async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'egdocs-git-submodule-'));
  const [docs, project] = [path.join(base, 'docs'), path.join(base, 'project')];
  try {
    await mkdir(path.join(docs, 'docs'), { recursive: true });
    await writeFile(path.join(docs, 'docs/a.md'), '# A\n');
    gitAt(docs)('init', '-q');
    gitAt(docs)('add', '.');
    gitAt(docs, '2024-05-06T10:00:00Z')('commit', '-qm', 'a');
    await mkdir(project);
    await writeFile(path.join(project, 'site.config.ts'), '');
    const outer = gitAt(project, '2025-09-09T10:00:00Z');
    outer('init', '-q');
    outer('add', '.');
    outer('commit', '-qm', 'config');
    outer('submodule', 'add', '-q', docs, 'content');
    outer('commit', '-qm', 'content as a submodule');
    const store = path.join(project, 'node_modules/.cache/egdocs/history.json');
    const diagnostics = new Diagnostics();
    assert.equal((await readGitHistory(project, diagnostics, { store })).updates.get('content/docs/a.md'), {
      date: '2024-05-06',
      author: 'Ann Author',
    });
    assert.equal(diagnostics.items, []);
    // A commit in the submodule alone (the project's own commit is unchanged) is a new history.
    const inner = path.join(project, 'content');
    await writeFile(path.join(inner, 'docs/b.md'), '# B\n');
    gitAt(inner)('add', '.');
    gitAt(inner, '2025-10-11T10:00:00Z')('commit', '-qm', 'b');
    assert.equal((await readGitHistory(project, new Diagnostics(), { store })).updates.get('content/docs/b.md'), {
      date: '2025-10-11',
      author: 'Ann Author',
    });
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});

test('a project outside any git repository gets a warning, not a crash', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-nogit-'));
  try {
    const diagnostics = new Diagnostics();
    const { updates: history } = await readGitHistory(dir, diagnostics);
    assert.is(history.size, 0);
    assert.equal(
      diagnostics.warnings.map((d) => d.message),
      ['the project is not in a git repository, so docs have no last-updated dates'],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the build shows git dates and authors, and last_update in the front matter wins', async () => {
  const dir = await repository();
  try {
    const config = validateConfig(
      {
        title: 'T',
        url: 'https://t.dev',
        docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },
      },
      path.join(dir, 'site.config.ts'),
    );
    const files = contentFiles({
      'docs/a.md': '# A\n',
      'docs/b.md': "---\nlast_update:\n  author: 'Eve Editor'\n---\n# B\n",
      'docs/c.md': '---\nlast_update: { date: 2026-01-31 }\n---\n# C\n',
    });
    const result = await buildSiteFiles({ config, files, bundle: sharedBundle(config.baseUrl) });
    assert.equal(result.diagnostics, []);
    const updates = Object.fromEntries(
      result.site.routes.flatMap((route) => (route.data.kind === 'doc' ? [[route.path, route.data.lastUpdate]] : [])),
    );
    assert.equal(updates, {
      '/docs/a/': { datetime: '2025-01-10', date: 'Jan 10, 2025', author: 'Ann Author' },
      '/docs/b/': { datetime: '2025-03-05', date: 'Mar 5, 2025', author: 'Eve Editor' },
      // Never committed: the front matter's date, and no author.
      '/docs/c/': { datetime: '2026-01-31', date: 'Jan 31, 2026' },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a last_update that is not a date and an author is an error at its line', () => {
  const diagnostics = new Diagnostics();
  parseContent(
    contentFiles({
      'docs/a.md': '---\ntitle: A\nlast_update: yesterday\n---\n',
      'docs/b.md': '---\nlast_update: { date: 31/01/2026 }\n---\n',
      'docs/c.md': '---\nlast_update: { date: 2026-01-31, by: Ann }\n---\n',
    }),
    diagnostics,
  );
  const message = "front matter 'last_update' must be { date: YYYY-MM-DD, author: name } (either may be left out)";
  assert.equal(diagnostics.errors.map(where), [
    `content/docs/a.md:3  ${message}`,
    `content/docs/b.md:2  ${message}`,
    `content/docs/c.md:2  ${message}`,
  ]);
  assert.is(diagnostics.errors[0].hint, "write last_update: { date: 2026-01-31, author: 'Jane Doe' }");
});

test.run();
