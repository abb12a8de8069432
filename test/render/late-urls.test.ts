// The stand-ins for hashed data URLs (src/render/late-urls.ts): pages rendered with them and filled in afterwards
// read exactly as pages rendered with the URLs themselves.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LateUrls } from '../../src/render/late-urls.ts';

const test = suite('render: late URLs');

test('every stand-in in a page, bytes or text, becomes its URL; files without one are the same objects', () => {
  const late = LateUrls.for(['# A page\n']);
  const index = late.slot('/base/search/search-1.abc_-9.json');
  const sidebars = late.slots({ docs: '/base/assets/data/sidebar-docs.x1.json', guide: '/base/sidebar-guide.json' });
  assert.is.not(index, '/base/search/search-1.abc_-9.json');
  const page = `<a data-i="${index}"></a><script>{"i":"${index}","s":${JSON.stringify(sidebars)}}</script>`;
  const untouched = { path: 'style.css', contents: Buffer.from('a{}') };
  const [html, text, same] = late.fill([
    { path: 'index.html', contents: Buffer.from(page) },
    { path: 'p.json', contents: `"${sidebars.guide}"` },
    untouched,
  ]);
  const expected =
    '<a data-i="/base/search/search-1.abc_-9.json"></a><script>{"i":"/base/search/search-1.abc_-9.json","s":' +
    '{"docs":"/base/assets/data/sidebar-docs.x1.json","guide":"/base/sidebar-guide.json"}}</script>';
  assert.is(Buffer.from(html.contents).toString(), expected);
  assert.is(text.contents, '"/base/sidebar-guide.json"');
  assert.is(same, untouched);
});

test('a URL that an attribute or JSON would spell differently, or content holding the prefix, keeps the URL', () => {
  const late = LateUrls.for(['# A page\n']);
  assert.is(late.slot('/a&b/search.json'), '/a&b/search.json');
  assert.is(late.slot('/a"b/search.json'), '/a"b/search.json');
  const off = LateUrls.for(['The token __egdocs_late_url_0__ in a doc about egdocs.']);
  assert.is(off.slot('/base/search.json'), '/base/search.json');
  const files = [{ path: 'index.html', contents: 'The token __egdocs_late_url_0__ in a doc about egdocs.' }];
  assert.equal(off.fill(files), files);
});

test.run();
