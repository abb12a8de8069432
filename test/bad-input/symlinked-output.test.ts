// A symbolic link as the output folder (`ln -s /srv/www public; egdocs build -o public`): the build resolves it once,
// applies the output guard to the folder it leads to and writes the site there, leaving the link a link. Nothing of
// a link ever becomes the spare output the next build is made from, so no later build empties a stranger's folder.
import { execFile } from 'node:child_process';
import { lstat, mkdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';
import { snapshot } from './snapshot.ts';

const test = suite('bad input: a symbolic link as the output folder');

const FILES: Record<string, string> = {
  'site/site.config.ts': MINI_CONFIG,
  'site/content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'site/content/docs/setup.md': '# Setup\n\nSteps.\n',
};

/** The folder around the project (`site/`) and the deploy folders beside it (`www/`). */
let around: TempProject;
let site: string;
test.before.each(async () => {
  around = await tempProject(FILES, 'egdocs-link-out-');
  site = path.join(around.dir, 'site');
  await new Promise((resolve) => execFile('git', ['init', '-q', site], resolve));
});
test.after.each(() => around.remove());

const isLink = async (file: string) => (await lstat(file)).isSymbolicLink();

test('a link to an empty folder is written through: the site lands in the target and the link stays a link', async () => {
  await mkdir(path.join(around.dir, 'www'));
  await symlink('../www', path.join(site, 'public'));
  const built = await egdocs(site, 'build', '-o', 'public');
  assert.is(built.code, 0, built.stderr);
  assert.ok(await isLink(path.join(site, 'public')), 'public is still the link the user made');
  assert.is(await readlink(path.join(site, 'public')), '../www');
  assert.match(await around.read('www/index.html'), '<!DOCTYPE html>');
  assert.match(await around.read('www/.egdocs-build.json'), '"baseUrl": "/mini/"');
  // A second build through the link replaces the target with the new site and keeps the link.
  await around.write('site/content/docs/setup.md', '# Setup\n\nNew steps.\n');
  const again = await egdocs(site, 'build', '-o', 'public');
  assert.is(again.code, 0, again.stderr);
  assert.ok(await isLink(path.join(site, 'public')));
  assert.match(await around.read('www/docs/setup/index.html'), 'New steps.');
});

test("a plain build after a build through a link leaves the link's target and the user's files in it alone", async () => {
  await mkdir(path.join(around.dir, 'www'));
  await symlink(path.join(around.dir, 'www'), path.join(site, 'public'));
  assert.is((await egdocs(site, 'build', '-o', 'public')).code, 0);
  // The deploy folder gets the user's own files beside the site.
  await around.write('www/notes.txt', 'my notes');
  await around.write('www/photos/cat.jpg', 'a cat');
  const target = await snapshot(path.join(around.dir, 'www'));
  for (let run = 0; run < 2; run++) {
    const plain = await egdocs(site, 'build');
    assert.is(plain.code, 0, plain.stderr);
    assert.equal(await snapshot(path.join(around.dir, 'www')), target, `build ${run + 1}: www as it was`);
    assert.ok(await isLink(path.join(site, 'public')));
  }
  assert.match(await around.read('site/build/index.html'), '<!DOCTYPE html>');
});

test("a link to a folder of a stranger's files is refused like the folder itself, naming both", async () => {
  await around.write('www/notes.txt', 'my notes');
  await around.write('www/photos/cat.jpg', 'a cat');
  await symlink('../www', path.join(site, 'public'));
  const before = await snapshot(around.dir);
  const refused = await egdocs(site, 'build', '-o', 'public');
  assert.is(refused.code, 1);
  assert.is(refused.stdout, '');
  assert.is(
    refused.stderr.split('\n')[0],
    `error  public (a link to ${path.join(around.dir, 'www')}): the folder holds files that egdocs did not write (it has no .egdocs-build.json); a build replaces the whole folder, so egdocs leaves it alone; choose another folder, empty this one, or pass --force to replace it`,
  );
  assert.equal(await snapshot(around.dir), before);
  assert.ok(await isLink(path.join(site, 'public')));
});

test('a link that leads nowhere is refused, and nothing is made where it points', async () => {
  await symlink('../nowhere', path.join(site, 'public'));
  const refused = await egdocs(site, 'build', '-o', 'public');
  assert.is(refused.code, 1);
  assert.is(
    refused.stderr.split('\n')[0],
    'error  public: a symbolic link to ../nowhere, which does not exist; make the folder it points to, or remove the link and build again (egdocs then makes the folder)',
  );
  assert.not.ok(
    await lstat(path.join(around.dir, 'nowhere')).then(
      () => true,
      () => false,
    ),
  );
  assert.ok(await isLink(path.join(site, 'public')));
});

test('a link parked as the spare output by an older egdocs is dropped, never followed: its target keeps its files', async () => {
  await around.write('www/notes.txt', 'my notes');
  await around.write('www/photos/cat.jpg', 'a cat');
  const target = await snapshot(path.join(around.dir, 'www'));
  await mkdir(path.join(site, 'node_modules/.cache/egdocs'), { recursive: true });
  await symlink(path.join(around.dir, 'www'), path.join(site, 'node_modules/.cache/egdocs/output'));
  for (let run = 0; run < 2; run++) {
    const built = await egdocs(site, 'build');
    assert.is(built.code, 0, built.stderr);
    assert.equal(await snapshot(path.join(around.dir, 'www')), target, `build ${run + 1}: www as it was`);
  }
  assert.match(await around.read('site/build/index.html'), '<!DOCTYPE html>');
});

test.run();
