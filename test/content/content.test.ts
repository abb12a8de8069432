import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/content/front-matter.ts';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { contentFiles, testConfig } from '../helpers.ts';

const test = suite('front matter and content');

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

test('splits front matter and remembers the body line', () => {
  const split = splitFrontMatter('---\ntitle: Hello\ntags: [a, b]\n---\n\nBody text\n', 'content/docs/a.md');
  assert.equal(split.frontMatter, { title: 'Hello', tags: ['a', 'b'] });
  assert.is(split.bodyLine, 5);
  assert.is(split.body, '\nBody text\n');
  assert.equal(split.keyLines, { title: 2, tags: 3 });
});

test('a file without front matter is all body', () => {
  const split = splitFrontMatter('# Title\n', 'x.md');
  assert.equal(split.frontMatter, {});
  assert.is(split.bodyLine, 1);
});

test('malformed YAML is an error at its file line with a fix', () => {
  const message = errorOf(() =>
    splitFrontMatter('---\ntitle: A\ndescription: Set up: the panel\n---\n', 'content/docs/a.md'),
  );
  assert.is(
    message,
    "content/docs/a.md:3:14  invalid front matter: Nested mappings are not allowed in compact mappings; put the value in quotes when it contains ': '",
  );
});

test('front matter that never closes is an error at line 1', () => {
  assert.match(
    errorOf(() => splitFrontMatter('---\ntitle: A\n\nno end', 'content/docs/a.md')),
    'content/docs/a.md:1:1  front matter starts with --- but never ends',
  );
});

test('front matter that is not a mapping is an error', () => {
  assert.match(
    errorOf(() => splitFrontMatter('---\n- a\n- b\n---\n', 'x.md')),
    'must be a YAML mapping',
  );
});

test('sources are typed by folder, sorted, and drafts and _partials are skipped', () => {
  const diagnostics = new Diagnostics();
  const set = parseContent(
    contentFiles({
      'docs/b.md': '# B',
      'docs/a.md': '# A',
      'docs/_partial.md': 'x',
      'docs/draft.md': '---\ndraft: true\n---\n',
      'blog/2025-01-01-post.md': '# P',
      'pages/about.md': '# About',
      'static/img/x.png': 'png',
    }),
    diagnostics,
  );
  assert.equal(
    set.sources.map((s) => [s.kind, s.file]),
    [
      ['blog', 'content/blog/2025-01-01-post.md'],
      ['doc', 'content/docs/a.md'],
      ['doc', 'content/docs/b.md'],
      ['page', 'content/pages/about.md'],
    ],
  );
  assert.ok(set.assets.has('content/static/img/x.png'));
});

test('every bad file is reported, not just the first', () => {
  const diagnostics = new Diagnostics();
  parseContent(
    contentFiles({ 'docs/a.md': '---\na: [\n---\n', 'docs/b.md': '---\nb: {\n---\n', 'docs/c.md': 'fine' }),
    diagnostics,
  );
  assert.equal(
    diagnostics.errors.map((d) => d.location?.file),
    ['content/docs/a.md', 'content/docs/b.md'],
  );
});

test('authors and tags files are read', () => {
  const set = parseContent(
    contentFiles({
      'blog/authors.yml': 'ann:\n  name: Ann Lee\n  title: Writer\n',
      'blog/tags.yml': 'hello:\n  label: Hello\n',
    }),
    new Diagnostics(),
  );
  assert.equal(set.authors.get('ann'), {
    id: 'ann',
    name: 'Ann Lee',
    title: 'Writer',
    url: undefined,
    imageUrl: undefined,
  });
  assert.is(set.blogTags.get('hello')?.label, 'Hello');
});

test('an author without a name is an error naming the line, reported beside the pages', () => {
  const diagnostics = new Diagnostics();
  const set = parseContent(
    contentFiles({ 'blog/authors.yml': 'ann:\n  name: Ann\nbob:\n  title: X\n', 'docs/a.md': '# A\n' }),
    diagnostics,
  );
  assert.equal(diagnostics.errors.map(formatDiagnostic), ["content/blog/authors.yml:3:1  author 'bob' needs a name"]);
  assert.is(set.sources.length, 1, 'the pages are still read');
});

test.run();

const front = suite('typed front matter');

front('keys are read once into typed, camelCase fields; a single tag is a list of one', () => {
  const set = parseContent(
    contentFiles({
      'docs/a.md':
        '---\ntitle: A\nsidebar_label: Short\ntags: setup\nkeywords: [php, 8]\ntoc_max_heading_level: 4\n---\n',
      'blog/2025-01-31-post.md': '---\nauthors: ann\n---\nText\n',
    }),
    new Diagnostics(),
  );
  const [post, doc] = set.sources;
  assert.equal(doc.frontMatter, {
    title: 'A',
    sidebarLabel: 'Short',
    tags: ['setup'],
    keywords: ['php', '8'],
    tocMaxHeadingLevel: 4,
  });
  assert.equal(post.frontMatter, { authors: ['ann'] });
});

front('every value of the wrong type is an error at its own line, and the page is left out', () => {
  const diagnostics = new Diagnostics();
  const set = parseContent(
    contentFiles({
      'docs/a.md': '---\ntitle: 2024\ndraft: yes\nhide_table_of_contents: 1\ntoc_min_heading_level: 9\n---\n',
    }),
    diagnostics,
  );
  assert.is(set.sources.length, 0);
  assert.equal(
    diagnostics.errors.map((d) => `${d.location?.line} ${d.message}`),
    [
      "2 front matter 'title' must be text",
      "3 front matter 'draft' must be true or false",
      "4 front matter 'hide_table_of_contents' must be true or false",
      "5 front matter 'toc_min_heading_level' must be a heading level from 1 to 6",
    ],
  );
  assert.is(diagnostics.errors[0].hint, "write it in quotes: title: '2024'");
});

front('blog authors written out in full are an error naming the registry', () => {
  const diagnostics = new Diagnostics();
  parseContent(contentFiles({ 'blog/2025-01-31-post.md': '---\nauthors:\n  - name: Ann\n---\nText\n' }), diagnostics);
  assert.equal(
    diagnostics.errors.map((d) => `${d.location?.line} ${d.message}`),
    ['2 authors must list author ids from content/blog/authors.yml'],
  );
});

front.run();

const routes = suite('the routes step');

routes('every source knows its route before markdown runs, and keeps its identity while the route holds', () => {
  const parsed = parseContent(
    contentFiles({
      'docs/setup/a.md': '---\nslug: /start\n---\n',
      'docs/setup/b.md': '# B\n',
      'pages/about.md': '# About\n',
    }),
    new Diagnostics(),
  );
  const config = testConfig();
  // The memo serve keeps between builds (BuildCache.routes).
  const routed = new WeakMap();
  const first = routeContent(parsed, config, routed);
  assert.equal(
    first.sources.map((source) => source.route),
    [`${config.baseUrl}docs/start/`, `${config.baseUrl}docs/setup/b/`, `${config.baseUrl}about/`],
  );
  assert.is(routeContent(parsed, config, routed).sources[1], first.sources[1]);
  const moved = routeContent(parsed, { ...config, docs: { ...config.docs, routeBasePath: 'guide' } }, routed);
  assert.is.not(moved.sources[1], first.sources[1]);
  assert.is(moved.sources[1].route, `${config.baseUrl}guide/setup/b/`);
});

routes.run();
