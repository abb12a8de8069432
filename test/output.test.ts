import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FsWriter } from '../src/output/writer.ts';

const test = suite('output: the file-system writer');

test('refuses a path outside the output folder and writes nothing', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-out-'));
  try {
    const writer = new FsWriter(path.join(dir, 'build'));
    try {
      await writer.write([{ path: 'ok/index.html', contents: 'ok' }, { path: '../escape.html', contents: 'x' }]);
      assert.unreachable();
    } catch (error) {
      assert.match((error as Error).message, 'refusing to write ../escape.html outside the output folder');
    }
    assert.equal(await readdir(dir), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
