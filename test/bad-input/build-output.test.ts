// `egdocs build` on each kind of mistake that fails a build: exit 1, the problem first on stderr with its file and
// line, and build/ exactly as the last good build left it. (Bad front matter is in test/cli/cli.test.ts.)
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { egdocs } from '../cli/run.ts';
import { MINI_CONFIG as CONFIG } from '../helpers.ts';

const test = suite('bad input: a failed egdocs build leaves build/ as it was');

const GOOD: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\nSteps.\n',
  'content/blog/authors.yml': 'ann:\n  name: Ann Lee\n',
  'content/blog/2025-01-02-hello.md': '---\ntitle: Hello\nauthors: [ann]\n---\nHi.\n',
};

let project: string;
const write = async (rel: string, contents: string | Buffer) => {
  await mkdir(path.dirname(path.join(project, rel)), { recursive: true });
  await writeFile(path.join(project, rel), contents);
};

/** Every file under `dir` with its bytes, by path. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return Object.fromEntries(
    await Promise.all(
      files.sort().map(async (file) => [file, (await readFile(path.join(dir, file))).toString('base64')]),
    ),
  );
}

test.before.each(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-bad-build-'));
  for (const [rel, text] of Object.entries(GOOD)) await write(rel, text);
});
test.after.each(async () => {
  await rm(project, { recursive: true, force: true });
});

const FAILURES: { what: string; file: string; contents: string | Buffer; error: string }[] = [
  {
    what: 'a Latin-1 page',
    file: 'content/docs/setup.md',
    contents: Buffer.from('# Setup\n\nCafé.\n', 'latin1'),
    error:
      "error  content/docs/setup.md:3:4  is not valid UTF-8 text (byte 0xE9, which is 'é' in Latin-1); save the file as UTF-8",
  },
  {
    what: 'an unclosed admonition',
    file: 'content/docs/setup.md',
    contents: '# Setup\n\n:::note\nSteps.\n',
    error: "error  content/docs/setup.md:3:1  ':::note' is never closed; add a line ':::' after its content",
  },
  {
    what: 'an unknown author',
    file: 'content/blog/2025-01-02-hello.md',
    contents: '---\ntitle: Hello\nauthors: [anne]\n---\nHi.\n',
    error: "error  content/blog/2025-01-02-hello.md:3:1  unknown author 'anne'; did you mean 'ann'?",
  },
  {
    what: 'a sidebar entry naming a missing doc',
    file: 'site.config.ts',
    contents: CONFIG.replace("'setup'", "'stup'"),
    error: "error  site.config.ts:4:39  docs.sidebars.docs[1]: doc id 'stup' does not exist; did you mean 'setup'?",
  },
  {
    what: 'a config typo',
    file: 'site.config.ts',
    contents: CONFIG.replace("baseUrl: '/mini/'", "baseUrl: '/mini/', favIcon: 'x.ico'"),
    error: "error  site.config.ts:2:90  unknown key 'favIcon'; did you mean 'favicon'?",
  },
];

test('each failing mistake exits 1, names its file and line first, and writes nothing', async () => {
  assert.is((await egdocs(project, 'build')).code, 0);
  const before = await snapshot(path.join(project, 'build'));
  for (const failure of FAILURES) {
    await write(failure.file, failure.contents);
    const { code, stderr } = await egdocs(project, 'build');
    assert.is(code, 1, failure.what);
    assert.is(stderr.split('\n')[0], failure.error, failure.what);
    assert.equal(await snapshot(path.join(project, 'build')), before, failure.what);
    assert.equal(
      (await readdir(project)).filter((name) => name.startsWith('.build')),
      [],
      failure.what,
    );
    await write(failure.file, GOOD[failure.file]);
  }
  assert.is((await egdocs(project, 'build')).code, 0);
});

test.run();
