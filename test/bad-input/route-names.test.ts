// Names that become URLs and file paths: slugs, ids and file names that would escape their folder, collide, or are
// not valid in a URL as written. Each escape is an error at its line; each name is percent-encoded wherever it is
// written and decoded where it is looked up, so a page named '100%-sure.md' is reachable and checkable.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { staticHandler } from '../../src/serve/static.ts';
import { mapSource } from '../../src/serve/sources.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { fileText } from '../helpers.ts';
import { failure, success } from './report.ts';

const test = suite('bad input: names that escape, collide or need encoding');

test("a slug with '..' is an error at its line, however many (it once wrote over the home page, or crashed)", async () => {
  for (const slug of ['/../', '/../../', 'guide/../..', './x']) {
    assert.equal(
      await failure({ 'docs/a.md': `---\ntitle: A\nslug: ${slug}\n---\nA.\n`, 'pages/index.md': '# Home\n' }),
      [
        `error  content/docs/a.md:3:1  slug '${slug}' has a '.' or '..' segment, which would place the page outside the site's folders; write the page's path from the root of its section, like 'slug: /setup/guide'`,
      ],
    );
  }
});

test("a doc id with '/' or '..', and an author or tag id that would be a path, are errors at their line", async () => {
  assert.equal(await failure({ 'docs/a.md': '---\nid: ../escape\n---\n# A\n' }), [
    "error  content/docs/a.md:2:1  id '../escape' contains '/', but it names one page, not a folder; an id names the file, not its folder; use a slug to change the path",
  ]);
  const post = '---\ntitle: Hi\nauthors: [ann]\n---\nHi.\n';
  assert.equal(
    await failure({ 'blog/authors.yml': 'ann:\n  name: Ann\n../evil:\n  name: Eve\n', 'blog/2025-01-01-hi.md': post }),
    [
      "error  content/blog/authors.yml:3:1  author id '../evil' contains '/', but it names one page, not a folder; rename it to letters, digits and dashes, like 'evil'",
    ],
  );
  assert.equal(
    await failure({
      'blog/authors.yml': 'ann:\n  name: Ann\n',
      'blog/tags.yml': 'a/b:\n  label: AB\n',
      'blog/2025-01-01-hi.md': post,
    }),
    [
      "error  content/blog/tags.yml:1:1  tag id 'a/b' contains '/', but it names one page, not a folder; rename it to letters, digits and dashes, like 'a-b'",
    ],
  );
});

test("tags 'C++', 'C#' and 'C' get pages of their own; 'Firebase' and 'firebase' share one, with a warning", async () => {
  const { result, printed } = await success({
    'docs/a.md': '---\ntitle: A\ntags: [C++, Firebase]\n---\nA.\n',
    'docs/b.md': '---\ntitle: B\ntags: [C, C#]\n---\nB.\n',
    'docs/c.md': '---\ntitle: C\ntags: [firebase]\n---\nC.\n',
  });
  const tagPages = result.site.routes
    .filter((route) => route.data.kind === 'docs-tag')
    .map((route) => route.path)
    .sort();
  assert.equal(tagPages, [
    '/base/docs/tags/c-plus-plus/',
    '/base/docs/tags/c-sharp/',
    '/base/docs/tags/c/',
    '/base/docs/tags/firebase/',
  ]);
  assert.equal(printed, [
    "warning  content/docs/c.md:3:1  docs tags 'Firebase' and 'firebase' share the page /base/docs/tags/firebase/, which shows them as 'Firebase'; write the tag the same way on every page",
  ]);
  assert.match(fileText(result, 'docs/tags/firebase/index.html'), /href="\/base\/docs\/c\/"/);
});

/** Answers one GET through the static handler over the build in memory. */
async function get(result: BuildResult, url: string): Promise<number> {
  const handler = staticHandler(mapSource(new Map(result.files.map((file) => [file.path, file.contents]))), '/base/');
  return new Promise((resolve) => {
    const res = {
      headersSent: false,
      writeHead(status: number) {
        resolve(status);
        return res;
      },
      setHeader() {},
      end() {},
      write() {},
      on() {},
      once() {},
      emit() {},
      destroy() {},
    };
    handler({ method: 'GET', url, headers: {} } as unknown as IncomingMessage, res as unknown as ServerResponse);
  });
}

test("pages named '100%-sure', 'a#b' and 'why?' are written encoded everywhere, reachable, and their links check", async () => {
  const { result, printed } = await success(
    {
      'docs/100%-sure.md': '# Sure\n\n## Step one\n',
      'docs/a#b.md': '# Hash\n',
      'docs/why?.md': '# Why\n',
      'docs/café.md': '# Café\n',
      'docs/links.md': [
        '# Links',
        '',
        '[by file](./100%-sure.md#step-one) [by file, encoded](./100%25-sure.md) [by path](/docs/100%25-sure/#step-one)',
        '[hash](./a%23b.md) [question](/docs/why%3F/) [accented](/docs/café/) [accented, encoded](/docs/caf%C3%A9/)',
      ].join('\n'),
    },
    { docs: { sidebars: { docs: ['100%-sure', 'a#b', 'why?', 'café', 'links'] } } },
  );
  assert.equal(printed, []);
  const paths = result.site.routes
    .filter((route) => route.file)
    .map((route) => route.path)
    .sort();
  assert.equal(paths, [
    '/base/docs/100%25-sure/',
    '/base/docs/a%23b/',
    '/base/docs/caf%C3%A9/',
    '/base/docs/links/',
    '/base/docs/why%3F/',
  ]);
  // Output files carry the names as they are; links and the sitemap carry valid URLs.
  for (const file of [
    'docs/100%-sure/index.html',
    'docs/a#b/index.html',
    'docs/why?/index.html',
    'docs/café/index.html',
  ])
    fileText(result, file);
  const links = fileText(result, 'docs/links/index.html');
  assert.match(links, 'href="/base/docs/100%25-sure/#step-one"');
  assert.match(links, 'href="/base/docs/a%23b/"');
  assert.match(fileText(result, 'sitemap.xml'), '<loc>https://example.com/base/docs/why%3F/</loc>');
  assert.match(
    fileText(result, 'docs/café/index.html'),
    '<link rel="canonical" href="https://example.com/base/docs/caf%C3%A9/">',
  );
  const texts = result.files
    .filter((file) => /^assets\/search\/d\d+\./.test(file.path))
    .map((file) => Buffer.from(file.contents).toString());
  assert.ok(
    texts.some((text) => text.includes('"docs/100%25-sure/"')),
    'the search index names the page by its URL',
  );
  for (const url of ['/base/docs/100%25-sure/', '/base/docs/a%23b/', '/base/docs/why%3F/', '/base/docs/caf%C3%A9/'])
    assert.is(await get(result, url), 200, url);
});

test('two routes that differ only in how they are escaped are one file: a duplicate naming both sources', async () => {
  const { printed } = await success({
    'docs/a-b.md': '# One\n',
    'docs/other.md': '---\nslug: /a%2Db\n---\n# Two\n',
  });
  assert.equal(printed.length, 0, 'a slug is a name, not a URL: %2D stays as written and does not collide');
  const clash = await success({
    'pages/guide.md': '# Guide page\n',
    'docs/x.md': '---\nslug: /../../guide\n---\n# X\n',
  }).catch(() => undefined);
  assert.is(clash, undefined, 'an escaping slug never builds');
  const { printed: twice } = await success({
    'pages/docs/setup.md': '# Setup page\n',
    'docs/setup.md': '# Setup doc\n',
  });
  assert.equal(twice, [
    'warning  content/pages/docs/setup.md:1:1  route /base/docs/setup/ is produced by both content/docs/setup.md and content/pages/docs/setup.md; only the first is written; give one of them another slug',
  ]);
});

test("two docs with one slug: the page written is the first doc's, its breadcrumb and title included", async () => {
  const { result, printed } = await success({
    'docs/a-first.md': '---\nslug: /same\n---\n# First doc\n\nText of the first.\n',
    'docs/b-second.md': '---\nslug: /same\n---\n# Second doc\n\nText of the second.\n',
  });
  assert.equal(printed.length, 1);
  assert.match(printed[0], 'route /base/docs/same/ is produced by both');
  const page = fileText(result, 'docs/same/index.html');
  assert.match(page, 'Text of the first.');
  assert.not.match(page, 'Text of the second.');
  // The sidebar lists both docs; the page's own breadcrumb names the first (it once named the second).
  const breadcrumb = /<nav class="breadcrumbs"[^]*?<\/nav>/.exec(page)?.[0] ?? '';
  assert.match(breadcrumb, 'First doc');
  assert.not.match(breadcrumb, 'Second doc');
});

test.run();
