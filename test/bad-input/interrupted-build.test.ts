// A build that is stopped or cannot write leaves the previous output as it was and no folder of its own behind:
// Ctrl+C and SIGTERM remove the temporary folder, the next build sweeps what a killed one left, and a disk error is
// one line naming the path and what to do, never a stack trace.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EARLY_MIN_FILES } from '../../src/render/parallel.ts';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { AS_NOBODY, egdocs, egdocsProcess, run } from '../cli/run.ts';
import { snapshot, workFolders } from './snapshot.ts';

const test = suite('bad input: interrupted builds and disk errors');

const FILES: Record<string, string> = {
  'site.config.ts': MINI_CONFIG,
  'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\nSteps.\n',
};

let p: TempProject;
test.before.each(async () => {
  p = await tempProject(FILES, 'egdocs-stop-');
});
test.after.each(() => p.remove());

/** Lets that user into the project: every file readable and writable, so only what a test locks is locked. */
const openUp = (dir: string) => run('chmod', ['-R', 'a+rwX', dir]);

/** Runs egdocs as a user that file permissions apply to. */
const egdocsUnprivileged = (cwd: string, ...args: string[]) => egdocsProcess(cwd, args, AS_NOBODY);

/**
 * Starts `egdocs build` and sends `signal` the moment its temporary folder appears. Its writes into that folder
 * wait for a signal (hold-writes.mjs), so the signal always arrives while the output is being written.
 */
async function buildAndStop(dir: string, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  const hook = path.join(import.meta.dirname, 'hold-writes.mjs');
  const child = spawn('node', ['--import', hook, path.join(ROOT, 'bin/egdocs.js'), 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const watcher = watch(dir, (_event, name) => {
    if (name === `.build.tmp-${child.pid}`) {
      watcher.close();
      child.kill(signal);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  watcher.close();
  return { code, stderr };
}

test('Ctrl+C or SIGTERM while writing exits 130 or 143 with one line, no temporary folder, and the previous build as it was', async () => {
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  const before = await snapshot(path.join(p.dir, 'build'));
  await p.write('content/docs/setup.md', '# Setup\n\nChanged.\n');
  for (const [signal, code, word] of [
    ['SIGINT', 130, 'Interrupted'],
    ['SIGTERM', 143, 'Stopped'],
  ] as const) {
    const stopped = await buildAndStop(p.dir, signal);
    assert.is(stopped.code, code, stopped.stderr);
    assert.is(stopped.stderr.trim(), `${word}: nothing was written; the previous output is as it was`);
    assert.equal(await workFolders(p.dir), [], signal);
    assert.equal(await snapshot(path.join(p.dir, 'build')), before, signal);
  }
});

test('Ctrl+C while render workers write pages ahead removes their folder too: the previous output as it was', async () => {
  // A site large enough that a build with nothing kept starts render workers, which write as they render.
  for (let i = 0; i < EARLY_MIN_FILES; i++)
    await p.write(`content/docs/many/page-${i}.md`, `# Page ${i}\n\nText of page ${i}.\n`);
  // The compiled CLI in a process of its own, as buildAndStop runs it: workers started from the sources need tsx,
  // which a process working in the project's folder cannot find.
  const first = await egdocsProcess(p.dir, ['build']);
  assert.is(
    first.code,
    0,
    first.stderr
      .split('\n')
      .filter((line) => !line.startsWith('warn'))
      .join('\n'),
  );
  const before = await snapshot(path.join(p.dir, 'build'));
  // Nothing kept (as after a fresh clone), so the next build writes ahead into its temporary folder.
  await rm(path.join(p.dir, 'node_modules/.cache'), { recursive: true, force: true });
  await p.write('content/docs/setup.md', '# Setup\n\nChanged.\n');
  const stopped = await buildAndStop(p.dir, 'SIGINT');
  assert.is(stopped.code, 130, stopped.stderr);
  assert.is(stopped.stderr.trim(), 'Interrupted: nothing was written; the previous output is as it was');
  assert.equal(await workFolders(p.dir), []);
  assert.equal(await snapshot(path.join(p.dir, 'build')), before);
});

test('folders left by a killed build are swept by the next one, even one that fails; a running build keeps its own', async () => {
  await p.write('.build.tmp-999999/index.html', 'left by a build that was killed');
  await p.write('.build.old-999998/index.html', 'left by a build that was killed');
  await p.write('.build.tmp-999997-stopped/index.html', 'left by a build killed while it removed its folder');
  // This test's own process is running: its folder belongs to a live build (the build runs as a process of its own).
  await p.write(`.build.tmp-${process.pid}/index.html`, 'a build in progress');
  await p.write('content/docs/setup.md', '---\ntitle: [unclosed\n---\n');
  assert.is((await egdocsProcess(p.dir, ['build'])).code, 1);
  assert.equal(await workFolders(p.dir), [`.build.tmp-${process.pid}`]);
});

test('a file where a folder is needed, or a folder the user may not write, is one line naming it', async () => {
  await writeFile(path.join(p.dir, 'afile'), 'a file, not a folder');
  const notDir = await egdocs(p.dir, 'build', '-o', 'afile/site');
  assert.is(notDir.code, 1);
  assert.is(
    notDir.stderr.trim(),
    'error  cannot write afile/site: a file stands where a folder is needed (ENOTDIR); move the file away, or build somewhere else with -o <dir>. The previous output is unchanged.',
  );
  // A folder the user may not write into (a system folder, another user's).
  await mkdir(path.join(p.dir, 'locked'));
  await openUp(p.dir);
  await chmod(path.join(p.dir, 'locked'), 0o555);
  const denied = await egdocsUnprivileged(p.dir, 'build', '-o', 'locked/site');
  assert.is(denied.code, 1, denied.stderr);
  assert.is(
    denied.stderr.trim(),
    "error  cannot write locked/site: permission denied (EACCES); check the folder's permissions (ls -l), or build somewhere else with -o <dir>. The previous output is unchanged.",
  );
  assert.equal(await workFolders(path.join(p.dir, 'locked'), 'site'), []);
});

test("an output folder that cannot be swapped (another user's, in a shared folder) is named, and no temporary folder stays", async () => {
  // A shared folder like /tmp (sticky): anyone may add to it, only a folder's owner may move it.
  assert.is((await egdocs(p.dir, 'build', '-o', 'shared/site')).code, 0);
  const before = await snapshot(path.join(p.dir, 'shared/site'));
  await openUp(p.dir);
  await chmod(path.join(p.dir, 'shared'), 0o1777);
  const failed = await egdocsUnprivileged(p.dir, 'build', '-o', 'shared/site');
  assert.is(failed.code, 1, failed.stderr);
  assert.is(
    failed.stderr.trim(),
    "error  cannot write shared/site: operation not permitted (EPERM); check the folder's permissions (ls -l), or build somewhere else with -o <dir>. The previous output is unchanged.",
  );
  assert.equal(await workFolders(path.join(p.dir, 'shared'), 'site'), []);
  assert.equal(await snapshot(path.join(p.dir, 'shared/site')), before);
});

/** Mounts a small tmpfs at `dir` (root only); false where this machine does not allow it. */
async function mountSmall(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  return (await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir])).code === 0;
}

test('a full disk is one line naming the file and what to do; a mount point as the output folder is refused before any work', async () => {
  const small = path.join(p.dir, 'small');
  if (!(await mountSmall(small))) {
    console.warn(
      '  (not run: this machine does not allow mounting a tmpfs; a full disk is tried by test/cli/report.test.ts)',
    );
    return;
  }
  try {
    const full = await egdocs(p.dir, 'build', '-o', 'small/site');
    assert.is(full.code, 1);
    assert.match(
      full.stderr.trim(),
      /^error {2}cannot write small\/site\/\S+: no space left on the disk \(ENOSPC\); free some space and build again\. The previous output is unchanged\.$/,
    );
    assert.equal(await workFolders(small, 'site'), [], 'the temporary folder is gone, and its space with it');
    // A site large enough to be written ahead while it renders fills the disk during the render: the same line,
    // naming the file by the output folder's path rather than the temporary folder's.
    for (let i = 0; i < EARLY_MIN_FILES; i++)
      await p.write(`content/docs/many/page-${i}.md`, `# Page ${i}\n\nText of page ${i}.\n`);
    await rm(path.join(p.dir, 'node_modules/.cache'), { recursive: true, force: true });
    const large = await egdocsProcess(p.dir, ['build', '-o', 'small/site']);
    assert.is(large.code, 1);
    assert.match(
      large.stderr.trim(),
      /^error {2}cannot write small\/site\/\S+: no space left on the disk \(ENOSPC\); free some space and build again\. The previous output is unchanged\.$/,
    );
    assert.equal(await workFolders(small, 'site'), []);
    const mounted = await egdocs(p.dir, 'build', '-o', 'small');
    assert.is(mounted.code, 1);
    assert.is(mounted.stdout, '', 'no build ran');
    assert.is(
      mounted.stderr.trim(),
      `error  small: refusing to write the site into a mount point: a build swaps its output folder whole, and a mount point cannot be moved; build into a folder inside it (-o ${path.join(small, 'site')}) and publish that`,
    );
  } finally {
    await run('umount', [small]);
  }
});

test.run();
