// The stores of a build from the disk (src/build/stores.ts), as a project sees them: what a build keeps, and that a
// build which fails has finished writing into the project by the time it returns.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed, buildSiteFiles } from '../../src/build.ts';
import type { Bundle } from '../../src/bundle/index.ts';
import { createBuildCache, MemoryStores } from '../../src/build/stores.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { ROOT } from '../helpers.ts';
import { tempProject } from '../project.ts';

const test = suite('build: the stores of a build from the disk');

const configOf = (dir: string) =>
  validateConfig({ title: 'Docs', url: 'https://example.com' }, path.join(dir, 'site.config.ts'));
const kept = (dir: string) => readdir(path.join(dir, 'node_modules/.cache/egdocs')).catch(() => [] as string[]);

test('a build that fails at its first step returns only once the work it started ahead has kept what it made', async () => {
  // The client bundle starts before the content is parsed and keeps itself in a store; the front matter error
  // stops the build long before esbuild is done.
  const project = await tempProject({ 'content/docs/intro.md': '---\ntitle: [unclosed\n---\n# Intro\n' });
  try {
    const failed = await buildSiteFiles({ config: configOf(project.dir) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.instance(failed, BuildFailed);
    const now = (await kept(project.dir)).sort();
    assert.ok(now.includes('bundle.json'), `kept: ${now.join(', ')}`);
  } finally {
    await project.remove();
  }
});

test.run();

const memory = suite("build: serve's stores");

memory('the client bundle is made again when the config starts or stops declaring docs versions', async () => {
  const stores = new MemoryStores(ROOT, createBuildCache());
  let made = 0;
  const make = async () => ({ made: ++made }) as unknown as Bundle;
  const inputs = (versions: boolean) => ({ overrides: [], baseUrl: '/b/', versions, imageZoom: false });
  await stores.bundle(inputs(false), make);
  await stores.bundle(inputs(false), make);
  assert.is(made, 1, 'kept while nothing changes');
  await stores.bundle(inputs(true), make);
  assert.is(made, 2, 'versions declared');
  await stores.bundle(inputs(true), make);
  assert.is(made, 2);
  await stores.bundle(inputs(false), make);
  assert.is(made, 3, 'versions removed');
});

memory('the client bundle is made again when the config turns image zoom on or off', async () => {
  const stores = new MemoryStores(ROOT, createBuildCache());
  let made = 0;
  const make = async () => ({ made: ++made }) as unknown as Bundle;
  const inputs = (imageZoom: boolean) => ({ overrides: [], baseUrl: '/b/', versions: false, imageZoom });
  await stores.bundle(inputs(false), make);
  await stores.bundle(inputs(true), make);
  assert.is(made, 2, 'image zoom turned on');
  await stores.bundle(inputs(true), make);
  assert.is(made, 2, 'kept while nothing changes');
  await stores.bundle(inputs(false), make);
  assert.is(made, 3, 'image zoom turned off');
});

memory.run();
