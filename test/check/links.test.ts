import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('link checking');

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
  const { diagnostics } = await buildFromMap(site);
  assert.equal(diagnostics.map(formatDiagnostic), [
    "content/docs/page.md:7:8  markdown link './missing.md' points to content/docs/missing.md, which does not exist",
    "content/docs/page.md:7:33  markdown link './setpu.md' points to content/docs/setpu.md, which does not exist; did you mean 'content/docs/setup.md'?",
    "content/docs/page.md:9:11  link '/docs/setpu/' leads to /base/docs/setpu/, which is no page of this site; did you mean /base/docs/setup/?",
    "content/docs/page.md:9:38  anchor '#install-panel' does not exist on /base/docs/setup/; did you mean '#install-the-panel'?",
    "content/docs/page.md:11:8  anchor '#nowhere' does not exist on this page",
  ]);
});

test('a site without broken links has no warnings', async () => {
  const { diagnostics } = await buildFromMap({ 'docs/a.md': '# A\n\n[b](./b.md)\n', 'docs/b.md': '# B\n\n[a](/docs/a/)\n' });
  assert.equal(diagnostics, []);
});

test.run();
