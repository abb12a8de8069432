// Rebuilding with a BuildCache (what `egdocs serve` does on every save): each change renders only what it affects,
// and the result is always exactly what a build from nothing gives.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles, createBuildCache, type BuildCache } from '../src/build.ts';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../src/shared/model/diagnostics.ts';
import type { BuildResult } from '../src/shared/model/types.ts';
import { sharedBundle, contentFiles, fileText, testConfig } from './helpers.ts';

const test = suite('incremental rebuilds');

const config = testConfig({ docs: { sidebars: { docs: ['intro', 'setup', 'usage', 'faq'] } } });

const start = {
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nRead [setup](./setup.md) and [later](./later.md).\n',
  'docs/setup.md': '# Setup\n\n## Install\n\nRun it.\n\n```bash\nnpm install\n```\n',
  'docs/usage.md':
    '# Usage\n\nSee [install](./setup.md#install) and [tips](./notes.md#tips).\n\n![logo](./img/logo.svg)\n',
  'docs/notes.md': '# Notes\n\n## Tips\n\nSome.\n',
  'docs/faq.md': '# FAQ\n\nQuestions.\n',
  'blog/2025-01-01-hello.md': '---\ntitle: Hello\nauthors: []\ntags: [news]\n---\nFirst post.\n',
  'blog/tags.yml': 'news:\n  label: News\nrelease:\n  label: Release\n',
};

/** The site as files and diagnostics, comparable between two builds. */
function snapshot(result: BuildResult): { files: Record<string, string>; diagnostics: string[] } {
  const files: Record<string, string> = {};
  // Serve's builds make the search index when it is first asked for; compared, it is made here.
  for (const file of [...result.files, ...(result.searchIndex?.() ?? [])])
    files[file.path] = Buffer.from(file.contents).toString('base64');
  return { files, diagnostics: sortDiagnostics(result.diagnostics).map(formatDiagnostic) };
}

/** Applies edits (null deletes) to the project, rebuilds with the cache, and checks it against a cold build. */
async function step(
  project: ReturnType<typeof contentFiles>,
  cache: BuildCache,
  edits: Record<string, string | null>,
): Promise<BuildResult> {
  for (const [rel, text] of Object.entries(edits)) {
    const file = `content/${rel}`;
    const map = /\.(md|ya?ml)$/.test(rel) ? project.texts : (project.assets as Map<string, unknown>);
    if (text === null) map.delete(file);
    else map.set(file, map === project.texts ? text : new TextEncoder().encode(text));
  }
  const warm = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  const cold = await buildSiteFiles({
    config,
    bundle: sharedBundle(config.baseUrl),
    files: project,
    cache: createBuildCache(),
  });
  assert.equal(snapshot(warm), snapshot(cold), 'a rebuild with the cache differs from a build from nothing');
  return warm;
}

async function begin(): Promise<{ project: ReturnType<typeof contentFiles>; cache: BuildCache }> {
  const project = contentFiles(start);
  const cache = createBuildCache();
  const first = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
  assert.is(first.rendered.pages, 6);
  return { project, cache };
}

test('editing a page body renders that page and its route only', async () => {
  const { project, cache } = await begin();
  const result = await step(project, cache, { 'docs/faq.md': '# FAQ\n\nQuestions and answers.\n' });
  assert.equal(result.rendered, { pages: 1, routes: 1 });
  assert.match(fileText(result, 'docs/faq/index.html'), 'Questions and answers.');
});

test('a new title reaches every page whose sidebar or previous/next link shows it', async () => {
  const { project, cache } = await begin();
  const result = await step(project, cache, { 'docs/faq.md': '# Questions\n\nQuestions.\n' });
  assert.is(result.rendered.pages, 1);
  // The four docs share the sidebar; the docs root is the intro's route. Blog pages and the 404 stay as they were.
  assert.ok(
    result.rendered.routes >= 4 && result.rendered.routes < result.site.routes.length,
    `${result.rendered.routes} routes rendered`,
  );
  assert.match(fileText(result, 'docs/usage/index.html'), 'Questions');
});

test('adding a page that a link named clears its warning; deleting it brings the warning back', async () => {
  const { project, cache } = await begin();
  const added = await step(project, cache, { 'docs/later.md': '# Later\n\nText.\n' });
  assert.is(added.rendered.pages, 2, 'the new page and the intro, whose link now resolves');
  assert.not.ok(added.diagnostics.some((d) => d.code === 'broken-markdown-link'));
  assert.match(fileText(added, 'docs/index.html'), 'href="/base/docs/later/"');
  const removed = await step(project, cache, { 'docs/later.md': null });
  assert.ok(
    removed.diagnostics.some((d) => d.code === 'broken-markdown-link' && d.location?.file === 'content/docs/intro.md'),
  );
});

test('renaming a page re-renders the pages that link to it, and renaming it back clears the warning', async () => {
  const { project, cache } = await begin();
  const renamed = await step(project, cache, { 'docs/notes.md': null, 'docs/hints.md': start['docs/notes.md'] });
  const linkWarnings = (result: BuildResult) =>
    result.diagnostics.filter((d) => d.location?.file === 'content/docs/usage.md' && d.code !== 'missing-image');
  assert.equal(linkWarnings(renamed).map(formatDiagnostic), [
    "content/docs/usage.md:3:46  markdown link './notes.md#tips' points to content/docs/notes.md, which does not exist",
  ]);
  assert.is(renamed.rendered.pages, 2, 'the renamed page and the page linking to it');
  const back = await step(project, cache, { 'docs/hints.md': null, 'docs/notes.md': start['docs/notes.md'] });
  assert.equal(linkWarnings(back), []);
});

test('an image that appears is picked up by the page that was missing it', async () => {
  const { project, cache } = await begin();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>';
  const result = await step(project, cache, { 'docs/img/logo.svg': svg });
  assert.not.ok(result.diagnostics.some((d) => d.code === 'missing-image'));
  assert.match(fileText(result, 'docs/usage/index.html'), 'width="4" height="2"');
});

test('a broken save fails with its line, and the next good save builds as if nothing happened', async () => {
  const { project, cache } = await begin();
  project.texts.set('content/docs/faq.md', '---\ntitle: [oops\n---\n# FAQ\n');
  try {
    await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files: project, cache });
    assert.unreachable('the build should fail');
  } catch (error) {
    const shown = (error as { diagnostics?: Diagnostic[] }).diagnostics?.map(formatDiagnostic).join('\n');
    assert.match(String(shown), /content\/docs\/faq\.md:[23]:\d+  invalid front matter/);
  }
  const fixed = await step(project, cache, { 'docs/faq.md': '# FAQ\n\nFixed.\n' });
  assert.match(fileText(fixed, 'docs/faq/index.html'), 'Fixed.');
});

test('blog tags and the post list follow a post edit', async () => {
  const { project, cache } = await begin();
  const result = await step(project, cache, {
    'blog/2025-01-01-hello.md': '---\ntitle: Hello again\nauthors: []\ntags: [news, release]\n---\nFirst post.\n',
  });
  assert.match(fileText(result, 'blog/index.html'), 'Hello again');
  assert.match(fileText(result, 'blog/tags/release/index.html'), 'Hello again');
});

test.run();
