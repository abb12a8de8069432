// The whole eGrocer site: built from content/ with the real site.config.ts into a temporary folder, as a
// maintainer's `egdocs build` would. Every route of SPEC.md must exist with the right page kind and title.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../src/build.ts';
import { loadConfig } from '../src/config/load.ts';
import { formatDiagnostic } from '../src/shared/model/diagnostics.ts';
import { FsWriter } from '../src/output/writer.ts';
import type { BuildResult, PageKind } from '../src/shared/model/types.ts';
import { sharedBundle, fileText, ROOT } from './helpers.ts';

const test = suite('the eGrocer site');
const BASE = '/egrocer-documentation/';
let result: BuildResult;
let outDir: string;

const SECTIONS: Record<string, string[]> = {
  'admin-panel': [
    'intro',
    'server-requirements',
    'create-subdomain',
    'php-ini-settings',
    'localhost-setup',
    'server-setup',
    'configure-egroccer',
    'store-settings',
    'selfpickup-setting',
    'google-map-api',
    'email-settings',
    'login-settings',
    'firebase-settings',
    'twilio-settings',
    'payment-gateway',
    'subscription',
    'cart-reminder',
    'app-settings',
    'map-api-key-settings',
    'support',
    'feedback',
    'contact',
  ],
  website: [
    'intro',
    'installation',
    'setup-nodejs',
    'setup-env-variables',
    'change-theme-color',
    'firebase-setup',
    'run-website',
    'deploy-website-without-seo',
    'seo-for-web',
    'deploy-website-with-seo',
    'htaccess-configuration',
    'support',
  ],
  'flutter-app': [
    'intro',
    'installation',
    'app-configuration',
    'server-api-config',
    'firebase-integration',
    'map-location-services',
    'additional-config',
    'in-app-purchase',
    'app-distribution',
    'support',
  ],
  'flutter-partner-app': [
    'intro',
    'installation',
    'configuration',
    'map-location-services',
    'firebase-integration',
    'app-distribution',
    'server-api-config',
    'support',
    'additional-config',
    'gemini-config',
  ],
  features: ['intro', 'key-features'],
  changelog: ['intro', 'version-history'],
};
const OUT_OF_SIDEBAR = [
  'flutter-app/configuration',
  ...[
    'congratulations',
    'create-a-blog-post',
    'create-a-document',
    'create-a-page',
    'deploy-your-site',
    'markdown-features',
  ].map((p) => `tutorial-basics/${p}`),
  'tutorial-extras/manage-docs-versions',
  'tutorial-extras/translate-your-site',
  'tutorial-extras/customize-templates',
  'tutorial-extras/reuse-content',
  'tutorial-extras/tabs-and-alerts',
];

test.before(async () => {
  const config = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
  result = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) });
  outDir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-site-'));
  await new FsWriter(path.join(outDir, 'build')).write(result.files);
});
test.after(async () => {
  await rm(outDir, { recursive: true, force: true });
});

function route(path: string) {
  return result.site.routes.find((r) => r.path === BASE + path);
}

function expectRoute(path: string, kind: PageKind) {
  const found = route(path);
  assert.ok(found, `missing route ${BASE}${path}`);
  assert.is(found!.data.kind, kind, `${path} should be a ${kind} page`);
  return found!;
}

test('the build has no warnings', () => {
  assert.equal(result.diagnostics.map(formatDiagnostic), []);
});

test('doc pages show no last-update time (SPEC.md), and each has its edit link', async () => {
  const docs = result.site.routes.filter((r) => r.data.kind === 'doc');
  assert.ok(docs.length > 70);
  for (const r of docs) {
    const html = await readFile(path.join(outDir, 'build', r.outFile), 'utf8');
    assert.not.match(html, 'class="last-updated"', r.path);
    assert.match(
      html,
      /<a class="edit-link" href="https:\/\/github\.com\/WRTeam-in\/egrocer-documentation\/edit\/main\/content\/(docs|versioned\/2\.1\/docs)\/[^"]+\.mdx?">Edit this page<\/a>/,
      r.path,
    );
  }
  const intro = await readFile(path.join(outDir, 'build/docs/admin-panel/intro/index.html'), 'utf8');
  assert.match(
    intro,
    'href="https://github.com/WRTeam-in/egrocer-documentation/edit/main/content/docs/admin-panel/intro.md"',
  );
});

test('standalone pages: home, search, markdown page, docs root', () => {
  expectRoute('', 'home');
  expectRoute('search/', 'search');
  expectRoute('markdown-page/', 'page');
  assert.is(expectRoute('docs/', 'doc').title, 'eGrocer Documentation');
});

test('every doc of SPEC.md, in and out of the sidebar', () => {
  for (const [section, pages] of Object.entries(SECTIONS))
    for (const page of pages) expectRoute(`docs/${section}/${page}/`, 'doc');
  for (const id of OUT_OF_SIDEBAR) expectRoute(`docs/${id}/`, 'doc');
});

test('the docs sidebar lists the overview, the six categories in order, each doc in SPEC order, and the FAQ', () => {
  const sidebar = result.site.sidebars.docs;
  assert.equal(
    sidebar.map((item) => item.label),
    ['Overview', 'Admin Panel', 'Website', 'Flutter App', 'Flutter Partner App', 'Features', 'Changelog', 'FAQ'],
  );
  assert.equal(sidebar[0], { type: 'link', label: 'Overview', href: `${BASE}docs/`, docId: 'intro' } as never);
  Object.entries(SECTIONS).forEach(([section, pages], i) => {
    const category = sidebar[i + 1];
    assert.ok(category.type === 'category');
    assert.equal(
      category.type === 'category' && category.items.map((item) => (item.type === 'link' ? item.href : '')),
      pages.map((p) => `${BASE}docs/${section}/${p}/`),
    );
  });
  const listed = JSON.stringify(sidebar);
  for (const id of OUT_OF_SIDEBAR) assert.not.ok(listed.includes(`/docs/${id}/`), `${id} must not be in the sidebar`);
  // The writer's guide has a sidebar of its own, shown beside its pages.
  const guide = JSON.stringify(result.site.sidebars.guide);
  for (const id of OUT_OF_SIDEBAR.filter((id) => id.startsWith('tutorial-')))
    assert.ok(guide.includes(`/docs/${id}/`), `${id} is in the guide's sidebar`);
});

test('every doc has a real title, and the document title carries the site title', async () => {
  for (const r of result.site.routes.filter((r) => r.data.kind === 'doc')) {
    assert.ok(r.title.length >= 3, `${r.path} has title '${r.title}'`);
    const html = await readFile(path.join(outDir, 'build', r.outFile), 'utf8');
    assert.match(
      html,
      `<title>${r.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}${r.title === 'eGrocer Documentation' ? '' : ' | eGrocer Documentation'}</title>`,
    );
  }
});

test('the blog: list, archive, authors, two author pages, tags, four tag pages, four posts', () => {
  expectRoute('blog/', 'blog-list');
  expectRoute('blog/archive/', 'blog-archive');
  const authors = expectRoute('blog/authors/', 'blog-authors');
  assert.is(authors.data.kind === 'blog-authors' && authors.data.authors.length, 2);
  for (const a of authors.data.kind === 'blog-authors' ? authors.data.authors : [])
    expectRoute(`blog/authors/${a.id}/`, 'blog-author');
  expectRoute('blog/tags/', 'blog-tags');
  for (const tag of ['docusaurus', 'facebook', 'hello', 'hola']) expectRoute(`blog/tags/${tag}/`, 'blog-tag');
  for (const post of ['first-blog-post', 'long-blog-post', 'mdx-blog-post', 'welcome'])
    expectRoute(`blog/${post}/`, 'blog-post');
});

test('docs tags, 404 page and the configure redirect', async () => {
  expectRoute('docs/tags/', 'docs-tags');
  const notFound = await readFile(path.join(outDir, 'build', '404.html'), 'utf8');
  assert.match(notFound, `href="${BASE}docs/admin-panel/intro/"`);
  assert.is(expectRoute('docs/admin-panel/configure/', 'redirect').data.kind, 'redirect');
});

test('the top bar links to the admin-panel intro', async () => {
  const html = await readFile(path.join(outDir, 'build', 'docs/website/intro/index.html'), 'utf8');
  assert.match(html, /<header class="navbar">[\s\S]*href="\/egrocer-documentation\/docs\/admin-panel\/intro\/"/);
});

test('the markdown copies of both app distribution pages hold the signing and archive steps they include', async () => {
  const partial = (name: string) => readFile(path.join(ROOT, 'content/docs/_partials', name), 'utf8');
  // The partials' lines the pages take: their regions' and the whole iOS file's, without the region markers. An
  // admonition's ':::' lines are written in plain markdown, and a link with an absolute URL.
  const signing: string[] = [];
  let inRegion = false;
  for (const line of (await partial('android-signing.md')).split('\n')) {
    const mark = /^<!-- (end)?region /.exec(line);
    if (mark) inRegion = !mark[1];
    else if (inRegion) signing.push(line);
  }
  const steps = [...signing, ...(await partial('ios-archive.md')).split('\n')].filter(
    (line) => line.trim() && !line.startsWith(':::') && !line.includes(']('),
  );
  assert.ok(steps.some((line) => line.includes('keytool -genkey')) && steps.some((line) => line.includes('Archive')));
  for (const app of ['flutter-app', 'flutter-partner-app']) {
    const copy = fileText(result, `docs/${app}/app-distribution/index.md`);
    for (const line of steps) assert.ok(copy.includes(line), `${app}: '${line}' is not in the copy`);
    assert.not.match(copy, '::include');
  }
});

test('every route ends with a slash and sits under the base path', () => {
  for (const r of result.site.routes) {
    assert.ok(r.path.startsWith(BASE), r.path);
    assert.ok(r.path.endsWith('/') || r.path.endsWith('404.html'), r.path);
  }
});

test.run();
