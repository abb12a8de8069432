// A store file (src/incremental/build-store.ts) gives back what was written under the same key, and nothing under any other:
// readStore decides by the file's first characters, so keys that are prefixes of one another must not be confused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readStore, writeStore } from '../../src/incremental/build-store.ts';

const test = suite('build stores: read back under their key only');

let dir: string;
test.before.each(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-store-'));
});
test.after.each(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a value comes back under the key it was written with, and under no other', async () => {
  const file = path.join(dir, 'store.json');
  const value = { pages: [['a.md', { title: 'A "quoted" title', n: 1 }]], key: 'a key inside the value' };
  await writeStore(file, 'abc', value);
  assert.equal(await readStore(file, 'abc'), value);
  for (const other of ['ab', 'abcd', 'abc"', '', 'a key inside the value'])
    assert.is(await readStore(file, other), undefined, `read under '${other}'`);
});

test('a key that needs escaping in JSON still matches itself', async () => {
  const file = path.join(dir, 'store.json');
  const key = 'dir\\with "quotes"\nand a line';
  await writeStore(file, key, [1, 2, 3]);
  assert.equal(await readStore(file, key), [1, 2, 3]);
  assert.is(await readStore(file, 'dir\\with "quotes"'), undefined);
});

test('a missing file and a truncated one read as nothing', async () => {
  const file = path.join(dir, 'store.json');
  assert.is(await readStore(file, 'k'), undefined);
  await writeStore(file, 'k', { big: 'x'.repeat(1000) });
  await writeFile(file, '{"key":"k","value":{"big":"xxx');
  assert.is(await readStore(file, 'k'), undefined);
});

test.run();
