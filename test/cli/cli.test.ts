// The CLI as a user runs it on a small project in a temporary folder: --help, --version and one build as a real
// process (bin/egdocs.js and the compiled dist/), the rest through the same main() inside the test process.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { egdocs, egdocsProcess } from './run.ts';

const test = suite('egdocs CLI');

let project: string;
test.before.each(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-cli-'));
  await mkdir(path.join(project, 'content/docs'), { recursive: true });
  await writeFile(path.join(project, 'site.config.ts'), MINI_CONFIG);
  await writeFile(
    path.join(project, 'content/docs/intro.md'),
    '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n',
  );
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nSteps.\n');
});
test.after.each(async () => {
  await rm(project, { recursive: true, force: true });
});

test('--help lists the three commands; --version prints the version', async () => {
  const help = await egdocsProcess(project, ['--help']);
  assert.is(help.code, 0);
  for (const command of ['build', 'check', 'serve']) assert.match(help.stdout, new RegExp(`^  ${command} `, 'm'));
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  assert.is((await egdocsProcess(project, ['--version'])).stdout.trim(), pkg.version);
  assert.match((await egdocsProcess(project, ['build', '--help'])).stdout, '--out-dir <dir>');
});

test('build writes the site and prints a summary', async () => {
  const { code, stdout } = await egdocsProcess(project, ['build']);
  assert.is(code, 0);
  assert.match(stdout, /Built \d+ pages \(2 doc, 1 not-found, 1 redirect, 1 search\) into build/);
  assert.match(stdout, /0 warnings, \d+ ms/);
  assert.match(await readFile(path.join(project, 'build/docs/setup/index.html'), 'utf8'), '<h1>Setup</h1>');
});

test('later builds make the same files from the output they replace; --timings says where the time went', async () => {
  await egdocsProcess(project, ['build']);
  const first = await snapshot(path.join(project, 'build'));
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nOther steps.\n');
  await egdocsProcess(project, ['build']);
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nSteps.\n');
  // This build starts from the first one's output, kept when the second replaced it.
  const { code, stdout } = await egdocsProcess(project, ['build', '--timings']);
  assert.is(code, 0);
  assert.match(stdout, /^Timings \(ms\): config \d+, read \d+, .*markdown \d+, .*render \d+, .*write \d+$/m);
  assert.equal(await snapshot(path.join(project, 'build')), first);
});

test('the compiled CLI renders a template override that uses hooks with the same React as its own', async () => {
  // dist/ requires React (scripts/compile.js) where the override's bundle imports it: two copies would make the
  // hook throw "Invalid hook call" while the page renders.
  await mkdir(path.join(project, 'templates'));
  await writeFile(
    path.join(project, 'templates/Footer.tsx'),
    `import { useState } from 'react';
import type { FooterProps } from 'egdocs';
import { Footer as DefaultFooter } from 'egdocs/templates/Footer';

export function Footer(props: FooterProps) {
  const [likes] = useState(7);
  return (
    <>
      <p className="project-likes">Liked {likes} times</p>
      <DefaultFooter {...props} />
    </>
  );
}
`,
  );
  const { code, stderr } = await egdocsProcess(project, ['build']);
  assert.is(code, 0, stderr);
  assert.match(await readFile(path.join(project, 'build/docs/setup/index.html'), 'utf8'), /Liked (<!-- -->)?7/);
});

test('--out-dir and --base-url override the config', async () => {
  const { code } = await egdocs(project, 'build', '--out-dir', 'public', '--base-url', '/');
  assert.is(code, 0);
  assert.match(await readFile(path.join(project, 'public/docs/index.html'), 'utf8'), 'href="/docs/setup/"');
});

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

test('the compiled CLI writes the very files egdocs writes from its sources, inline scripts included', async () => {
  // dist/ carries the inline scripts minified when it was compiled (scripts/compile.js); the sources make them.
  assert.is((await egdocs(project, 'build', '-o', 'from-sources')).code, 0);
  assert.is((await egdocsProcess(project, ['build'])).code, 0);
  const [compiled, sources] = await Promise.all(
    ['build', 'from-sources'].map((dir) => snapshot(path.join(project, dir))),
  );
  assert.match(Buffer.from(compiled['docs/setup/index.html'], 'base64').toString(), 'first-contentful-paint');
  assert.equal(compiled, sources);
});

test('a failed build names the file and line, exits 1 and leaves the previous output byte for byte', async () => {
  assert.is((await egdocs(project, 'build')).code, 0);
  const before = await snapshot(path.join(project, 'build'));
  assert.ok(Object.keys(before).length > 5);
  await writeFile(path.join(project, 'content/docs/setup.md'), '---\ntitle: [unclosed\n---\n# Setup\n');
  const failed = await egdocs(project, 'build');
  assert.is(failed.code, 1);
  const lines = failed.stderr.split('\n');
  assert.is(
    lines[0],
    'error  content/docs/setup.md:2:8  invalid front matter: the [ list opened here is never closed; end it with ] on the same line',
  );
  // The wording build, check and serve share for a failed build (report.ts's failureLines), last.
  assert.equal(lines.slice(-3), ['', 'Build failed with 1 error; nothing was written', ''], failed.stderr);
  assert.equal(await snapshot(path.join(project, 'build')), before);
  // No half-written folder beside it either (FsWriter's .build.tmp-* and .build.old-*).
  assert.equal(
    (await readdir(project)).filter((name) => name.startsWith('.build')),
    [],
  );
});

test('a config typo stops the build with the key and a suggestion', async () => {
  await writeFile(
    path.join(project, 'site.config.ts'),
    "export default { title: 'Mini', url: 'https://mini.dev', navbar: { items: [{ type: 'serach' }] } };\n",
  );
  const { code, stderr } = await egdocs(project, 'build');
  assert.is(code, 1);
  assert.match(
    stderr,
    "site.config.ts:1:84  navbar.items[0].type 'serach' is not a navbar item type; did you mean 'search'?",
  );
});

test('build reports broken links and still succeeds; check exits 1 on them', async () => {
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\n[gone](./gone.md)\n');
  const build = await egdocs(project, 'build');
  assert.is(build.code, 0);
  assert.match(
    build.stderr,
    "warning  content/docs/setup.md:3:8  markdown link './gone.md' points to content/docs/gone.md, which does not exist",
  );
  const check = await egdocs(project, 'check');
  assert.is(check.code, 1);
  assert.match(check.stdout, '1 warning in 1 file');
  const json = JSON.parse((await egdocs(project, 'check', '--format', 'json')).stdout);
  assert.equal(json[0].location, {
    file: 'content/docs/setup.md',
    line: 3,
    column: 8,
    lineText: '[gone](./gone.md)',
  });
  assert.match(
    (await egdocs(project, 'check', '--format', 'github')).stdout,
    '::warning file=content/docs/setup.md,line=3,col=8,title=egdocs broken-markdown-link::markdown link',
  );
});

test('check exits 0 on a clean site', async () => {
  const { code, stdout } = await egdocs(project, 'check');
  assert.is(code, 0);
  assert.match(stdout, 'No broken links, anchors or images.');
});

test.run();
