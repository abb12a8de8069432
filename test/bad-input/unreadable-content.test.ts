// A folder that cannot be read is an error naming it, never an empty site: content/ missing, a link that leads
// nowhere or loops, a folder closed to the user, a folder renamed while the build reads it. Each failing build exits 1
// and leaves the last good build byte for byte.
import { chmod, rename, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { AS_NOBODY, egdocs, egdocsProcess, run } from '../cli/run.ts';
import { snapshot, workFolders } from './snapshot.ts';

const test = suite('bad input: content that cannot be read');

const FILES: Record<string, string> = {
  'site.config.ts': MINI_CONFIG,
  'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\nSteps.\n',
  'content/docs/guide/install.md': '# Install\n\nRun it.\n',
};

let p: TempProject;
/** The last good build, which every failure must leave as it was. */
let good: Record<string, string>;
test.before.each(async () => {
  p = await tempProject(FILES, 'egdocs-unreadable-');
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  good = await snapshot(path.join(p.dir, 'build'));
});
test.after.each(() => p.remove());

/** Builds, expects the failure `first` (its first line on stderr), and the last good build untouched. */
async function failsWith(
  first: string,
  build: () => Promise<{ code: number; stdout: string; stderr: string }> = () => egdocs(p.dir, 'build'),
): Promise<void> {
  const { code, stdout, stderr } = await build();
  assert.is(code, 1, stdout);
  assert.is(stderr.split('\n')[0], first);
  assert.equal(await snapshot(path.join(p.dir, 'build')), good);
  assert.equal(await workFolders(p.dir), []);
}

test('a docs folder replaced by a link to a folder that is not there (a moved shared checkout)', async () => {
  await rename(path.join(p.dir, 'content/docs/guide'), path.join(p.dir, 'elsewhere'));
  await symlink('../../../shared/guide', path.join(p.dir, 'content/docs/guide'));
  await failsWith(
    'error  content/docs/guide  cannot be read (ENOENT); it is a symbolic link to ../../../shared/guide, which does not exist: make the target or remove the link',
  );
});

test('a link to a folder that holds it, and a link to itself, are named rather than listed forever or skipped', async () => {
  await symlink('..', path.join(p.dir, 'content/docs/guide/up'));
  await failsWith(
    'error  content/docs/guide/up  is a symbolic link to .., a folder that holds it; remove the link, or point it at a folder outside this one',
  );
  await unlink(path.join(p.dir, 'content/docs/guide/up'));
  await symlink('self', path.join(p.dir, 'content/docs/guide/self'));
  await failsWith(
    'error  content/docs/guide/self  cannot be read (ELOOP); it is a symbolic link to self, which leads back to itself: point it at a file or folder, or remove it',
  );
});

test('linked docs are built like any others', async () => {
  await p.write('shared/guide/shared-page.md', '# Shared page\n\nFrom another repository.\n');
  await symlink('../../shared/guide', path.join(p.dir, 'content/docs/linked'));
  const { code, stderr } = await egdocs(p.dir, 'build');
  assert.is(code, 0, stderr);
  assert.match(await p.read('build/docs/linked/shared-page/index.html'), '<h1>Shared page</h1>');
});

test('a folder closed to the user fails the build naming it', async () => {
  // Tests run as root, which reads everything: the build runs as the user nobody, the folder owned by root.
  await run('chmod', ['-R', 'a+rwX', p.dir]);
  await chmod(path.join(p.dir, 'content/docs/guide'), 0o700);
  try {
    await failsWith(
      'error  content/docs/guide  cannot be read (EACCES); egdocs may not read it: check its permissions (ls -l)',
      () => egdocsProcess(p.dir, ['build'], AS_NOBODY),
    );
  } finally {
    await chmod(path.join(p.dir, 'content/docs/guide'), 0o755);
  }
});

/**
 * A module loaded before egdocs (node --import) that renames `folder` to `folder-moved` right after the build lists
 * `after`: a branch switch or a sync tool moving folders mid-build, at a moment the test chooses.
 */
async function renameDuring(after: string, folder: string): Promise<string> {
  const hook = path.join(p.dir, 'rename-hook.mjs');
  await writeFile(
    hook,
    `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const readdir = fs.promises.readdir;
fs.promises.readdir = async (dir, ...rest) => {
  const entries = await readdir(dir, ...rest);
  if (String(dir) === ${JSON.stringify(path.join(p.dir, after))}) fs.renameSync(${JSON.stringify(path.join(p.dir, folder))}, ${JSON.stringify(path.join(p.dir, `${folder}-moved`))});
  return entries;
};
// egdocs imports node:fs/promises as a module: this makes its bindings the patched ones.
syncBuiltinESMExports();
`,
  );
  return hook;
}

test('a folder renamed while the build lists content/, or before it reads the files, fails naming what went away', async () => {
  const build = (hook: string) => () =>
    run('node', ['--import', hook, path.join(ROOT, 'bin/egdocs.js'), 'build'], { cwd: p.dir });
  const gone =
    'it went away while the build read content/ (a branch switch, or a tool moving folders); run the build again';
  // Listed content/docs, then guide/ went before it was listed.
  await failsWith(
    `error  content/docs/guide  cannot be read (ENOENT); ${gone}`,
    build(await renameDuring('content/docs', 'content/docs/guide')),
  );
  await rename(path.join(p.dir, 'content/docs/guide-moved'), path.join(p.dir, 'content/docs/guide'));
  // Listed everything, then guide/ went before its page was read.
  await failsWith(
    `error  content/docs/guide/install.md  cannot be read (ENOENT); ${gone}`,
    build(await renameDuring('content/docs/guide', 'content/docs/guide')),
  );
});

test('a project without content/ is told what to create; a file named content is named', async () => {
  await rename(path.join(p.dir, 'content'), path.join(p.dir, 'old-content'));
  await failsWith(
    `error  no content/ folder at ${path.join(p.dir, 'content')}; create content/docs/intro.md (a "# Title" line and some text) beside the config file to start a site`,
  );
  await writeFile(path.join(p.dir, 'content'), 'not a folder');
  await failsWith(
    'error  content  is a file, not a folder; content/ must be a folder of markdown files (content/docs/intro.md)',
  );
});

test.run();
