// What a new user reads when something is off: help that lists every option, a missing config named with where egdocs
// looked, a syntax slip shown in its lines, broken links that neither leak source paths nor go without a suggestion.
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from './run.ts';

const test = suite('messages a new user reads');

let p: TempProject;
let project: string;
const write = (rel: string, text: string) => p.write(rel, text);

test.before.each(async () => {
  p = await tempProject(
    {
      'site.config.ts': MINI_CONFIG,
      'content/docs/intro.md': '# Intro\n\nSee [setup](./setup.md).\n',
      'content/docs/setup.md': '# Setup\n\n## Install\n\n## Server setup steps\n',
    },
    'egdocs-messages-',
  );
  project = p.dir;
});
test.after.each(() => p.remove());

test("every command's --help lists -c/--config", async () => {
  for (const command of ['build', 'check', 'serve']) {
    const { code, stdout } = await egdocs(project, command, '--help');
    assert.is(code, 0);
    assert.match(stdout, /-c, --config <file>\s+path to the site config/, command);
  }
  // And it works after the command name, as the help shows it.
  const { code, stderr } = await egdocs(project, 'build', '-c', 'nope.ts');
  assert.is(code, 1);
  assert.match(stderr, 'config file not found: nope.ts');
});

test('a missing config says so and where egdocs looked', async () => {
  const empty = await mkdtemp(path.join(os.tmpdir(), 'egdocs-empty-'));
  try {
    const { code, stderr } = await egdocs(empty, 'build');
    assert.is(code, 1);
    assert.is(
      stderr.trim().split('\n')[0],
      `error  config file not found: site.config.ts; egdocs looked for ${path.join(await realpath(empty), 'site.config.ts')}; run egdocs in the folder that holds site.config.ts, or name the file with -c <path>`,
    );
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
});

test('a missing comma is shown in its lines, with the line to fix', async () => {
  await write(
    'site.config.ts',
    "import { defineConfig } from 'egdocs';\nexport default defineConfig({\n  title: 'Mini'\n  url: 'https://mini.dev',\n});\n",
  );
  const { code, stderr } = await egdocs(project, 'build');
  assert.is(code, 1);
  assert.equal(stderr.split('\n').slice(0, 4), [
    `error  site.config.ts:4:3  Expected "}" but found "url"; is a ',' missing at the end of line 3?`,
    "    3 |   title: 'Mini'",
    "    4 |   url: 'https://mini.dev',",
    '      |   ^',
  ]);
});

test('a link to a missing .md file is written without an href, never as a source path', async () => {
  await write('content/docs/intro.md', '# Intro\n\nSee [the guide](./guide.md).\n');
  assert.is((await egdocs(project, 'build')).code, 0);
  const html = await p.read('build/docs/intro/index.html');
  assert.match(html, '<a>the guide</a>');
  assert.not.match(html, 'href="content/');
});

test('a missing anchor suggests the nearest heading on that page', async () => {
  await write(
    'content/docs/intro.md',
    '# Intro\n\n[typo](./setup.md#instal) [words](./setup.md#server-setup) [none](./setup.md#zzz)\n',
  );
  const { stdout } = await egdocs(project, 'check');
  assert.match(
    stdout,
    "content/docs/intro.md:3:8  anchor '#instal' does not exist on /mini/docs/setup/; did you mean '#install'?",
  );
  assert.match(
    stdout,
    "content/docs/intro.md:3:35  anchor '#server-setup' does not exist on /mini/docs/setup/; did you mean '#server-setup-steps'?",
  );
  assert.match(
    stdout,
    "content/docs/intro.md:3:67  anchor '#zzz' does not exist on /mini/docs/setup/; the page's anchors are '#install', '#server-setup-steps'",
  );
});

test('every installed package with an install script is reviewed in allowScripts, so npm prints no notice about it', async () => {
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const modules = path.join(ROOT, 'node_modules');
  const names = (await readdir(modules)).flatMap((name) => (name.startsWith('.') ? [] : [name]));
  const withScripts: string[] = [];
  for (const name of names) {
    const inner = name.startsWith('@')
      ? (await readdir(path.join(modules, name))).map((sub) => `${name}/${sub}`)
      : [name];
    for (const dep of inner) {
      const manifest = await readFile(path.join(modules, dep, 'package.json'), 'utf8').then(
        JSON.parse,
        () => undefined,
      );
      if (manifest?.scripts && ['preinstall', 'install', 'postinstall'].some((hook) => manifest.scripts[hook]))
        withScripts.push(dep);
    }
  }
  assert.ok(withScripts.includes('esbuild'), 'esbuild has a postinstall script');
  for (const dep of withScripts)
    assert.is(typeof pkg.allowScripts?.[dep], 'boolean', `${dep} is reviewed in allowScripts`);
});

test.run();
