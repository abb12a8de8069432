// git failing is not an input of a build: a build or check run while git was missing from PATH or refused the
// repository is not reported again as "nothing changed" once git works, and the dates come back with no cache to
// delete (src/build/record.ts, src/content/git-history.ts). The CLI runs as a process, with a PATH of our making.
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocsProcess } from './run.ts';

const test = suite('a build made while git failed');

const UNCHANGED = 'nothing changed since the last build';
const UNCHANGED_CHECK = 'Nothing changed since the last check';
const DATE = '<time datetime="2025-01-10">Jan 10, 2025</time>';

let p: TempProject;
/** A folder for PATH holding node and, when given, a `git` of our own. */
let bin: string;

test.before.each(async () => {
  p = await tempProject(
    {
      'site.config.ts': MINI_CONFIG.replace('docs: {', 'docs: { showLastUpdateTime: true,'),
      'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n',
      'content/docs/setup.md': '# Setup\n\nSteps.\n',
    },
    'egdocs-git-failure-',
  );
  const date = '2025-01-10T12:00:00Z';
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: p.dir, stdio: 'pipe', env });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=Ann', '-c', 'user.email=ann@example.com', 'commit', '-qm', 'first');
  bin = await mkdtemp(path.join(os.tmpdir(), 'egdocs-path-'));
  await symlink(process.execPath, path.join(bin, 'node'));
});
test.after.each(async () => {
  await p.remove();
  await rm(bin, { recursive: true, force: true });
});

/** `egdocs ...args` with PATH as given: our folder only (no git), or the test's own. */
const egdocs = (args: string[], PATH = bin) => egdocsProcess(p.dir, args, { env: { ...process.env, PATH } });

test('a build without git warns; the next build with git is made again and shows the dates', async () => {
  const without = await egdocs(['build']);
  assert.is(without.code, 0, without.stderr);
  assert.match(without.stderr, 'git is not installed, so docs have no last-updated dates');
  assert.not.match(await p.read('build/docs/setup/index.html'), DATE);
  // Still no git: the build is made again (it is not a run to report again), and warns again.
  const again = await egdocs(['build']);
  assert.not.match(again.stdout, UNCHANGED);
  assert.match(again.stderr, 'git is not installed');

  const withGit = await egdocs(['build'], process.env.PATH);
  assert.is(withGit.code, 0, withGit.stderr);
  assert.not.match(withGit.stdout, UNCHANGED);
  assert.not.match(withGit.stderr, 'git');
  assert.match(await p.read('build/docs/setup/index.html'), DATE);
  // A build with git working is a run to report again.
  assert.match((await egdocs(['build'], process.env.PATH)).stdout, UNCHANGED);
});

test('a check while git refuses the repository (dubious ownership) is not given again once git accepts it', async () => {
  // A git that says what git says of a repository another user owns.
  await writeFile(
    path.join(bin, 'git'),
    `#!/bin/sh\necho "fatal: detected dubious ownership in repository at '$PWD'" >&2\necho "To add an exception for this directory, call:" >&2\necho >&2\necho "\tgit config --global --add safe.directory '$PWD'" >&2\nexit 128\n`,
  );
  await chmod(path.join(bin, 'git'), 0o755);
  const refused = await egdocs(['check']);
  assert.is(refused.code, 1);
  assert.match(refused.stdout, 'git refuses to read the repository (dubious ownership: another user owns it)');
  assert.match(refused.stdout, 'git config --global --add safe.directory');
  const accepted = await egdocs(['check'], process.env.PATH);
  assert.is(accepted.code, 0, accepted.stdout);
  assert.not.match(accepted.stdout, UNCHANGED_CHECK);
  assert.match((await egdocs(['check'], process.env.PATH)).stdout, UNCHANGED_CHECK);
});

test.run();
