// Empty files: a page just created, or one an editor truncated on a failed save. It builds (serve must not stop on
// a half-saved file), with a warning, since a page with no title and no text is never what a writer meant.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles, createBuildCache } from '../../src/build.ts';
import { sharedBundle, contentFiles, fileText, testConfig } from '../helpers.ts';
import { printed, success } from './report.ts';

const test = suite('bad input: empty files and empty front matter');

test('a 0-byte page builds, with a warning at line 1 saying how to fill it or leave it out', async () => {
  const { result, printed } = await success({ 'docs/intro.md': '# Intro\n', 'docs/new-page.md': '' });
  assert.equal(printed, [
    "warning  content/docs/new-page.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _new-page.md to leave it out",
  ]);
  assert.match(fileText(result, 'docs/new-page/index.html'), /^<!DOCTYPE html>/);
});

test('a page of blank lines, and one with only an empty front matter block, warn the same way', async () => {
  const { printed } = await success({ 'docs/blank.md': '\n  \n\n', 'pages/fm.md': '---\n---\n' });
  assert.equal(printed, [
    "warning  content/docs/blank.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _blank.md to leave it out",
    "warning  content/pages/fm.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _fm.md to leave it out",
  ]);
});

test('an empty front matter block before content is fine', async () => {
  const { result, printed } = await success({ 'docs/page.md': '---\n---\n# Page\n\nText.\n' });
  assert.equal(printed, []);
  assert.is(result.site.pages[0].title, 'Page');
  assert.is(result.site.pages[0].source.bodyLine, 3);
});

test('front matter with fields and no body (a home page, a stub with a title) is fine', async () => {
  const { printed } = await success({
    'pages/index.md': '---\nlayout: home\ntitle: Shop docs\n---\n',
    'docs/stub.md': '---\ntitle: Coming soon\n---\n',
  });
  assert.equal(printed, []);
});

test('an empty blog post, dated by its file name, builds with the same warning', async () => {
  const { printed } = await success({ 'blog/2025-01-02-news.md': '' });
  assert.equal(printed, [
    "warning  content/blog/2025-01-02-news.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _2025-01-02-news.md to leave it out",
  ]);
});

test('under serve, the warning comes back on every rebuild while the file stays empty', async () => {
  const config = testConfig();
  const files = contentFiles({ 'docs/new.md': '', 'docs/other.md': '# Other\n' });
  const cache = createBuildCache();
  const expected = [
    "warning  content/docs/new.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _new.md to leave it out",
  ];
  assert.equal(
    (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files, cache })).diagnostics.map(printed),
    expected,
  );
  files.texts.set('content/docs/other.md', '# Other, edited\n');
  assert.equal(
    (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files, cache })).diagnostics.map(printed),
    expected,
  );
  files.texts.set('content/docs/new.md', '# New\n');
  assert.equal(
    (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files, cache })).diagnostics.map(printed),
    [],
  );
});

test.run();
