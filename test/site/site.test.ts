import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import type { BuildResult, Route } from '../../src/shared/model/types.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('site: routes, sidebar, blog');

const docs = {
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\n---\nStart here.\n',
  'docs/guide/one.md': '---\ntitle: One\nsidebar_label: First\ntags: [setup]\n---\n## A\n',
  'docs/guide/two.md': '---\ntitle: Two\ntags: [setup, maps]\n---\nText.\n',
  'docs/guide/three.md': '# Three\n\nText.\n',
  'docs/hidden.md': '# Hidden page\n',
};
const config = {
  docs: {
    sidebars: {
      docs: ['intro', { type: 'category', label: 'Guide', items: ['guide/one', 'guide/two', 'guide/three'] }],
    },
  },
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
};

// Tests that read the same site share one build of it (they only read the result).
let docsBuilt: Promise<BuildResult> | undefined;
const buildDocs = () => (docsBuilt ??= buildFromMap(docs, config));

const byPath = (routes: Route[], path: string) => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};

test('docs get routes under the base path, ending with a slash; slug / is the docs root', async () => {
  const { site } = await buildDocs();
  const paths = site.routes
    .filter((r) => r.data.kind === 'doc')
    .map((r) => r.path)
    .sort();
  assert.equal(paths, [
    '/base/docs/',
    '/base/docs/guide/one/',
    '/base/docs/guide/three/',
    '/base/docs/guide/two/',
    '/base/docs/hidden/',
  ]);
});

test('previous and next follow the sidebar order; breadcrumbs name the category and the page', async () => {
  const { site } = await buildDocs();
  const two = byPath(site.routes, '/base/docs/guide/two/').data;
  if (two.kind !== 'doc') throw new Error('not a doc');
  assert.equal(two.previous, { label: 'First', href: '/base/docs/guide/one/' });
  assert.equal(two.next, { label: 'Three', href: '/base/docs/guide/three/' });
  assert.equal(two.breadcrumbs, [
    { label: 'Guide', href: '/base/docs/guide/one/' },
    { label: 'Two', href: '/base/docs/guide/two/' },
  ]);
  const intro = byPath(site.routes, '/base/docs/').data;
  assert.ok(intro.kind === 'doc' && intro.previous === undefined && intro.next?.href === '/base/docs/guide/one/');
});

test('a doc left out of the sidebar is built but has no neighbours', async () => {
  const { site } = await buildDocs();
  const hidden = byPath(site.routes, '/base/docs/hidden/').data;
  assert.ok(hidden.kind === 'doc' && !hidden.previous && !hidden.next);
  assert.not.ok(JSON.stringify(site.sidebars).includes('/docs/hidden/'));
});

test('pagination_next links a doc other than the sidebar neighbour, with its sidebar label', async () => {
  const { site } = await buildFromMap(
    { ...docs, 'docs/intro.md': '---\nslug: /\ntitle: Welcome\npagination_next: guide/three\n---\nx\n' },
    config,
  );
  const intro = byPath(site.routes, '/base/docs/').data;
  assert.ok(intro.kind === 'doc');
  assert.equal(intro.next, { label: 'Three', href: '/base/docs/guide/three/' });
  // The other docs keep their sidebar neighbours.
  const one = byPath(site.routes, '/base/docs/guide/one/').data;
  assert.ok(one.kind === 'doc');
  assert.equal(one.previous, { label: 'Welcome', href: '/base/docs/' });
});

test('pagination_label names a doc in the previous/next links leading to it', async () => {
  const { site } = await buildFromMap(
    { ...docs, 'docs/guide/two.md': "---\ntitle: Two\npagination_label: 'Step two'\n---\nx\n" },
    config,
  );
  for (const path of ['/base/docs/guide/one/', '/base/docs/guide/three/']) {
    const data = byPath(site.routes, path).data;
    assert.ok(data.kind === 'doc');
    assert.equal(path.endsWith('one/') ? data.next : data.previous, {
      label: 'Step two',
      href: '/base/docs/guide/two/',
    });
  }
});

test('pagination_next names a doc out of the sidebar; pagination_prev: null shows no previous link', async () => {
  const { site } = await buildFromMap(
    { ...docs, 'docs/guide/two.md': '---\ntitle: Two\npagination_prev: null\npagination_next: hidden\n---\nx\n' },
    config,
  );
  const two = byPath(site.routes, '/base/docs/guide/two/').data;
  assert.ok(two.kind === 'doc');
  assert.is(two.previous, undefined);
  assert.equal(two.next, { label: 'Hidden page', href: '/base/docs/hidden/' });
});

test('a pagination doc id that does not exist is an error at its line, with a suggestion', async () => {
  try {
    await buildFromMap(
      { ...docs, 'docs/guide/two.md': '---\ntitle: Two\npagination_next: guide/tree\n---\nx\n' },
      config,
    );
    assert.unreachable();
  } catch (error) {
    assert.instance(error, BuildFailed);
    const errors = (error as BuildFailed).diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.map(formatDiagnostic), [
      "content/docs/guide/two.md:3:1  pagination_next: doc id 'guide/tree' does not exist; did you mean 'guide/three'?",
    ]);
  }
});

test('categories start collapsed by default', async () => {
  const { site } = await buildDocs();
  const category = site.sidebars.docs[1];
  assert.ok(category.type === 'category' && category.collapsed === true);
});

test('a sidebar doc id that does not exist stops the build with a suggestion', async () => {
  try {
    await buildFromMap(docs, { ...config, docs: { sidebars: { docs: ['intro', 'guide/tow'] } } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, BuildFailed);
    assert.equal((error as BuildFailed).diagnostics.map(formatDiagnostic), [
      "site.config.ts  docs.sidebars.docs[1]: doc id 'guide/tow' does not exist; did you mean 'guide/two'?",
    ]);
  }
});

test('a docs-sidebar navbar item with nothing to link to stops the build', async () => {
  try {
    await buildFromMap(docs, {
      navbar: { items: [{ type: 'docSidebar', sidebarId: 'nope', label: 'Docs' }] },
      docs: config.docs,
    });
    assert.unreachable();
  } catch (error) {
    assert.match(
      (error as BuildFailed).diagnostics.map(formatDiagnostic).join('\n'),
      "navbar.items[0]: sidebar 'nope' does not exist; use one of: docs",
    );
  }
});

test('docs tags get a list page and a page per tag', async () => {
  const { site } = await buildDocs();
  const tags = byPath(site.routes, '/base/docs/tags/').data;
  assert.equal(tags.kind === 'docs-tags' && tags.tags, [
    { label: 'maps', href: '/base/docs/tags/maps/', count: 1 },
    { label: 'setup', href: '/base/docs/tags/setup/', count: 2 },
  ]);
  assert.is(byPath(site.routes, '/base/docs/tags/setup/').title, '2 docs tagged with "setup"');
});

test('two sources with one route are a duplicate-route warning', async () => {
  const { diagnostics } = await buildFromMap(
    { ...docs, 'docs/guide/copy.md': '---\nslug: one\n---\n# Copy\n' },
    config,
  );
  assert.equal(diagnostics.filter((d) => d.code === 'duplicate-route').map(formatDiagnostic), [
    'content/docs/guide/copy.md:2:1  route /base/docs/guide/one/ is produced by both content/docs/guide/copy.md and content/docs/guide/one.md; only the first is written; give one of them another slug',
  ]);
});

const blog = {
  'blog/authors.yml': 'ann:\n  name: Ann Lee\n  title: Writer\nbob:\n  name: Bob Roe\n',
  'blog/tags.yml': 'hello:\n  label: Hello\nnews:\n  label: News\n',
  'blog/2025-01-02-first.md':
    '---\ntitle: First\nauthors: [ann]\ntags: [hello]\n---\nShort intro.\n\n<!-- truncate -->\n\nMore.\n',
  'blog/2025-03-04-second.md': `---\ntitle: Second\nauthors: [ann, bob]\ntags: [hello, news]\n---\n${'word '.repeat(450)}\n`,
};
let blogBuilt: Promise<BuildResult> | undefined;
const buildBlog = () => (blogBuilt ??= buildFromMap(blog));

test('blog posts: newest first, slug from the file name, reading time, excerpt', async () => {
  const { site } = await buildBlog();
  assert.equal(
    site.posts.map((p) => [p.slug, p.date, p.readingMinutes, p.truncated]),
    [
      ['second', '2025-03-04', 3, false],
      ['first', '2025-01-02', 1, true],
    ],
  );
  const list = byPath(site.routes, '/base/blog/').data;
  assert.ok(list.kind === 'blog-list' && list.posts.length === 2);
});

test('blog: archive, authors, one page per author, tags and one page per tag', async () => {
  const { site } = await buildBlog();
  const paths = new Set(site.routes.map((r) => r.path));
  for (const path of [
    '/base/blog/archive/',
    '/base/blog/authors/',
    '/base/blog/authors/ann/',
    '/base/blog/authors/bob/',
    '/base/blog/tags/',
    '/base/blog/tags/hello/',
    '/base/blog/tags/news/',
    '/base/blog/first/',
    '/base/blog/second/',
  ]) {
    assert.ok(paths.has(path), path);
  }
  const ann = byPath(site.routes, '/base/blog/authors/ann/').data;
  assert.equal(ann.kind === 'blog-author' && ann.posts.map((p) => p.slug), ['second', 'first']);
});

test('the blog list is paginated', async () => {
  const { site } = await buildFromMap(blog, { blog: { postsPerPage: 1 } });
  const second = byPath(site.routes, '/base/blog/page/2/').data;
  assert.ok(second.kind === 'blog-list' && second.page === 2 && second.previous?.href === '/base/blog/');
});

test('an unknown author is an error at the authors line, with a suggestion', async () => {
  try {
    await buildFromMap({
      ...blog,
      'blog/2025-05-01-third.md': '---\ntitle: Third\ntags: [hello]\nauthors: [anne]\n---\nx\n',
    });
    assert.unreachable();
  } catch (error) {
    assert.equal((error as BuildFailed).diagnostics.map(formatDiagnostic), [
      "content/blog/2025-05-01-third.md:4:1  unknown author 'anne'; did you mean 'ann'?",
    ]);
  }
});

test('an unknown tag is an error naming the tags file', async () => {
  try {
    await buildFromMap({ ...blog, 'blog/2025-05-01-third.md': '---\ntitle: Third\ntags: [zzz]\n---\nx\n' });
    assert.unreachable();
  } catch (error) {
    assert.match(
      (error as BuildFailed).diagnostics.map(formatDiagnostic).join(),
      "content/blog/2025-05-01-third.md:3:1  unknown tag 'zzz'; add 'zzz' to content/blog/tags.yml",
    );
  }
});

test("docs-only: with the docs at the site's root, / leads to the first doc once, with no warning", async () => {
  const files = { 'docs/intro.md': '# Intro\n\nHello.\n', 'docs/setup.md': '# Setup\n' };
  const result = await buildFromMap(files, { docs: { routeBasePath: '/', sidebars: { docs: ['intro', 'setup'] } } });
  assert.equal(result.diagnostics.map(formatDiagnostic), []);
  const root = result.site.routes.filter((r) => r.path === '/base/');
  assert.equal(
    root.map((r) => r.data),
    [{ kind: 'redirect', to: '/base/intro/' }],
  );
  assert.ok(result.site.routes.some((r) => r.path === '/base/setup/' && r.data.kind === 'doc'));
});

test('search page, 404 page and redirects are always routes', async () => {
  const { site } = await buildFromMap(docs, { ...config, redirects: [{ from: '/old/', to: '/docs/guide/one/' }] });
  assert.is(byPath(site.routes, '/base/search/').data.kind, 'search');
  assert.is(byPath(site.routes, '/base/404.html').outFile, '404.html');
  const redirect = byPath(site.routes, '/base/old/').data;
  assert.equal(redirect, { kind: 'redirect', to: '/base/docs/guide/one/' });
});

test.run();
