import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { didYouMean } from '../../src/shared/model/suggest.ts';

const test = suite('did you mean');

const ROUTES = [
  '/base/docs/',
  '/base/docs/admin-panel/server-setup/',
  '/base/docs/admin-panel/intro/',
  '/base/docs/website/intro/',
  '/base/docs/website/deploy/',
];

test('a typo in a word: a letter missing, extra, changed, or two swapped', () => {
  assert.is(didYouMean('serach', ['search', 'sidebar']), 'search');
  assert.is(didYouMean('breadcrumb', ['breadcrumbs', 'toc']), 'breadcrumbs');
  assert.is(didYouMean('anne', ['ann', 'bob']), 'ann');
  assert.is(didYouMean('Search', ['search']), 'search');
});

test('every word written, found in a longer name', () => {
  assert.is(didYouMean('install-panel', ['install-the-panel', 'setup']), 'install-the-panel');
});

test('nothing for short words a letter apart, unrelated words, or two equally close', () => {
  assert.is(didYouMean('a', ['b']), undefined);
  assert.is(didYouMean('ab', ['cd', 'ac']), undefined);
  assert.is(didYouMean('missing', ['setup', 'intro']), undefined);
  assert.is(didYouMean('sep', ['set', 'seo']), undefined);
});

test('paths: a mistyped segment in place, a page moved to another folder, a typo in a moved name', () => {
  assert.is(didYouMean('/base/docs/websit/intro/', ROUTES), '/base/docs/website/intro/');
  assert.is(didYouMean('/base/docs/server-setup/', ROUTES), '/base/docs/admin-panel/server-setup/');
  assert.is(didYouMean('/base/docs/servr-setup/', ROUTES), '/base/docs/admin-panel/server-setup/');
  assert.is(didYouMean('guide/tow', ['guide/one', 'guide/two']), 'guide/two');
});

test('paths: no suggestion when the name is in several folders, or only the folder matches', () => {
  assert.is(didYouMean('/base/docs/intro/', ROUTES), undefined);
  assert.is(didYouMean('guide/foo', ['guide/one', 'guide/two']), undefined);
  assert.is(didYouMean('/base/docs/admin-panel/', ROUTES), undefined);
});

test('paths: the folder nearest the written one wins among pages of one name', () => {
  assert.is(didYouMean('/base/docs/website/old/intro/', ROUTES), '/base/docs/website/intro/');
});

test('paths: extensions and index files do not count; moved: false keeps to typos in place', () => {
  assert.is(
    didYouMean('content/docs/guide.md', ['content/docs/guide/index.md', 'content/docs/other.md']),
    'content/docs/guide/index.md',
  );
  assert.is(didYouMean('content/docs/setpu.md', ['content/docs/setup.mdx']), 'content/docs/setup.mdx');
  assert.is(didYouMean('/base/server-setup/', ROUTES, { moved: false }), undefined);
  assert.is(didYouMean('/base/serach/', ['/base/search/'], { moved: false }), '/base/search/');
});

test.run();
