import vm from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { scriptsOf } from '../../src/render/document.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('render: pages as readers and crawlers see them');

const files = {
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\n---\nStart here.\n',
  'docs/guide/one.md':
    '---\ntitle: Server Requirements\ndescription: What the server needs.\nkeywords: [php, mysql]\ntags: [hosting]\n---\nUNIQUE_BODY_TEXT\n\n## Software\n\n### PHP\n\n#### Extensions\n',
  'docs/guide/two.md': '# Two\n\nText.\n',
  'pages/index.md':
    '---\nlayout: home\ntitle: Test Docs\nhero:\n  tagline: Docs for tests\n  cta: { label: Get Started, href: /docs/guide/one/ }\ncards:\n  - { title: Guide, text: The guide, href: /docs/guide/one/ }\n---\n',
};
const config = {
  docs: { sidebars: { docs: ['intro', { type: 'category', label: 'Guide', items: ['guide/one', 'guide/two'] }] } },
  navbar: {
    items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'search' }, { type: 'colorMode' }],
  },
  footer: {
    links: [
      { label: 'A', href: '/a' },
      { label: 'B', href: '/b' },
    ],
    copyright: 'Copyright © 2025 Test.',
  },
};

// Most tests read the same site: it is built once (tests only read the result).
let built: Promise<BuildResult> | undefined;
const build = () => (built ??= buildFromMap(files, config));

test('a doc page has the landmarks, names and title of the accessibility contract', async () => {
  const html = fileText(await build(), 'docs/guide/one/index.html');
  assert.match(html, '<html lang="en" dir="ltr" data-theme="dark">');
  assert.match(html, '<title>Server Requirements | Test Docs</title>');
  assert.match(html, '<nav class="sidebar" aria-label="Docs sidebar">');
  assert.match(html, '<nav class="breadcrumbs" aria-label="Breadcrumbs">');
  assert.match(html, '<h1>Server Requirements</h1>');
  assert.match(
    html,
    /<button type="button" class="sidebar-category-button" aria-expanded="true" aria-controls="sidebar-category-1">/,
  );
  assert.match(html, /<footer class="footer">[\s\S]*Copyright © 2025 Test\.[\s\S]*<\/footer>/);
  assert.match(
    html,
    /<a[^>]*href="\/base\/docs\/guide\/two\/"[^>]*rel="next"><span class="pagination-sub">Next<\/span>/,
  );
  assert.match(html, /aria-label="Switch between dark and light mode \(currently dark mode\)"/);
  // A combobox is a text field (HTML allows the role on no input of type search), with a phone's search keyboard.
  assert.match(
    html,
    /<input type="text" inputMode="search"[^>]*placeholder="Search"[^>]*aria-label="Search" role="combobox"/,
  );
  assert.match(html, '<kbd class="search-hint" aria-hidden="true">ctrl K</kbd>');
  assert.match(html, 'aria-label="Toggle navigation bar" aria-expanded="false"');
});

test('each page route has a payload for client navigation: its props with the HTML, without the chrome', async () => {
  const result = await build();
  const payload = JSON.parse(fileText(result, 'docs/guide/one/page-data.json'));
  assert.is(payload.title, 'Server Requirements | Test Docs');
  assert.is(payload.route.path, '/base/docs/guide/one/');
  assert.match(payload.route.data.html, 'UNIQUE_BODY_TEXT');
  assert.is(payload.sidebarId, 'docs');
  assert.is(payload.chrome, undefined);
  // The page's own HTML carries the body once: its hydration data leaves the markdown out.
  const html = fileText(result, 'docs/guide/one/index.html');
  assert.is(html.split('UNIQUE_BODY_TEXT').length, 2);
  assert.ok(fileText(result, 'page-data.json'), 'the home page has one too');
  assert.not.ok(
    result.files.some((file) => file.path === '404/page-data.json' || file.path.endsWith('404.html/page-data.json')),
    'not the 404 page',
  );
});

test('a page preloads the chunks of its own template group and no other', async () => {
  const result = await build();
  const preloads = (html: string) =>
    scriptsOf(html).preload.map((url) => /\/assets\/js\/([A-Za-z]+)\./.exec(url)?.[1] ?? url);
  const doc = preloads(fileText(result, 'docs/guide/one/index.html'));
  assert.ok(doc.includes('DocPage'), doc.join());
  assert.not.ok(doc.includes('BlogPages') || doc.includes('SimplePages'), doc.join());
  const home = preloads(fileText(result, 'index.html'));
  assert.ok(home.includes('SimplePages') && !home.includes('DocPage'), home.join());
});

test('the table of contents links to h2 and h3 but not h4', async () => {
  const html = fileText(await build(), 'docs/guide/one/index.html');
  const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  assert.match(toc, 'href="#software"');
  assert.match(toc, 'href="#php"');
  assert.not.match(toc, 'href="#extensions"');
});

test('head: description, canonical URL, OpenGraph and the generator', async () => {
  const html = fileText(await build(), 'docs/guide/one/index.html');
  assert.match(html, '<meta name="description" content="What the server needs.">');
  assert.match(html, '<link rel="canonical" href="https://example.com/base/docs/guide/one/">');
  assert.match(html, '<meta property="og:title" content="Server Requirements | Test Docs">');
  assert.match(html, /<meta name="generator" content="egdocs \d+\.\d+\.\d+">/);
  assert.match(html, '<meta name="keywords" content="php, mysql">');
  assert.match(html, /<link rel="stylesheet" href="\/base\/assets\/css\/styles\.[A-Z0-9]+\.css">/);
  // The scripts are asked for after the first paint, by a loader at the end of the body; none is in the head.
  const { scripts } = scriptsOf(html);
  assert.is(scripts.length, 1);
  assert.match(scripts[0], /^\/base\/assets\/js\/main\.[A-Z0-9]+\.js$/);
  assert.not.match(html.slice(0, html.indexOf('</head>')), /<script[^>]*src=|modulepreload/);
});

test('the page body is shipped once: the hydration data leaves the markdown HTML out', async () => {
  const html = fileText(await build(), 'docs/guide/one/index.html');
  assert.is(html.split('UNIQUE_BODY_TEXT').length - 1, 1);
  const data = JSON.parse(/<script id="__egdocs-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]);
  assert.is(data.route.data.html, '');
  assert.is(data.route.path, '/base/docs/guide/one/');
});

test('the home page shows the hero, the call to action and the cards', async () => {
  const html = fileText(await build(), 'index.html');
  assert.match(html, '<title>Test Docs</title>');
  assert.match(html, '<h1 class="hero-title">Test Docs</h1>');
  assert.match(html, '<a class="button button-primary" href="/base/docs/guide/one/">Get Started</a>');
  assert.match(html, '<h2><a href="/base/docs/guide/one/">Guide</a></h2>');
});

test('the footer separates links with a middle dot', async () => {
  const html = fileText(await build(), 'index.html');
  assert.match(
    html,
    /<a href="\/base\/a\/">A<\/a><\/span><span><span class="footer-separator" aria-hidden="true"> · <\/span>/,
  );
});

/**
 * Runs a page's head script (its first) as a browser would before the first paint, with local storage holding
 * `stored` (or throwing, as a browser with storage blocked does): what it set on <html>, and what storage holds after.
 */
function runHeadScript(html: string, stored: Record<string, string> | 'blocked') {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html.slice(0, html.indexOf('</head>')))![1];
  const items = new Map(Object.entries(stored === 'blocked' ? {} : stored));
  const dataset: Record<string, string> = {};
  const storage = { getItem: (key: string) => items.get(key) ?? null, removeItem: (key: string) => items.delete(key) };
  const context = { document: { documentElement: { dataset } } };
  Object.defineProperty(context, 'localStorage', {
    get: () => {
      if (stored === 'blocked') throw new Error('SecurityError: storage is blocked');
      return storage;
    },
  });
  vm.runInNewContext(script, context);
  return { dataset, stored: Object.fromEntries(items) };
}

test('the inline head script applies a stored colour mode before paint, only light or dark, and never throws', async () => {
  const html = fileText(await build(), 'index.html');
  assert.equal(runHeadScript(html, { 'egdocs-theme': 'light' }), {
    dataset: { theme: 'light' },
    stored: { 'egdocs-theme': 'light' },
  });
  assert.equal(runHeadScript(html, { 'egdocs-theme': 'dark' }).dataset, { theme: 'dark' });
  assert.equal(runHeadScript(html, { 'egdocs-theme': 'purple' }).dataset, {}, 'an unknown mode is left alone');
  assert.equal(runHeadScript(html, {}).dataset, {}, 'no stored mode: the default stays');
  assert.equal(runHeadScript(html, 'blocked').dataset, {}, 'blocked storage: the page keeps its defaults');
});

test('with the switch disabled the head script clears the stored mode; it hides a dismissed announcement; its keys carry the suffix', async () => {
  const html = fileText(
    await buildFromMap(files, {
      ...config,
      colorMode: { disableSwitch: true },
      announcementBar: { id: 'news-2', content: 'News' },
      client: { storage: { keySuffix: '-docs' } },
    }),
    'index.html',
  );
  assert.not.match(html, 'Switch between dark and light mode');
  const dismissed = { 'egdocs-theme-docs': 'light', 'egdocs-announcement-dismissed-docs': 'news-2' };
  assert.equal(runHeadScript(html, dismissed), {
    dataset: { announcementDismissed: 'true' },
    stored: { 'egdocs-announcement-dismissed-docs': 'news-2' },
  });
  const older = { 'egdocs-announcement-dismissed-docs': 'news-1' };
  assert.equal(runHeadScript(html, older).dataset, {}, 'an older announcement was dismissed: this one shows');
  assert.equal(runHeadScript(html, { 'egdocs-theme': 'light' }).stored, { 'egdocs-theme': 'light' }, 'other keys');
});

test('the same sources give byte-identical output', async () => {
  const a = await build();
  const b = await buildFromMap(files, config);
  assert.equal(
    a.files.map((f) => f.path),
    b.files.map((f) => f.path),
  );
  for (let i = 0; i < a.files.length; i++)
    assert.ok(Buffer.from(a.files[i].contents).equals(Buffer.from(b.files[i].contents)), a.files[i].path);
});

test.run();

const pruned = suite('render: each page carries only the sidebar it shows');
pruned(
  'collapsed categories that do not hold the page come without items; the whole sidebar is one hashed file',
  async () => {
    const result = await buildFromMap(
      { 'docs/a/one.md': '# One\n', 'docs/a/two.md': '# Two\n', 'docs/b/three.md': '# Three\n' },
      {
        docs: {
          sidebars: {
            docs: [
              { type: 'category', label: 'A', items: ['a/one', 'a/two'] },
              { type: 'category', label: 'B', items: ['b/three'] },
            ],
          },
        },
        navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
      },
    );
    const html = fileText(result, 'docs/a/one/index.html');
    assert.match(html, 'href="/base/docs/a/two/"');
    assert.not.match(html, 'href="/base/docs/b/three/"');
    assert.match(
      html,
      /<button type="button" class="sidebar-category-button" aria-expanded="false" aria-controls="sidebar-category-1">/,
    );
    const data = JSON.parse(/<script id="__egdocs-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]);
    assert.equal(data.sidebar[1], { type: 'category', label: 'B', collapsed: true, items: [], lazy: true });
    const whole = result.files.find((f) => /^assets\/data\/sidebar-docs\.[0-9a-f]{8}\.json$/.test(f.path));
    assert.ok(whole);
    assert.match(String(whole!.contents), '"href":"/base/docs/b/three/"');
    assert.is(data.chrome.sidebarUrls.docs, `/base/${whole!.path}`);
  },
);
pruned.run();
