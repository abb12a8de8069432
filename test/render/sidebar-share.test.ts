// Sidebars rendered once per state and made for the other pages by moving the current-page marker
// (src/render/sidebar-share.ts) give exactly the pages React gives when it renders every sidebar in full.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { readContentFiles } from '../../src/content/read.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { contentFiles, ROOT, sharedBundle, testConfig } from '../helpers.ts';

const test = suite('render: sidebar markup shared between pages');

/** Every file's bytes (base64), by path. */
function bytes(result: BuildResult): Map<string, string> {
  return new Map(result.files.map((file) => [file.path, Buffer.from(file.contents).toString('base64')]));
}

function assertSame(shared: BuildResult, full: BuildResult): void {
  const [a, b] = [bytes(shared), bytes(full)];
  assert.equal([...a.keys()], [...b.keys()]);
  const differ = [...a.keys()].filter((file) => a.get(file) !== b.get(file));
  assert.equal(differ, [], 'pages whose shared sidebar is not what React renders');
}

test("this site's pages are byte for byte the pages of a build that renders each sidebar in full", async () => {
  const config = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
  const files = await readContentFiles(ROOT);
  const bundle = sharedBundle(config.baseUrl);
  const shared = await buildSiteFiles({ config, files, bundle });
  const full = await buildSiteFiles({ config, files, bundle, shareSidebars: false });
  assertSame(shared, full);
  // The pages do show different current pages, in open and closed categories.
  const current = new Set(
    shared.files
      .filter((file) => file.path.endsWith('.html'))
      .map((file) => /<a class="sidebar-link active" href="([^"]+)"/.exec(String(file.contents))?.[1]),
  );
  assert.ok(current.size > 60, `${current.size} different current pages`);
});

test('a doc in two categories, nested and open categories, two sidebars, a page in none, odd characters', async () => {
  const doc = (title: string) => `---\ntitle: ${title}\n---\n\n# ${title}\n\nText.\n`;
  const files = contentFiles({
    'docs/intro.md': doc('Intro'),
    'docs/a/one.md': doc('One'),
    'docs/a/two.md': doc('Two'),
    'docs/a/two-b.md': doc('Two B'),
    'docs/a/two-c.md': doc('Two C'),
    'docs/a/deep/three.md': doc('Three'),
    'docs/a/deep/four.md': doc('Four'),
    'docs/b/five.md': doc('Five & <Six>'),
    "docs/b/it's.md": doc('Quote'),
    'docs/b/six.md': doc('Six'),
    'docs/b/seven.md': doc('Seven'),
    'docs/c/seven.md': doc('Seven'),
    'docs/alone.md': doc('Alone'),
  });
  const config = testConfig({
    docs: {
      sidebars: {
        docs: [
          'intro',
          {
            type: 'category',
            label: 'A',
            items: [
              'a/one',
              'a/two',
              'a/two-b',
              'a/two-c',
              { type: 'category', label: 'Deep', items: ['a/deep/three', 'a/deep/four'] },
            ],
          },
          {
            type: 'category',
            label: 'B "quoted"',
            collapsed: false,
            items: ['b/five', "b/it's", 'b/six', 'b/seven', 'a/one'],
          },
          { type: 'category', label: 'Closed', items: ['a/deep/four'] },
        ],
        other: [{ type: 'category', label: 'C', items: ['c/seven'] }, 'intro'],
      },
    },
  });
  const bundle = sharedBundle(config.baseUrl);
  const shared = await buildSiteFiles({ config, files, bundle });
  const full = await buildSiteFiles({ config, files, bundle, shareSidebars: false });
  assertSame(shared, full);
  // a/one is in two categories: both links are its page's, on its page.
  const one = String(shared.files.find((file) => file.path === 'docs/a/one/index.html')!.contents);
  assert.is(one.match(/class="sidebar-link active"/g)?.length, 2);
});

test.run();
