// Nothing lost: `egdocs build` replaces its output folder whole, so it refuses any folder that holds or lies in the
// project's sources, and any folder it did not write unless told to. Each case runs the CLI in a project that sits in
// a folder of its own beside a neighbour's file, and compares every byte around it (.git included) before and after.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';
import { snapshot } from './snapshot.ts';

const test = suite('bad input: output folders a build must not replace');

const FILES: Record<string, string> = {
  'neighbour.txt': 'a file beside the project, in the folder that holds it',
  'site/site.config.ts': MINI_CONFIG,
  'site/content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'site/content/docs/setup.md': '# Setup\n\nSteps.\n',
  'site/content/static/robots.txt': 'User-agent: *\n',
};

/** The folder around the project; the project is its `site/`. */
let around: TempProject;
let site: string;
test.before.each(async () => {
  around = await tempProject(FILES, 'egdocs-out-');
  site = path.join(around.dir, 'site');
  await new Promise((resolve) => execFile('git', ['init', '-q', site], resolve));
});
test.after.each(() => around.remove());

/**
 * Every file around the project, less those under `out` (relative to it: what a build there may change) and egdocs'
 * caches in the project's node_modules/.cache/egdocs/ (highlighted code, rendered pages).
 */
const aroundWithout = async (out: string) =>
  without(without(await snapshot(around.dir), out), 'site/node_modules/.cache/egdocs');
const without = (files: Record<string, string>, out: string) =>
  Object.fromEntries(Object.entries(files).filter(([file]) => !file.startsWith(`${out}/`)));

/** Each output folder that is refused, with the first line it is refused with. */
const refusals = (site: string): [dir: string, message: string][] => [
  [
    '.',
    "error  .: refusing to write the site into the project's own folder: a build replaces its output folder whole, and this one holds the sources and the config; choose a folder of its own, like 'build' (the default)",
  ],
  ['..', `error  ..: refusing to write the site into a folder that holds the project (${site})`],
  ['content', "error  content: refusing to write the site into content/, which is part of the project's sources"],
  ['content/static', 'error  content/static: refusing to write the site into a folder inside content/'],
  ['content/x', 'error  content/x: refusing to write the site into a folder inside content/'],
  [
    '.git',
    "error  .git: refusing to write the site into .git (the project's history), which is part of the project's sources",
  ],
  [
    'site.config.ts',
    "error  site.config.ts: refusing to write the site into site.config.ts, which is part of the project's sources",
  ],
];

test('-o ., .., content, content/static, content/x, .git and the config are refused before any work, even with --force', async () => {
  const before = await snapshot(around.dir);
  for (const [dir, message] of refusals(site)) {
    for (const force of [[], ['--force']]) {
      const { code, stdout, stderr } = await egdocs(site, 'build', '-o', dir, ...force);
      assert.is(code, 1, `${dir} ${force}`);
      assert.is(stdout, '', `${dir} ${force}: no build ran`);
      assert.ok(stderr.startsWith(message), `${dir} ${force}: ${stderr}`);
      assert.equal(await snapshot(around.dir), before, `${dir} ${force}: every byte around the project as it was`);
    }
  }
});

test('a folder is shown as typed and where it resolved, since -o is relative to the config, not to where egdocs runs', async () => {
  const before = await snapshot(around.dir);
  const { code, stderr } = await egdocs(around.dir, '-c', 'site/site.config.ts', 'build', '-o', '.');
  assert.is(code, 1);
  assert.match(stderr, `error  . (${site}): refusing to write the site into the project's own folder`);
  assert.equal(await snapshot(around.dir), before);
});

test("a folder with a stranger's files is refused and untouched; --force replaces it", async () => {
  await around.write('site/notes/todo.txt', 'mine');
  const before = await snapshot(around.dir);
  const refused = await egdocs(site, 'build', '-o', 'notes');
  assert.is(refused.code, 1);
  assert.is(refused.stdout, '', 'no build ran');
  assert.is(
    refused.stderr.split('\n')[0],
    'error  notes: the folder holds files that egdocs did not write (it has no .egdocs-build.json); a build replaces the whole folder, so egdocs leaves it alone; choose another folder, empty this one, or pass --force to replace it',
  );
  assert.equal(await snapshot(around.dir), before);
  const forced = await egdocs(site, 'build', '-o', 'notes', '--force');
  assert.is(forced.code, 0, forced.stderr);
  assert.not.ok(Object.keys(await snapshot(path.join(site, 'notes'))).includes('todo.txt'), 'replaced whole');
  assert.equal(JSON.parse(await around.read('site/notes/.egdocs-build.json')), {
    generator: 'egdocs 0.1.0',
    baseUrl: '/mini/',
  });
  assert.equal(await aroundWithout('site/notes'), without(before, 'site/notes'));
});

test('a rebuild over its own build, and over an older build without the marker, is accepted; the rest is intact', async () => {
  const before = await snapshot(around.dir);
  assert.is((await egdocs(site, 'build')).code, 0);
  assert.is((await egdocs(site, 'build')).code, 0, 'its own build is replaced without --force');
  // A build written before the marker existed: recognised by the generator tag of its 404 page.
  await around.write(
    'site/old/404.html',
    '<!DOCTYPE html><html><head><meta name="generator" content="egdocs 0.0.9"></head><body></body></html>',
  );
  await around.write('site/old/index.html', 'old');
  const older = await egdocs(site, 'build', '-o', 'old');
  assert.is(older.code, 0, older.stderr);
  assert.match(await around.read('site/old/index.html'), '<!DOCTYPE html>');
  // An empty folder is fine too.
  await mkdir(path.join(site, 'empty'));
  assert.is((await egdocs(site, 'build', '-o', 'empty')).code, 0);
  const after = ['site/build', 'site/old', 'site/empty', 'site/node_modules/.cache/egdocs'].reduce(
    without,
    await snapshot(around.dir),
  );
  assert.equal(after, before);
});

test('a file given as the output folder is refused, even with --force', async () => {
  await writeFile(path.join(site, 'README.md'), '# My project\n');
  const { code, stderr } = await egdocs(site, 'build', '-o', 'README.md', '--force');
  assert.is(code, 1);
  assert.is(
    stderr.split('\n')[0],
    "error  README.md: refusing to write the site into a file, which is not a folder; choose a folder of its own, like 'build' (the default)",
  );
  assert.is(await around.read('site/README.md'), '# My project\n');
});

test.run();
