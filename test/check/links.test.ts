import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('link checking');

/** The warnings a site gets, as check prints them, in file and line order. */
async function warnings(
  files: Record<string, string | Uint8Array>,
  config: Record<string, unknown> = {},
): Promise<string[]> {
  const { diagnostics } = await buildFromMap(files, config);
  return diagnostics.map(formatDiagnostic).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

const site = {
  'docs/setup.md': '# Setup\n\n## Install the panel\n\nText.\n',
  'docs/page.md': [
    '# Page', //                                   1
    '', //                                         2
    '## Here', //                                  3
    '', //                                         4
    '[ok](./setup.md#install-the-panel) [ok2](/docs/setup/) [ok3](#here)', // 5
    '', //                                         6
    '[gone](./missing.md) and [typo](./setpu.md)', // 7
    '', //                                         8
    '[no page](/docs/setpu/) [bad anchor](./setup.md#install-panel)', // 9
    '', //                                         10
    '[self](#nowhere) [ext](https://example.com/x) [asset](/img/logo.svg)', // 11
  ].join('\n'),
  'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
};

test('every broken link, markdown link and anchor is a warning at its line and column', async () => {
  assert.equal(await warnings(site), [
    "content/docs/page.md:7:8  markdown link './missing.md' points to content/docs/missing.md, which does not exist",
    "content/docs/page.md:7:33  markdown link './setpu.md' points to content/docs/setpu.md, which does not exist; did you mean './setup.md'?",
    "content/docs/page.md:9:11  link '/docs/setpu/' leads to /base/docs/setpu/, which is no page of this site; did you mean /docs/setup/?",
    "content/docs/page.md:9:38  anchor '#install-panel' does not exist on /base/docs/setup/; did you mean '#install-the-panel'?",
    "content/docs/page.md:11:8  anchor '#nowhere' does not exist on this page; the page's anchors are '#here'",
  ]);
});

test('a site without broken links has no warnings', async () => {
  assert.equal(await warnings({ 'docs/a.md': '# A\n\n[b](./b.md)\n', 'docs/b.md': '# B\n\n[a](/docs/a/)\n' }), []);
});

// A section of the eGrocer docs in miniature: pages that moved into folders, and names found in several of them.
const moved = {
  'docs/admin-panel/server-setup.md': '# Server setup\n\n## SSL\n',
  'docs/admin-panel/intro.md': '# Admin panel\n',
  'docs/website/intro.md': '# Website\n',
  'docs/website/deploy.md': '# Deploy\n',
};

test('a link to a page that moved folder suggests where it is now, keeping an anchor it still has', async () => {
  const page = '# Links\n\n[a](/docs/server-setup/) [b](/docs/server-setup/#ssl) [c](/docs/servr-setup/#gone)\n';
  assert.equal(await warnings({ ...moved, 'docs/links.md': page }), [
    "content/docs/links.md:3:5  link '/docs/server-setup/' leads to /base/docs/server-setup/, which is no page of this site; did you mean /docs/admin-panel/server-setup/?",
    "content/docs/links.md:3:30  link '/docs/server-setup/#ssl' leads to /base/docs/server-setup/, which is no page of this site; did you mean /docs/admin-panel/server-setup/#ssl?",
    "content/docs/links.md:3:59  link '/docs/servr-setup/#gone' leads to /base/docs/servr-setup/, which is no page of this site; did you mean /docs/admin-panel/server-setup/?",
  ]);
});

test('a markdown link to a file that moved folder suggests the path to write from the linking page', async () => {
  const page = '# Deploy\n\n[setup](./server-setup.md#ssl) and [root](/docs/server-setup.md)\n';
  assert.equal(await warnings({ ...moved, 'docs/website/deploy.md': page }), [
    "content/docs/website/deploy.md:3:9  markdown link './server-setup.md#ssl' points to content/docs/website/server-setup.md, which does not exist; did you mean '../admin-panel/server-setup.md#ssl'?",
    "content/docs/website/deploy.md:3:43  markdown link '/docs/server-setup.md' points to content/docs/server-setup.md, which does not exist; did you mean '/docs/admin-panel/server-setup.md'?",
  ]);
});

test('the link written with the base path gets a suggestion with it', async () => {
  const page = '# Links\n\n[a](/base/docs/server-setup/)\n';
  assert.equal(await warnings({ ...moved, 'docs/links.md': page }), [
    "content/docs/links.md:3:5  link '/base/docs/server-setup/' leads to /base/docs/server-setup/, which is no page of this site; did you mean /base/docs/admin-panel/server-setup/?",
  ]);
});

test('no suggestion when the name is in several folders, or nothing is close', async () => {
  const page = '# Links\n\n[a](/docs/intro/) [b](./intro.md) [c](/docs/x/) [d](/docs/missing/) [e](./setup.md)\n';
  assert.equal(await warnings({ ...moved, 'docs/links.md': page, 'docs/y.md': '# Y\n' }), [
    "content/docs/links.md:3:5  link '/docs/intro/' leads to /base/docs/intro/, which is no page of this site",
    "content/docs/links.md:3:23  markdown link './intro.md' points to content/docs/intro.md, which does not exist",
    "content/docs/links.md:3:39  link '/docs/x/' leads to /base/docs/x/, which is no page of this site",
    "content/docs/links.md:3:53  link '/docs/missing/' leads to /base/docs/missing/, which is no page of this site",
    "content/docs/links.md:3:73  markdown link './setup.md' points to content/docs/setup.md, which does not exist",
  ]);
});

test('a mistyped folder is corrected in place, even when the name is in other folders too', async () => {
  const page = '# Links\n\n[a](/docs/websit/intro/) [b](../website/intro.md)\n';
  assert.equal(await warnings({ ...moved, 'docs/guide/links.md': page }), [
    "content/docs/guide/links.md:3:5  link '/docs/websit/intro/' leads to /base/docs/websit/intro/, which is no page of this site; did you mean /docs/website/intro/?",
  ]);
});

test('a relative URL resolves against the page; a mistyped generated page is suggested', async () => {
  const page = '# Links\n\n[up](../deploy/) [bad](../deplyo/) [search](/serach/)\n';
  assert.equal(await warnings({ ...moved, 'docs/website/links.md': page }), [
    "content/docs/website/links.md:3:24  link '../deplyo/' leads to /base/docs/website/deplyo/, which is no page of this site; did you mean /docs/website/deploy/?",
    "content/docs/website/links.md:3:45  link '/serach/' leads to /base/serach/, which is no page of this site; did you mean /search/?",
  ]);
});

test('two links to one target on a line, a reference definition and a table cell each have their own position', async () => {
  const page = [
    '# Page', //                                                   1
    '', //                                                         2
    'See gone.md: [one](./gone.md) and [two](./gone.md).', //      3
    '', //                                                         4
    'A [reference][r] link.', //                                   5
    '', //                                                         6
    '| name | link |', //                                           7
    '| ---- | ---- |', //                                           8
    '| x    | [cell](#nowhere) |', //                               9
    '', //                                                         10
    '[r]: ./refgone.md', //                                        11
  ].join('\n');
  assert.equal(await warnings({ 'docs/page.md': page }), [
    "content/docs/page.md:3:20  markdown link './gone.md' points to content/docs/gone.md, which does not exist",
    "content/docs/page.md:3:41  markdown link './gone.md' points to content/docs/gone.md, which does not exist",
    "content/docs/page.md:9:17  anchor '#nowhere' does not exist on this page",
    "content/docs/page.md:11:6  markdown link './refgone.md' points to content/docs/refgone.md, which does not exist",
  ]);
});

test('anchors from raw HTML ids and percent-encoded anchors count; a wrong case is suggested', async () => {
  const page = '# Page\n\n<a id="legacy-id"></a>\n\n## Größe\n\n[a](#legacy-id) [b](#gr%C3%B6%C3%9Fe) [c](#Größe)\n';
  assert.equal(await warnings({ 'docs/page.md': page }), [
    "content/docs/page.md:7:43  anchor '#Größe' does not exist on this page; did you mean '#größe'?",
  ]);
});

test('front matter lines count: a link below front matter is reported at its line in the file', async () => {
  const page = '---\ntitle: Page\ndescription: One\n---\n\nText [x](/docs/nope/).\n';
  assert.equal(await warnings({ 'docs/page.md': page }), [
    "content/docs/page.md:6:10  link '/docs/nope/' leads to /base/docs/nope/, which is no page of this site",
  ]);
});

test.run();
