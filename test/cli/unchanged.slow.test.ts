// A build or check whose inputs are the last run's reports that run's result instead of building again
// (src/build/record.ts). What matters to a user: the output is then exactly what a build would make, and anything a
// build reads, or a hand in the output folder, makes a real build.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gitAt, MINI_CONFIG } from '../helpers.ts';
import { egdocs } from './run.ts';

const test = suite('unchanged builds');

const UNCHANGED = 'nothing changed since the last build, whose output is in place';
const UNCHANGED_CHECK = 'Nothing changed since the last check: these are its findings.';

let project: string;
const write = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(project, rel)), { recursive: true });
  await writeFile(path.join(project, rel), text);
};
const build = async (...args: string[]) => {
  const ran = await egdocs(project, 'build', ...args);
  assert.is(ran.code, 0, ran.stderr);
  return ran.stdout;
};

test.before.each(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-unchanged-'));
  await write('site.config.ts', MINI_CONFIG);
  await write('content/docs/intro.md', '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n');
  await write('content/docs/setup.md', '# Setup\n\nSteps.\n');
});
test.after.each(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Every file of the output folder: its bytes and modification time. */
async function snapshot(dir = path.join(project, 'build')): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  const described = await Promise.all(
    files.sort().map(async (file) => {
      const full = path.join(dir, file);
      return [file, `${(await stat(full)).mtimeMs} ${(await readFile(full)).toString('base64')}`];
    }),
  );
  return Object.fromEntries(described);
}

test('a build with nothing changed reports the last one and leaves its output as it is', async () => {
  const first = await build();
  assert.not.match(first, UNCHANGED);
  const before = await snapshot();
  const second = await build('--timings');
  assert.match(second, UNCHANGED);
  // The summary's first line is the same: a script reading it sees the same site.
  assert.is(second.split('\n')[0], first.split('\n')[0]);
  assert.match(second, /^Timings \(ms\): config \d+, read \d+, unchanged \d+$/m);
  assert.equal(await snapshot(), before);
});

test('an edit, a new file, a config change or another output folder builds again', async () => {
  await build();
  await write('content/docs/setup.md', '# Setup\n\nOther steps.\n');
  assert.not.match(await build(), UNCHANGED);
  assert.match(await readFile(path.join(project, 'build/docs/setup/index.html'), 'utf8'), 'Other steps.');
  assert.match(await build(), UNCHANGED);

  await write('content/docs/extra.md', '# Extra\n');
  assert.not.match(await build(), UNCHANGED);
  await stat(path.join(project, 'build/docs/extra/index.html'));

  await write('site.config.ts', MINI_CONFIG.replace("title: 'Mini'", "title: 'Maxi'"));
  assert.not.match(await build(), UNCHANGED);
  assert.match(await readFile(path.join(project, 'build/docs/setup/index.html'), 'utf8'), 'Maxi');

  assert.not.match(await build('-o', 'public'), UNCHANGED);
  assert.match(await build('-o', 'public'), UNCHANGED);
  assert.not.match(await build(), UNCHANGED);
});

test('an output file edited, removed or added by hand makes a build that puts the output right', async () => {
  await build();
  const before = await snapshot();
  const page = path.join(project, 'build/docs/setup/index.html');
  const text = await readFile(page, 'utf8');
  const byHand: [string, () => Promise<void>][] = [
    ['edited', () => writeFile(page, text.replace('Steps.', 'Edited.'))],
    ['removed', () => rm(page)],
    ['added', () => writeFile(path.join(project, 'build/stray.txt'), 'stray')],
    ['empty folder added', () => mkdir(path.join(project, 'build/docs/stray'))],
  ];
  for (const [change, make] of byHand) {
    await make();
    assert.not.match(await build(), UNCHANGED, change);
    const after = await snapshot();
    assert.equal(Object.keys(after), Object.keys(before), change);
    assert.is(await readFile(page, 'utf8'), text, change);
    assert.not.ok((await readdir(path.join(project, 'build/docs'))).includes('stray'), change);
    assert.match(await build(), UNCHANGED, change);
  }
});

test('going back to earlier content builds again: a record never stands for output a later build replaced', async () => {
  await build();
  const first = await snapshot();
  await write('content/docs/setup.md', '# Setup\n\nOther steps.\n');
  await build();
  await write('content/docs/setup.md', '# Setup\n\nSteps.\n');
  assert.not.match(await build(), UNCHANGED);
  const contents = (files: Record<string, string>) =>
    Object.fromEntries(Object.entries(files).map(([file, described]) => [file, described.split(' ')[1]]));
  assert.equal(contents(await snapshot()), contents(first));
});

test('with last-updated dates shown, a commit builds again though no file changed', async () => {
  const git = gitAt(project, '2025-01-10T12:00:00Z');
  await write('site.config.ts', MINI_CONFIG.replace('docs: {', 'docs: { showLastUpdateTime: true,'));
  git('init', '-q');
  git('add', 'site.config.ts', 'content/docs/intro.md');
  git('commit', '-qm', 'first');
  await build();
  const page = path.join(project, 'build/docs/setup/index.html');
  assert.not.match(await readFile(page, 'utf8'), '2025-01-10');
  assert.match(await build(), UNCHANGED);
  // setup.md is committed as it is: its page now has a date.
  git('add', 'content/docs/setup.md');
  git('commit', '-qm', 'setup');
  assert.not.match(await build(), UNCHANGED);
  assert.match(await readFile(page, 'utf8'), '2025-01-10');
});

test('with content/ a git submodule, a commit in it builds again though no file changed', async () => {
  const git = (cwd: string, ...args: string[]) => gitAt(cwd, '2025-01-10T12:00:00Z')(...args);
  // The docs in a repository of their own, which the project takes as its content/ submodule.
  const docs = `${project}-docs`;
  try {
    await mkdir(path.join(docs, 'docs'), { recursive: true });
    await writeFile(path.join(docs, 'docs/intro.md'), await readFile(path.join(project, 'content/docs/intro.md')));
    git(docs, 'init', '-q');
    git(docs, 'add', '.');
    git(docs, 'commit', '-qm', 'intro');
    await rm(path.join(project, 'content'), { recursive: true });
    await write('site.config.ts', MINI_CONFIG.replace('docs: {', 'docs: { showLastUpdateTime: true,'));
    git(project, 'init', '-q');
    git(project, 'submodule', 'add', '-q', docs, 'content');
    git(project, 'add', '.');
    git(project, 'commit', '-qm', 'first');
    await write('content/docs/setup.md', '# Setup\n\nSteps.\n');
    await build();
    const page = path.join(project, 'build/docs/setup/index.html');
    assert.match(await readFile(path.join(project, 'build/docs/index.html'), 'utf8'), '2025-01-10');
    assert.not.match(await readFile(page, 'utf8'), '2025-01-10');
    assert.match(await build(), UNCHANGED);
    // setup.md is committed in the submodule as it is; the project's own commit stays the same.
    git(path.join(project, 'content'), 'add', 'docs/setup.md');
    git(path.join(project, 'content'), 'commit', '-qm', 'setup');
    assert.not.match(await build(), UNCHANGED);
    assert.match(await readFile(page, 'utf8'), '2025-01-10');
  } finally {
    await rm(docs, { recursive: true, force: true });
  }
});

test("check with nothing changed gives the last check's findings and exit code again", async () => {
  await write('content/docs/setup.md', '# Setup\n\n[gone](./gone.md)\n');
  const first = await egdocs(project, 'check');
  assert.is(first.code, 1);
  assert.match(first.stdout, '1 warning in 1 file');
  assert.not.match(first.stdout, UNCHANGED_CHECK);
  const second = await egdocs(project, 'check');
  assert.is(second.code, 1);
  assert.is(second.stdout, `${first.stdout}${UNCHANGED_CHECK}\n`);
  // Machine formats print the findings alone.
  const json = await egdocs(project, 'check', '--format', 'json');
  assert.equal(JSON.parse(json.stdout), JSON.parse((await egdocs(project, 'check', '--format', 'json')).stdout));
  assert.is(JSON.parse(json.stdout)[0].location.lineText, '[gone](./gone.md)');
  await write('content/docs/setup.md', '# Setup\n\n[setup](./setup.md)\n');
  const fixed = await egdocs(project, 'check');
  assert.is(fixed.code, 0);
  assert.not.match(fixed.stdout, UNCHANGED_CHECK);
});

test.run();
