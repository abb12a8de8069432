// Rendering across threads gives exactly what one thread gives: the same files, in the same order, byte for byte,
// and the same diagnostics.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { contentFiles, testConfig } from '../helpers.ts';

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

test.run();
