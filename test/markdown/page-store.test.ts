// The stores a build keeps for the next (src/incremental/build-store.ts): a build from the disk reuses the pages and the search
// index an earlier build made when nothing they depend on changed, and its output is always what a build without
// them gives.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spareOutputDir } from '../../src/incremental/build-store.ts';
import { buildSiteFiles } from '../../src/build.ts';
import { FsWriter } from '../../src/output/writer.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { type BuildFailed, formatDiagnostic, sortDiagnostics } from '../../src/shared/model/diagnostics.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { tempProject, type TempProject } from '../project.ts';
import { sharedBundle } from '../helpers.ts';

const test = suite('markdown: the page store between builds');

const svg = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20"></svg>`;
const files = {
  'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nRead [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\n::include{file="_partials/steps.md"}\n\n![logo](./img/logo.svg)\n',
  'content/docs/_partials/steps.md': '1. Run `npm install`.\n2. Run the build.\n',
  'content/docs/usage.md': '# Usage\n\n```bash\nnpm run build\n```\n',
  'content/docs/img/logo.svg': svg(40),
};

function snapshot(result: BuildResult) {
  const out: Record<string, string> = {};
  for (const file of result.files) out[file.path] = Buffer.from(file.contents).toString('base64');
  return { out, diagnostics: sortDiagnostics(result.diagnostics).map(formatDiagnostic) };
}

async function build(project: TempProject, title = 'Test Docs', outDir?: string) {
  const config = validateConfig(
    { title, url: 'https://example.com', baseUrl: '/base/', docs: { sidebars: { docs: ['intro', 'setup', 'usage'] } } },
    path.join(project.dir, 'site.config.ts'),
    { outDir },
  );
  // Written as `egdocs build` writes it: the render memo finds the routes it keeps in the output folder.
  const result = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) });
  if (result.diagnostics.every((d) => d.severity !== 'error'))
    await new FsWriter(config.paths.outDir, spareOutputDir(project.dir)).write(result.files);
  return result;
}

/**
 * A build that reuses the stores, checked against one without them; returns how many pages were rendered (markdown),
 * and keeps how many routes were rendered (HTML) in `routes`.
 */
let routes = 0;
let allRoutes = 0;
/** The pages the last rebuild kept from the output folder without reading them (output-ledger.ts), and all pages. */
let unread: string[] = [];
let pages: string[] = [];
async function rebuild(project: TempProject, title?: string): Promise<number> {
  const warm = await build(project, title);
  // Taken now: a kept file's bytes are in the output folder, which the next build replaces.
  const warmFiles = snapshot(warm);
  // Redirects are a line of HTML each, made again every time.
  const redirects = new Set(warm.site.routes.filter((r) => r.data.kind === 'redirect').map((r) => r.outFile));
  pages = warm.files
    .filter((file) => file.path.endsWith('.html') && !redirects.has(file.path))
    .map((file) => file.path);
  unread = warm.files.filter((file) => file.kept && file.path.endsWith('.html')).map((file) => file.path);
  const stores = path.join(project.dir, 'node_modules/.cache/egdocs');
  await rename(stores, `${stores}.kept`);
  // Into another folder: the next rebuild finds the output folder this one's ledger describes.
  const cold = await build(project, title, 'build-cold');
  await rm(stores, { recursive: true });
  await rename(`${stores}.kept`, stores);
  assert.equal(warmFiles, snapshot(cold), 'a build that reused pages differs from one that did not');
  routes = warm.rendered.routes;
  allRoutes = cold.rendered.routes;
  return warm.rendered.pages;
}

test('unchanged pages are reused; an edit renders exactly the pages it can change', async () => {
  const project = await tempProject(files);
  try {
    assert.is((await build(project)).rendered.pages, 3, 'the first build renders every page');
    assert.is(await rebuild(project), 0, 'nothing changed');
    assert.is(routes, 0, 'and no route was rendered again');
    assert.equal(unread, pages, 'nor read: the ledger of the output folder vouches for them');
    await project.write('content/docs/_partials/steps.md', '1. Run `npm ci`.\n');
    assert.is(await rebuild(project), 1, 'the page that includes the partial');
    // Only the routes showing the page are rendered again; the others are kept as they are, unread.
    assert.ok(routes > 0 && routes < allRoutes, `the routes showing that page: ${routes} of ${allRoutes}`);
    assert.ok(unread.length > 0 && unread.length < pages.length, `kept unread: ${unread.length} of ${pages.length}`);
    await project.write('content/docs/img/logo.svg', svg(80));
    assert.is(await rebuild(project), 1, 'the page that shows the image (its size is in the HTML)');
    assert.ok(routes > 0 && routes < allRoutes, `the routes showing that page: ${routes} of ${allRoutes}`);
    await project.write('content/docs/usage.md', '# Usage\n\n```bash\nnpm run build -- --verbose\n```\n');
    assert.is(await rebuild(project), 1, 'the edited page');
    // A new title renames the sidebar's data file, whose URL every page holds: the pages that do not show the sidebar
    // are kept, with the new URL written over the old (render/late-urls.ts), and read as a fresh build's.
    await project.write('content/docs/usage.md', '# Using it\n\n```bash\nnpm run build -- --verbose\n```\n');
    assert.is(await rebuild(project), 1, 'the retitled page');
    assert.ok(routes > 0 && routes < allRoutes, `the routes showing the sidebar: ${routes} of ${allRoutes}`);
    assert.is(await rebuild(project, 'Other Title'), 3, 'a config change renders every page');
  } finally {
    await project.remove();
  }
});

test('the page store is kept in shards: an edit rewrites the one holding the page, and nothing changed writes none', async () => {
  const project = await tempProject(files);
  const shards = path.join(project.dir, 'node_modules/.cache/egdocs/pages');
  // writeStore replaces a file by renaming a new one over it: a shard written again has a new inode.
  const inodes = async () =>
    new Map(
      await Promise.all(
        (await readdir(shards)).map(async (name) => [name, (await stat(path.join(shards, name))).ino] as const),
      ),
    );
  try {
    await build(project);
    const first = await inodes();
    assert.ok(first.size >= 2, `the pages are spread over shards: ${first.size}`);
    await build(project);
    assert.equal(await inodes(), first, 'nothing changed: no shard written');
    await project.write('content/docs/usage.md', '# Usage\n\nRun it twice.\n');
    await build(project);
    const rewritten = [...(await inodes())].filter(([name, ino]) => first.get(name) !== ino);
    assert.is(rewritten.length, 1, 'the shard of the edited page');
    assert.is(await rebuild(project), 0, 'and the store reads back whole');
  } finally {
    await project.remove();
  }
});

test('a page linking to a file that appears renders again; a reused page reports its problems again', async () => {
  const project = await tempProject({
    ...files,
    'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nRead [setup](./setup.md) and [the notes](./notes.md).\n',
  });
  try {
    const first = await build(project);
    const broken = (result: BuildResult) => result.diagnostics.filter((d) => d.message.includes('notes.md'));
    assert.is(broken(first).length, 1, 'the link to a missing file is reported');
    const again = await build(project);
    assert.is(again.rendered.pages, 0);
    assert.equal(snapshot(again).diagnostics, snapshot(first).diagnostics, 'the reused page reports it again');
    await project.write('content/docs/notes.md', '---\nunlisted: true\n---\n# Notes\n');
    const fixed = await build(project);
    assert.is(fixed.rendered.pages, 2, 'the new page, and intro, whose link now has a route');
    assert.is(broken(fixed).length, 0);
  } finally {
    await project.remove();
  }
});

test('files parsed by an earlier build come back with their problems, a front-matter error included', async () => {
  const project = await tempProject({ ...files, 'content/docs/blank.md': '' });
  const messages = (result: BuildResult) => snapshot(result).diagnostics;
  try {
    const first = await build(project);
    assert.ok(messages(first).some((line) => line.includes('the page is empty')));
    assert.equal(messages(await build(project)), messages(first));
    await project.write('content/docs/usage.md', '---\ntitle: [unclosed\n---\n# Usage\n');
    const failure = async () =>
      (await build(project).then(
        () => assert.unreachable('the build should stop'),
        (error: BuildFailed) => error.diagnostics,
      ))!.map(formatDiagnostic);
    const failed = await failure();
    assert.ok(
      failed.some((line) => line.startsWith('content/docs/usage.md:2')),
      failed.join('\n'),
    );
    assert.equal(await failure(), failed);
  } finally {
    await project.remove();
  }
});

test("an edit cuts the terms of the texts it changed only: the others' terms come from the last index", async () => {
  const project = await tempProject(files);
  const terms = path.join(project.dir, 'node_modules/.cache/egdocs/search-terms.json');
  const indexed = (result: BuildResult) =>
    result.files
      .filter((file) => file.path.startsWith('assets/search/'))
      .map((file) => Buffer.from(file.contents).toString())
      .join('\n');
  try {
    await build(project);
    // Kept terms changed by hand: an index that shows them was made from them.
    const saved = JSON.parse(await readFile(terms, 'utf8'));
    saved.value = saved.value.map(([key]: [string]) => [key, ['keptterm']]);
    await writeFile(terms, JSON.stringify(saved));
    await project.write('content/docs/usage.md', '# Usage\n\nRun the freshword command.\n');
    const after = indexed(await build(project));
    assert.match(after, 'keptterm');
    assert.match(after, 'freshword');
  } finally {
    await project.remove();
  }
});

test('building into another folder (-o) reuses the pages and the search index', async () => {
  const project = await tempProject(files);
  const into = (outDir: string) =>
    buildSiteFiles({
      config: validateConfig(
        { title: 'Test Docs', url: 'https://example.com', docs: { sidebars: { docs: ['intro', 'setup', 'usage'] } } },
        path.join(project.dir, 'site.config.ts'),
        { outDir },
      ),
    });
  try {
    const first = await into('build');
    const other = await into('public');
    assert.is(other.rendered.pages, 0, 'no page is rendered again');
    const index = (result: BuildResult) => result.files.filter((file) => file.path.startsWith('assets/search/'));
    assert.equal(index(other), index(first));
  } finally {
    await project.remove();
  }
});

test('a route whose page was changed or removed in the output folder is rendered again', async () => {
  const project = await tempProject(files);
  const page = (route: string) => path.join(project.dir, 'build', route, 'index.html');
  try {
    const first = await build(project);
    const setup = await readFile(page('docs/setup'), 'utf8');
    await writeFile(page('docs/setup'), setup.replace('Setup', 'Edited by hand'));
    await rm(page('docs/usage'));
    const again = await build(project);
    assert.is(again.rendered.routes, 2, 'the two routes whose files are not as the memo wrote them');
    assert.equal(snapshot(again), snapshot(first));
    assert.is(await readFile(page('docs/setup'), 'utf8'), setup);
    assert.is((await build(project)).rendered.routes, 0);
  } finally {
    await project.remove();
  }
});

test('stores left for later are written by saveStores, or when the build fails, and then reused', async () => {
  const project = await tempProject(files);
  const config = validateConfig(
    { title: 'Test Docs', url: 'https://example.com', docs: { sidebars: { docs: ['intro', 'setup', 'usage'] } } },
    path.join(project.dir, 'site.config.ts'),
  );
  const stores = path.join(project.dir, 'node_modules/.cache/egdocs');
  const exists = (name: string) =>
    stat(path.join(stores, name)).then(
      () => true,
      () => false,
    );
  try {
    const deferred = await buildSiteFiles({ config, deferStores: true, bundle: sharedBundle(config.baseUrl) });
    for (const name of ['pages', 'parsed.json', 'search.json', 'search-terms.json'])
      assert.not.ok(await exists(name), `${name} waits for saveStores`);
    await deferred.saveStores();
    for (const name of ['pages', 'parsed.json', 'search.json', 'search-terms.json'])
      assert.ok(await exists(name), `${name} written`);
    assert.is(
      (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) })).rendered.pages,
      0,
      'and read back by the next build',
    );

    // A build that fails after the markdown step keeps what it made, as one that writes its stores at once does.
    await rm(stores, { recursive: true });
    await project.write('content/docs/setup.md', '# Setup\n\n::include{file="_partials/missing.md"}\n');
    await buildSiteFiles({ config, deferStores: true, bundle: sharedBundle(config.baseUrl) }).then(
      () => assert.unreachable('the build should stop'),
      (error: BuildFailed) => assert.ok(error.diagnostics.some((d) => d.location?.file === 'content/docs/setup.md')),
    );
    assert.ok(await exists('pages'), 'the pages made before the failure are kept');
    await project.write('content/docs/setup.md', files['content/docs/setup.md']);
    assert.is(
      (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl) })).rendered.pages,
      1,
      'only the page that failed is rendered',
    );
  } finally {
    await project.remove();
  }
});

test.run();
