// Large files in content/: a site's downloads (an APK, a video) are copied to the output from the disk, never held in
// memory, in build and serve alike; a markdown file too large to read is an error naming it.
import { createHash } from 'node:crypto';
import { readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { LARGE_FILE } from '../../src/content/read.ts';
import type { DevServer } from '../../src/serve/dev.ts';
import { sharedBundle, MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('bad input: files too large to hold in memory');

/** Bytes that differ all along, so that a copy cut short or shifted shows. */
const large = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let at = 0; at < size; at += 4) bytes.writeUInt32LE(at, at);
  return bytes;
};
const APK = large(LARGE_FILE + 4096);
const VIDEO = large(LARGE_FILE + 8192);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let p: TempProject;
test.before.each(async () => {
  p = await tempProject(
    {
      'site.config.ts': MINI_CONFIG,
      'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\n[Download](/app.apk)\n\n![Demo](./demo.png)\n',
      'content/docs/setup.md': '# Setup\n\nSteps.\n',
      'content/static/app.apk': APK,
      'content/docs/demo.png': VIDEO,
    },
    'egdocs-large-',
  );
});
test.after.each(() => p.remove());

test('a large static file and a large image are written as copies of the files on disk, not held as bytes', async () => {
  const config = await loadConfig({ configFile: path.join(p.dir, 'site.config.ts') });
  const result = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) });
  const apk = result.files.find((file) => file.path === 'app.apk')!;
  assert.equal(apk.copy, { from: path.join(p.dir, 'content/static/app.apk'), key: apk.copy!.key, size: APK.length });
  const demo = result.files.find((file) => file.path.startsWith('assets/images/demo-'))!;
  assert.is(demo.path, `assets/images/demo-${sha(VIDEO).slice(0, 8)}.png`, 'named by the hash of its bytes');
  assert.ok(demo.copy, 'copied, not held');
  assert.is(result.diagnostics.length, 0, JSON.stringify(result.diagnostics));
});

test('egdocs build copies them byte for byte, and again after an edit', async () => {
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  const out = await readFile(path.join(p.dir, 'build/app.apk'));
  assert.is(sha(out), sha(APK));
  const edited = Buffer.from(APK);
  edited[LARGE_FILE] ^= 0xff;
  await p.write('content/static/app.apk', edited);
  assert.is((await egdocs(p.dir, 'build')).code, 0);
  const again = await readFile(path.join(p.dir, 'build/app.apk'));
  assert.is(sha(again), sha(edited), 'the edit is published');
});

test('serve answers a large file from the disk, whole and by range', async () => {
  let server: DevServer | undefined;
  try {
    server = await serveProject(p.dir, {
      report: { built: () => {}, failed: () => {} },
    });
    const whole = await fetch(`http://127.0.0.1:${server.port}/mini/app.apk`);
    assert.is(whole.status, 200);
    assert.is(sha(Buffer.from(await whole.arrayBuffer())), sha(APK));
    const part = await fetch(`http://127.0.0.1:${server.port}/mini/app.apk`, { headers: { range: 'bytes=16-31' } });
    assert.is(part.status, 206);
    assert.equal(Buffer.from(await part.arrayBuffer()), APK.subarray(16, 32));
  } finally {
    await server?.close();
  }
});

test('a markdown file over 2 GiB is an error naming it, not "content/ cannot be read"', async () => {
  // Sparse: no disk space is used.
  await p.write('content/docs/huge.md', '# Huge\n');
  await truncate(path.join(p.dir, 'content/docs/huge.md'), 2 ** 31 + 1024);
  const { code, stderr } = await egdocs(p.dir, 'build');
  assert.is(code, 1);
  assert.is(
    stderr.split('\n')[0],
    'error  content/docs/huge.md  cannot be read (ERR_FS_FILE_TOO_LARGE); a markdown or YAML file cannot be larger than 2 GiB',
  );
});

test.run();
