// A markdown or YAML file saved in Latin-1 (an old editor, a copy from Windows): an error at the line and column of
// the first byte that is not UTF-8, saying which character it probably was. Read from a real folder, as the bytes
// only become text in the reader.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed, buildSiteFiles } from '../../src/build.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { readContentFiles, updateContentFiles } from '../../src/content/read.ts';
import { sortDiagnostics } from '../../src/shared/model/diagnostics.ts';
import { fileText, sharedBundle } from '../helpers.ts';
import { printed } from './report.ts';

const test = suite('bad input: files that are not UTF-8');

let root: string;
const latin1 = (text: string) => Buffer.from(text, 'latin1');

async function write(files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'content', rel)), { recursive: true });
    await writeFile(path.join(root, 'content', rel), contents);
  }
}

async function build(): Promise<{ failed: boolean; printed: string[]; html?: (outPath: string) => string }> {
  const config = validateConfig(
    { title: 'Shop docs', url: 'https://docs.example.com', baseUrl: '/base/' },
    path.join(root, 'site.config.ts'),
  );
  try {
    const result = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) });
    return {
      failed: false,
      printed: sortDiagnostics(result.diagnostics).map(printed),
      html: (outPath) => fileText(result, outPath),
    };
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    return { failed: true, printed: sortDiagnostics(error.diagnostics).map(printed) };
  }
}

test.before.each(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'egdocs-encoding-'));
});
test.after.each(async () => {
  await rm(root, { recursive: true, force: true });
});

test('a Latin-1 page is an error at the first bad byte, naming the character it stands for', async () => {
  await write({
    'docs/intro.md': '# Intro\n',
    'docs/cafe.md': latin1('---\ntitle: Menu\n---\n# Menu\n\nOur café opens at 8.\n'),
  });
  assert.equal(await build(), {
    failed: true,
    printed: [
      "error  content/docs/cafe.md:6:8  is not valid UTF-8 text (byte 0xE9, which is 'é' in Latin-1); save the file as UTF-8",
    ],
  });
});

test('the column counts characters, not bytes, of the UTF-8 text before the bad byte', async () => {
  await write({
    'docs/mixed.md': Buffer.concat([Buffer.from('# Menü\n\n€ price: 5 '), latin1('£'), Buffer.from('\n')]),
  });
  assert.equal((await build()).printed, [
    "error  content/docs/mixed.md:3:12  is not valid UTF-8 text (byte 0xA3, which is '£' in Latin-1); save the file as UTF-8",
  ]);
});

test('a Windows-1252 quote (below 0xA0) is named by its byte alone', async () => {
  await write({
    'docs/quote.md': Buffer.concat([Buffer.from('# Quote\n\nIt'), Buffer.from([0x92]), Buffer.from('s here.\n')]),
  });
  assert.equal((await build()).printed, [
    'error  content/docs/quote.md:3:3  is not valid UTF-8 text (byte 0x92); save the file as UTF-8',
  ]);
});

test('every file that is not UTF-8 is reported, YAML files too, and front matter errors with them', async () => {
  await write({
    'docs/a.md': latin1('# Ä\n'),
    'docs/b.md': '---\ntitle: "B\n---\n',
    'blog/authors.yml': latin1('ann:\n  name: Anné\n'),
  });
  assert.equal((await build()).printed, [
    "error  content/blog/authors.yml:2:12  is not valid UTF-8 text (byte 0xE9, which is 'é' in Latin-1); save the file as UTF-8",
    "error  content/docs/a.md:1:3  is not valid UTF-8 text (byte 0xC4, which is 'Ä' in Latin-1); save the file as UTF-8",
    'error  content/docs/b.md:2:8  invalid front matter: the quote " opened here is never closed; end the value with " on the same line',
  ]);
});

test('UTF-8 with a byte order mark, and Latin-1 bytes in a static file, are fine', async () => {
  await write({
    'docs/bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: Café\n---\nText.\n')]),
    'static/notes.txt': latin1('café\n'),
  });
  const result = await build();
  assert.equal(result.printed, []);
  assert.match(result.html!('docs/bom/index.html'), '<h1>Café</h1>');
});

test('in serve, a Latin-1 save does not stop the other files of the same save from being read; saving it as UTF-8 fixes it', async () => {
  await write({ 'docs/a.md': '# A\n', 'docs/b.md': '# B\n' });
  const files = await readContentFiles(root);
  await write({ 'docs/a.md': latin1('# Ä\n'), 'docs/b.md': '# B, edited\n' });
  await updateContentFiles(files, root, ['content/docs/a.md', 'content/docs/b.md']);
  assert.is(files.texts.get('content/docs/b.md'), '# B, edited\n');
  assert.not.ok(files.texts.has('content/docs/a.md'));
  assert.equal([...files.unreadable!.values()].map(printed), [
    "error  content/docs/a.md:1:3  is not valid UTF-8 text (byte 0xC4, which is 'Ä' in Latin-1); save the file as UTF-8",
  ]);
  await write({ 'docs/a.md': '# Ä\n' });
  await updateContentFiles(files, root, ['content/docs/a.md']);
  assert.is(files.texts.get('content/docs/a.md'), '# Ä\n');
  assert.is(files.unreadable!.size, 0);
});

test.run();
