// Rendering across threads gives exactly what one thread gives: the same files, in the same order, byte for byte,
// and the same diagnostics.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import path from 'node:path';
import { validateConfig } from '../../src/config/validate.ts';
import { FsWriter } from '../../src/output/writer.ts';
import { contentFiles, testConfig } from '../helpers.ts';
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
  const one = await buildSiteFiles({ config, files: contentFiles(docs), threads: 1 });
  const three = await buildSiteFiles({ config, files: contentFiles(docs), threads: 3 });
  assert.equal(
    three.files.map((f) => f.path),
    one.files.map((f) => f.path),
  );
  for (const [i, file] of one.files.entries())
    assert.ok(Buffer.from(file.contents).equals(Buffer.from(three.files[i].contents)), file.path);
  assert.equal(three.diagnostics, one.diagnostics);
});

test('routes rendered by workers are kept for the next build, which reads them back in one thread', async () => {
  const project = await tempProject(
    Object.fromEntries(Object.entries(docs).map(([rel, text]) => [`content/${rel}`, text])),
  );
  try {
    const diskConfig = validateConfig(
      { title: 'Test Docs', url: 'https://example.com', docs: config.docs },
      path.join(project.dir, 'site.config.ts'),
    );
    const build = async () => {
      const result = await buildSiteFiles({ config: diskConfig, threads: 3 });
      await new FsWriter(diskConfig.paths.outDir).write(result.files);
      return result;
    };
    const cold = await build();
    assert.ok(cold.rendered.routes >= 30, `rendered ${cold.rendered.routes}`);
    const warm = await build();
    assert.is(warm.rendered.routes, 0, "every route, the workers' too, comes from the memo");
    assert.equal(
      warm.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]),
      cold.files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]),
    );
  } finally {
    await project.remove();
  }
});

test.run();
