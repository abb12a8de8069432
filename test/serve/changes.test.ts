// What a rebuild tells the open pages (src/serve/changes.ts): the routes whose pages changed, shown in place, or the
// reason every page loads again, found by comparing the files served before and after.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildOutput, pagesOf, updateOf } from '../../src/serve/changes.ts';
import type { Route } from '../../src/shared/model/types.ts';

const test = suite('serve: what a rebuild changed for the open pages');

const route = (path: string, outFile: string) => ({ path, outFile }) as Route;
const ROUTES = [
  route('/mini/', 'index.html'),
  route('/mini/docs/setup/', 'docs/setup/index.html'),
  route('/mini/docs/caf%C3%A9/', 'docs/café/index.html'),
  route('/mini/404.html', '404.html'),
];

type Output = BuildOutput & { files: Map<string, string | Uint8Array> };

/** A build's output: these files (text), over the files every build here has. */
function output(files: Record<string, string> = {}, routes = ROUTES, copies: Record<string, string> = {}): Output {
  return {
    files: new Map(Object.entries({ ...BASE, ...files })),
    copies: new Map(Object.entries(copies)),
    pages: pagesOf(routes),
  };
}
const BASE: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  'page-data.json': '{"title":"Home"}',
  'docs/setup/index.html': '<h1>Setup</h1>',
  'docs/setup/page-data.json': '{"title":"Setup"}',
  'docs/café/index.html': '<h1>Café</h1>',
  'docs/café/page-data.json': '{"title":"Café"}',
  '404.html': '<h1>Not found</h1>',
  'assets/js/main.OXDUMXS6.js': 'console.log(1)',
  'assets/css/styles.73EB6OPV.css': 'body{color:red}',
  'assets/data/sidebar-docs.json': '[]',
  'img/photo.png': 'PNG1',
  'sitemap.xml': '<urlset/>',
};

test('an edit of one page is shown in place on that route alone', () => {
  const after = output({ 'docs/setup/index.html': '<h1>Setup</h1><p>More</p>', 'docs/setup/page-data.json': '{}' });
  assert.equal(updateOf(output(), after), { in: 'place', routes: ['/mini/docs/setup/'] });
});

test('a route is named by its path as the page has it, percent-encoded, whichever of its two files changed', () => {
  assert.equal(updateOf(output(), output({ 'docs/café/page-data.json': '{"title":"Café!"}' })), {
    in: 'place',
    routes: ['/mini/docs/caf%C3%A9/'],
  });
  assert.equal(updateOf(output(), output({ '404.html': '<h1>Gone</h1>' })), {
    in: 'place',
    routes: ['/mini/404.html'],
  });
});

test('a build that changed nothing in the pages names no route, and equal bytes in new objects are no change', () => {
  assert.equal(updateOf(output(), output()), { in: 'place', routes: [] });
  const bytes = (o: BuildOutput) => ({
    ...o,
    files: new Map([...o.files].map(([file, text]) => [file, Buffer.from(text)] as const)),
  });
  assert.equal(updateOf(bytes(output()), bytes(output())), { in: 'place', routes: [] });
  assert.equal(updateOf(output(), bytes(output())), { in: 'place', routes: [] });
});

test('a new page and a page gone are both named: the first shows where a 404 was, the second 404s', () => {
  const withNew = output({ 'docs/new/index.html': '<h1>New</h1>', 'docs/new/page-data.json': '{}' }, [
    ...ROUTES,
    route('/mini/docs/new/', 'docs/new/index.html'),
  ]);
  assert.equal(updateOf(output(), withNew), { in: 'place', routes: ['/mini/docs/new/'] });
  assert.equal(updateOf(withNew, output()), { in: 'place', routes: ['/mini/docs/new/'] });
});

test('data a page fetches afresh when it needs it (sidebars, sitemap, the search index) changes no page', () => {
  const after = output({
    'assets/data/sidebar-docs.json': '[{"type":"link"}]',
    'sitemap.xml': '<urlset><url/></urlset>',
    'assets/search/manifest.json': '{}',
    'docs/setup/index.md': '# Setup',
  });
  assert.equal(updateOf(output(), after), { in: 'place', routes: [] });
  assert.equal(updateOf(after, output()), { in: 'place', routes: [] }, 'the search index made in the last build only');
});

test('scripts or styles made anew load every page again', () => {
  const rebundled = output();
  rebundled.files.delete('assets/js/main.OXDUMXS6.js');
  rebundled.files.set('assets/js/main.ZZZZZZZZ.js', 'console.log(2)');
  assert.equal(updateOf(output(), rebundled), { in: 'page', because: 'the scripts or styles pages run changed' });
  assert.equal(updateOf(output(), output({ 'assets/css/styles.73EB6OPV.css': 'body{color:blue}' })), {
    in: 'page',
    because: 'the scripts or styles pages run changed',
  });
  assert.equal(updateOf(output(), output({ 'js/extra.js': 'new' })), { in: 'place', routes: [] }, 'run by no page yet');
});

test('an image changed under its name loads every page again (a page may hold the old one); a new or gone one does not', () => {
  assert.equal(updateOf(output(), output({ 'img/photo.png': 'PNG2' })), {
    in: 'page',
    because: 'img/photo.png changed',
  });
  assert.equal(updateOf(output(), output({ 'img/other.png': 'PNG' })), { in: 'place', routes: [] });
  const gone = output();
  gone.files.delete('img/photo.png');
  assert.equal(updateOf(output(), gone), { in: 'place', routes: [] });
  assert.equal(
    updateOf(output({}, ROUTES, { 'video.mp4': '/p/a.mp4' }), output({}, ROUTES, { 'video.mp4': '/p/b.mp4' })),
    { in: 'page', because: 'video.mp4 changed' },
    'a large file served from the disk',
  );
});

test('a reason found elsewhere (the config, a template) loads every page again whatever the files say', () => {
  assert.equal(updateOf(output(), output(), 'the config changed'), { in: 'page', because: 'the config changed' });
});

test.run();
