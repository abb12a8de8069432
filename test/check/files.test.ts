import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('missing images and files');

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>';

async function warnings(files: Record<string, string | Uint8Array>): Promise<string[]> {
  const { diagnostics } = await buildFromMap(files);
  return diagnostics.map(formatDiagnostic).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

test('a markdown image that is not in content/ is a warning at its position, each occurrence at its own', async () => {
  const page = [
    '# Images', //                                            1
    '', //                                                    2
    '![ok](./img/ok.svg) ![gone](./img/gone.png) ![again](./img/gone.png)', // 3
    '', //                                                    4
    '| a | b |', //                                           5
    '| - | - |', //                                           6
    '| x | ![logo](/img/logo.png) |', //                      7
  ].join('\n');
  assert.equal(await warnings({ 'docs/page.md': page, 'docs/img/ok.svg': SVG }), [
    "content/docs/page.md:3:29  image './img/gone.png' not found (looked for content/docs/img/gone.png)",
    "content/docs/page.md:3:54  image './img/gone.png' not found (looked for content/docs/img/gone.png)",
    "content/docs/page.md:7:15  image '/img/logo.png' not found (looked for content/static/img/logo.png)",
  ]);
});

test('a link to a file missing from content/static says where it looked and suggests a close name', async () => {
  const page = '# Files\n\n[pdf](/files/guide.pdf) [typo](/files/guid.pdf) [near the page](./guide.pdf)\n';
  assert.equal(await warnings({ 'docs/page.md': page, 'static/files/guide.pdf': '%PDF-1.4' }), [
    "content/docs/page.md:3:32  file '/files/guid.pdf' not found (looked for content/static/files/guid.pdf); did you mean '/files/guide.pdf'?",
    "content/docs/page.md:3:65  file './guide.pdf' not found (looked for content/static/docs/page/guide.pdf); did you mean '/files/guide.pdf'?",
  ]);
});

test('static files, the sitemap, feeds and index.html of a route are files a link may name', async () => {
  const page =
    '# Files\n\n[a](/img/logo.svg) [b](/sitemap.xml) [c](/blog/rss.xml) [d](/blog/atom.xml) [e](/docs/page/index.html) [f](/base/img/logo.svg)\n';
  const post = '---\ntitle: Hello\n---\nText.\n';
  assert.equal(
    await warnings({ 'docs/page.md': page, 'static/img/logo.svg': SVG, 'blog/2025-01-01-hello.md': post }),
    [],
  );
});

test('feeds exist only when there are posts', async () => {
  assert.equal(await warnings({ 'docs/page.md': '# Files\n\n[rss](/blog/rss.xml)\n' }), [
    "content/docs/page.md:3:7  file '/blog/rss.xml' not found (looked for content/static/blog/rss.xml)",
  ]);
});

test.run();
