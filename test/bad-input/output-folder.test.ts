// Nothing lost: `egdocs build` replaces its output folder whole, so it refuses any folder that holds or lies in the
// project's sources, and any folder it did not write unless told to; a folder that cannot be read is an error, not an
// empty site; Ctrl+C leaves the previous output and no half-written folder; disk errors are one line, not a stack.
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { watch } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';

const test = suite('bad input: output folders, unreadable content and interrupted builds');

const FILES: Record<string, string> = {
  'site.config.ts': MINI_CONFIG,
  'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\nSteps.\n',
};

let p: TempProject;
test.before.each(async () => {
  p = await tempProject(FILES, 'egdocs-out-');
  await execFileP('git', ['init', '-q', p.dir]);
});
test.after.each(() => p.remove());

function execFileP(file: string, args: string[], options: { cwd?: string; uid?: number; gid?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, options, (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

/** Every file under `dir` (the project, .git included) with its bytes, by path. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return Object.fromEntries(await Promise.all(files.sort().map(async (file) => [file, (await readFile(path.join(dir, file))).toString('base64')])));
}

/** Tests run as root in CI, and root reads and writes everything: permissions are tried as the user nobody. */
const AS_NOBODY = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** Lets that user into the project: every file readable and writable, so only what a test locks is locked. */
const openUp = (dir: string) => execFileP('chmod', ['-R', 'a+rwX', dir]);

/** Runs egdocs as a user that file permissions apply to. */
const egdocsUnprivileged = (cwd: string, ...args: string[]) => execFileP('node', [path.join(ROOT, 'bin/egdocs.js'), ...args], { cwd, ...AS_NOBODY });

test("-o ., -o .., -o content and a folder inside content/ are refused before any work, and the project is intact", async () => {
  const before = await snapshot(p.dir);
  const cases: [string, string][] = [
    ['.', "error  .: refusing to write the site into the project's own folder: a build replaces its output folder whole, and this one holds the sources and the config; choose a folder of its own, like 'build' (the default)"],
    ['..', `error  ..: refusing to write the site into a folder that holds the project (${p.dir})`],
    ['content', "error  content: refusing to write the site into content/, which is part of the project's sources"],
    ['content/docs/out', "error  content/docs/out: refusing to write the site into a folder inside content/"],
  ];
  for (const [dir, message] of cases) {
    const { code, stdout, stderr } = await egdocs(p.dir, 'build', '-o', dir, '--force');
    assert.is(code, 1, dir);
    assert.is(stdout, '', `${dir}: no build ran`);
    assert.ok(stderr.startsWith(message), `${dir}: ${stderr}`);
    assert.equal(await snapshot(p.dir), before, dir);
  }
});

test('a folder egdocs did not write is left alone unless --force; its own builds and older builds are replaced', async () => {
  await p.write('notes/todo.txt', 'mine');
  const { code, stderr } = await egdocs(p.dir, 'build', '-o', 'notes');
  assert.is(code, 1);
  assert.is(stderr.split('\n')[0], "error  notes: the folder holds files that egdocs did not write (it has no .egdocs-build.json); a build replaces the whole folder, so egdocs leaves it alone; choose another folder, empty this one, or pass --force to replace it");
  assert.is(await p.read('notes/todo.txt'), 'mine');
  assert.is((await egdocs(p.dir, 'build', '-o', 'notes', '--force')).code, 0);
  assert.equal(JSON.parse(await p.read('notes/.egdocs-build.json')), { generator: 'egdocs 0.1.0', baseUrl: '/mini/' });
  assert.is((await egdocs(p.dir, 'build', '-o', 'notes')).code, 0, 'its own build is replaced without --force');
  // A build written before the marker existed: recognised by its 404 page.
  await p.write('old/404.html', '<!DOCTYPE html><html><head><meta name="generator" content="egdocs 0.1.0"></head><body></body></html>');
  await p.write('old/index.html', 'old');
  assert.is((await egdocs(p.dir, 'build', '-o', 'old')).code, 0);
  // An empty folder is fine too.
  await mkdir(path.join(p.dir, 'empty'));
  assert.is((await egdocs(p.dir, 'build', '-o', 'empty')).code, 0);
});

test('a content folder that cannot be read fails the build naming it, and the last good build stays', async () => {
  await p.write('content/docs/private/page.md', '# Private\n');
  await openUp(p.dir);
  assert.is((await egdocsUnprivileged(p.dir, 'build')).code, 0);
  const before = await snapshot(path.join(p.dir, 'build'));
  // Owned by another user and closed to the rest: as a shared folder or a file copied in by root would be.
  await execFileP('chown', ['-R', `${process.getuid?.() === 0 ? 0 : process.getuid?.()}`, path.join(p.dir, 'content/docs/private')]);
  await chmod(path.join(p.dir, 'content/docs/private'), 0o700);
  const { code, stderr } = await egdocsUnprivileged(p.dir, 'build');
  await chmod(path.join(p.dir, 'content/docs/private'), 0o755);
  assert.is(code, 1);
  assert.is(stderr.split('\n')[0], 'error  content/docs/private  cannot be read (EACCES); egdocs may not read it: check its permissions (ls -l)');
  assert.equal(await snapshot(path.join(p.dir, 'build')), before);
});

test('a project without content/ is told what to create', async () => {
  const empty = await tempProject({ 'site.config.ts': MINI_CONFIG });
  try {
    const { code, stderr } = await egdocs(empty.dir, 'build');
    assert.is(code, 1);
    assert.match(stderr, `error  no content/ folder in `);
    assert.match(stderr, 'create content/docs/intro.md with a "# Title" line');
  } finally {
    await empty.remove();
  }
});

test('Ctrl+C while writing removes the temporary folder and leaves the previous build as it was', async () => {
  // Enough pages that writing takes a while after the temporary folder appears.
  for (let i = 0; i < 1500; i++) await p.write(`content/docs/many/page-${i}.md`, `# Page ${i}\n\n${'Text to write. '.repeat(200)}\n`);
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  const before = await snapshot(path.join(p.dir, 'build'));
  await p.write('content/docs/setup.md', '# Setup\n\nChanged.\n');
  const child = spawn('node', [path.join(ROOT, 'bin/egdocs.js'), 'build'], { cwd: p.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // The moment the temporary folder is made, the write has begun: interrupt it then.
  const watcher = watch(p.dir, (_event, name) => {
    if (name?.startsWith('.build.tmp-')) {
      watcher.close();
      child.kill('SIGINT');
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  watcher.close();
  assert.is(code, 130, stderr);
  assert.match(stderr, 'Interrupted: nothing was written; the previous output is as it was');
  assert.equal((await readdir(p.dir)).filter((name) => name.startsWith('.build.')), []);
  assert.equal(await snapshot(path.join(p.dir, 'build')), before);
});

test('folders left by a killed build are swept by the next one; a running build keeps its own', async () => {
  await p.write('.build.tmp-999999/index.html', 'left by a build that was killed');
  await p.write('.build.old-999998/index.html', 'left by a build that was killed');
  // This test's own process is running: its folder belongs to a live build.
  await p.write(`.build.tmp-${process.pid}/index.html`, 'a build in progress');
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  assert.equal((await readdir(p.dir)).filter((name) => name.startsWith('.build.')).sort(), [`.build.tmp-${process.pid}`]);
});

test('disk errors are one line naming the path and what to do, never a stack trace', async () => {
  await writeFile(path.join(p.dir, 'afile'), 'a file, not a folder');
  const notDir = await egdocs(p.dir, 'build', '-o', 'afile/site');
  assert.is(notDir.code, 1);
  assert.is(notDir.stderr.trim(), 'error  cannot write afile/site: a file stands where a folder is needed (ENOTDIR); move the file away, or build somewhere else with -o <dir>. The previous output is unchanged.');
  // A folder the user may not write into (a system folder, another user's).
  await mkdir(path.join(p.dir, 'locked'));
  await openUp(p.dir);
  await chmod(path.join(p.dir, 'locked'), 0o555);
  const denied = await egdocsUnprivileged(p.dir, 'build', '-o', 'locked/site');
  assert.is(denied.code, 1, denied.stderr);
  assert.is(denied.stderr.trim(), "error  cannot write locked/site: permission denied (EACCES); check the folder's permissions (ls -l), or build somewhere else with -o <dir>. The previous output is unchanged.");
});

test.run();
