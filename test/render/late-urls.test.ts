// The stand-ins for hashed data URLs (src/render/late-urls.ts): pages rendered with them and filled in read exactly
// as pages rendered with the URLs themselves, and a page kept from an earlier build takes the new URLs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LateUrls } from '../../src/render/late-urls.ts';

const test = suite('render: late URLs');

test('every stand-in in a page becomes its URL; a text without one is returned as it is', () => {
  const late = LateUrls.for(['# A page\n']);
  const sidebars = late.slots({ docs: '/base/assets/data/sidebar-docs.x1.json', guide: '/base/sidebar-guide.json' });
  assert.is.not(sidebars.docs, '/base/assets/data/sidebar-docs.x1.json');
  const page = `<a data-s="${sidebars.docs}"></a><script>{"s":${JSON.stringify(sidebars)}}</script>`;
  assert.is(
    LateUrls.fillIn(page, late.pairs()),
    '<a data-s="/base/assets/data/sidebar-docs.x1.json"></a><script>{"s":' +
      '{"docs":"/base/assets/data/sidebar-docs.x1.json","guide":"/base/sidebar-guide.json"}}</script>',
  );
  assert.is(LateUrls.fillIn('a{}', late.pairs()), 'a{}');
});

test('a page written with the URLs of an earlier build is given the new ones, even where two URLs trade places', () => {
  const before: [string, string][] = [
    ['__egdocs_late_url_0__', '/s-docs.aaa.json'],
    ['__egdocs_late_url_1__', '/s-guide.bbb.json'],
  ];
  // The docs sidebar now has the guide's old name, and the guide a new one.
  const after: [string, string][] = [
    ['__egdocs_late_url_0__', '/s-guide.bbb.json'],
    ['__egdocs_late_url_1__', '/s-guide.ccc.json'],
  ];
  const page = Buffer.from('<a href="/s-docs.aaa.json"></a><a href="/s-guide.bbb.json"></a>');
  assert.is(
    LateUrls.refill(page, before, after).toString(),
    '<a href="/s-guide.bbb.json"></a><a href="/s-guide.ccc.json"></a>',
  );
  assert.is(LateUrls.refill(page, before, before), page, 'the same URLs: the same bytes, not a copy');
});

test('a URL that an attribute or JSON would spell differently, or content holding the prefix, keeps the URL', () => {
  const late = LateUrls.for(['# A page\n']);
  assert.is(late.slot('/a&b/search.json'), '/a&b/search.json');
  assert.is(late.slot('/a"b/search.json'), '/a"b/search.json');
  const off = LateUrls.for(['The token __egdocs_late_url_0__ in a doc about egdocs.']);
  assert.is(off.slot('/base/search.json'), '/base/search.json');
  const text = 'The token __egdocs_late_url_0__ in a doc about egdocs.';
  assert.is(LateUrls.fillIn(text, off.pairs()), text);
});

test.run();
