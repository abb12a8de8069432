// Rendering across threads gives exactly what one thread gives: the same files, in the same order, byte for byte,
// and the same diagnostics.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { validateConfig } from '../../src/config/validate.ts';
import { FsWriter } from '../../src/output/writer.ts';
import { sharedBundle, contentFiles, testConfig } from '../helpers.ts';
import { tempProject } from '../project.ts';

const test = suite('render: worker threads');

const docs: Record<string, string> = {};
for (let i = 0; i < 30; i++)
  docs[`docs/section-${i % 3}/page-${i}.md`] =
    `# Page ${i}\n\nText of page ${i} with **bold** and a [link](../section-${(i + 1) % 3}/page-${(i + 1) % 30}.md).\n\n## Part\n\nMore.\n`;
const config = testConfig({
  docs: { sidebars: { docs: Object.keys(docs).map((file) => file.slice('docs/'.length, -'.md'.length)) } },
});

test('three threads write the same files in the same order as one', async () => {
  const one = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: contentFiles(docs),
    threads: 1,
  });
  const three = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: contentFiles(docs),
    threads: 3,
  });
  assert.equal(
    three.files.map((f) => f.path),
    one.files.map((f) => f.path),
  );
  for (const [i, file] of one.files.entries())
    assert.ok(Buffer.from(file.contents).equals(Buffer.from(three.files[i].contents)), file.path);
  assert.equal(three.diagnostics, one.diagnostics);
});

test('workers write their routes ahead into the folder the writer swaps in: the output one thread writes, kept for the next build', async () => {
  const project = await diskProject(docs);
  try {
    // One thread, nothing kept: no workers, nothing written ahead.
    const one = await project.build(1);
    assert.not.ok(
      one.result.files.some((file) => file.kept),
      'one thread writes everything in the write step',
    );
    await project.dropStores();
    const cold = await project.build(3);
    assert.ok(cold.result.rendered.routes >= 30, `rendered ${cold.result.rendered.routes}`);
    const ahead = cold.result.files.filter((file) => file.kept).map((file) => file.path);
    assert.ok(ahead.length >= 60, `${ahead.length} files written ahead`);
    assert.ok(ahead.includes('docs/section-2/page-29/index.html'), "the last route, a worker's, among them");
    assert.equal(cold.tree, one.tree, 'the same files, byte for byte');
    assert.equal(
      (await readdir(path.dirname(project.outDir))).filter((name) => name.startsWith('.build')),
      [],
      'no working folder left',
    );
    const warm = await project.build(3);
    assert.is(warm.result.rendered.routes, 0, "every route, the workers' too, comes from the memo");
    assert.equal(warm.tree, one.tree);
  } finally {
    await project.remove();
  }
});

test('two routes to one path, one rendered by a worker: the first route is written, with the warning, as by one thread', async () => {
  const same = '---\nslug: /same-place\n---\n';
  const project = await diskProject({
    ...docs,
    'docs/section-0/page-0.md': `${same}${docs['docs/section-0/page-0.md']}`,
    'docs/section-2/page-29.md': `${same}${docs['docs/section-2/page-29.md']}`,
  });
  try {
    const one = await project.build(1);
    await project.dropStores();
    const three = await project.build(3);
    assert.ok(
      three.result.files.some((file) => file.kept),
      'files were written ahead',
    );
    assert.equal(three.tree, one.tree);
    const page = Buffer.from(three.tree['docs/same-place/index.html'], 'base64').toString();
    assert.match(page, '<h1>Page 0</h1>', "the first route's page");
    assert.equal(three.result.diagnostics, one.result.diagnostics);
    assert.match(three.result.diagnostics[0].message, 'route /docs/same-place/ is produced by both');
  } finally {
    await project.remove();
  }
});

/**
 * `docs` as a project on the disk, built as the CLI builds it: `build` writes through an FsWriter that offers the
 * render threads its folder to write ahead into, and gives the result and the output folder's files.
 */
async function diskProject(files: Record<string, string>) {
  const project = await tempProject(
    Object.fromEntries(Object.entries(files).map(([rel, text]) => [`content/${rel}`, text])),
  );
  const diskConfig = validateConfig(
    { title: 'Test Docs', url: 'https://example.com', docs: config.docs },
    path.join(project.dir, 'site.config.ts'),
  );
  const { outDir } = diskConfig.paths;
  return {
    outDir,
    remove: () => project.remove(),
    /** Forgets what earlier builds kept, so that the next renders every route. */
    dropStores: () => rm(path.join(project.dir, 'node_modules'), { recursive: true, force: true }),
    async build(threads: number) {
      const writer = new FsWriter(outDir);
      const result = await buildSiteFiles({
        config: diskConfig,
        bundle: sharedBundle(diskConfig.baseUrl),
        threads,
        writeAhead: () => writer.ahead(),
      });
      await writer.write(result.files);
      return { result, tree: await tree(outDir) };
    },
  };
}

/** Every file under `root` by its path relative to it, with its bytes in base64. */
async function tree(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(root, { recursive: true })).sort()) {
    const full = path.join(root, name);
    if ((await stat(full)).isFile()) files[name] = (await readFile(full)).toString('base64');
  }
  return files;
}

test.run();
