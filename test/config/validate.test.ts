import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { loadConfig, loadProjectConfig } from '../../src/config/load.ts';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tempProject } from '../project.ts';
import { testConfig, ROOT } from '../helpers.ts';
import path from 'node:path';

const test = suite('config validation');

function errorOf(user: Record<string, unknown>): string {
  try {
    validateConfig({ title: 'T', url: 'https://x.dev', ...user }, 'site.config.ts');
  } catch (error) {
    assert.instance(error, BuildFailed);
    return (error as Error).message;
  }
  throw new Error('expected a config error');
}

test('fills every default from SPEC.md', () => {
  const config = testConfig();
  assert.is(config.colorMode.defaultMode, 'dark');
  assert.equal(config.docs.toc, { minHeadingLevel: 2, maxHeadingLevel: 3 });
  assert.is(config.search.maxSuggestions, 8);
  assert.is(config.search.excerptLength, 50);
  assert.equal(config.search.bm25, { b: 0.75, k1: 1.2 });
  assert.is(config.client.progressBar.startDelay, 200);
  assert.is(config.client.desktopBreakpoint, 996);
  assert.is(config.docs.version.label, 'Next');
  // SPEC.md: "Last-update time is not shown on docs"; a project turns it on.
  assert.is(config.docs.showLastUpdateTime, false);
  assert.is(config.docs.showLastUpdateAuthor, false);
});

test('image zoom is off unless a project turns it on, with true or false', () => {
  assert.is(testConfig().imageZoom, false);
  assert.is(testConfig({ imageZoom: true }).imageZoom, true);
  assert.is(errorOf({ imageZoom: 'yes' }), 'site.config.ts  \'imageZoom\' must be a boolean, got "yes"');
});

test('normalises the base path to start and end with a slash', () => {
  assert.is(testConfig({ baseUrl: 'egrocer-documentation' }).baseUrl, '/egrocer-documentation/');
  assert.is(testConfig({ baseUrl: '/' }).baseUrl, '/');
});

test('an unknown key names the key and suggests the likely one', () => {
  assert.is(errorOf({ tagLine: 'x' }), "site.config.ts  unknown key 'tagLine'; did you mean 'tagline'?");
  assert.is(
    errorOf({ docs: { breadcrumb: true } }),
    "site.config.ts  unknown key 'docs.breadcrumb'; did you mean 'docs.breadcrumbs'?",
  );
});

test('a value of the wrong type is rejected with the key', () => {
  assert.match(errorOf({ search: { maxSuggestions: 'eight' } }), "'search.maxSuggestions' must be a number");
});

test('an unknown navbar item type suggests the right one', () => {
  assert.is(
    errorOf({ navbar: { items: [{ type: 'serach' }] } }),
    "site.config.ts  navbar.items[0].type 'serach' is not a navbar item type; did you mean 'search'?",
  );
});

test('a navbar item that cannot render names its missing field', () => {
  assert.is(
    errorOf({ navbar: { items: [{ type: 'docSidebar', label: 'Docs' }] } }),
    "site.config.ts  navbar.items[0] (docSidebar) cannot render without 'sidebarId'; add sidebarId: '...'",
  );
});

test('a dropdown needs a list of { label, href } or { label, doc } items', () => {
  assert.is(
    errorOf({ navbar: { items: [{ type: 'dropdown', label: 'Apps' }] } }),
    "site.config.ts  navbar.items[0] (dropdown) cannot render without 'items'; add items: [{ label: '...', href: '...' }]",
  );
  assert.is(
    errorOf({ navbar: { items: [{ type: 'dropdown', label: 'Apps', items: [{ label: 'x' }] }] } }),
    "site.config.ts  navbar.items[0].items[0] must be { label, href: '/docs/page/' } or { label, doc: 'doc-id' }",
  );
});

test('a second locale is refused: egdocs builds one language per site', () => {
  assert.match(
    errorOf({ locale: { default: 'en', locales: ['en', 'fr'] } }),
    "locale.locales must be ['en']: egdocs builds one language per site",
  );
});

test('title and url are required', () => {
  try {
    validateConfig({ url: 'https://x.dev' }, 'site.config.ts');
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'title is required');
  }
});

/** Every problem of a config, as printed, in key order. */
function problemsOf(user: Record<string, unknown>): string[] {
  try {
    validateConfig({ title: 'T', url: 'https://x.dev', ...user }, 'site.config.ts');
  } catch (error) {
    assert.instance(error, BuildFailed);
    return (error as BuildFailed).diagnostics.map(formatDiagnostic).sort();
  }
  throw new Error('expected a config error');
}

test('every problem in a config is reported at once, not only the first', () => {
  assert.equal(
    problemsOf({
      title: '',
      tagLine: 'x',
      blog: { postsPerPage: '10' },
      navbar: { items: [{ type: 'serach' }, { type: 'link', label: 'Blog' }] },
    }),
    [
      'site.config.ts  \'blog.postsPerPage\' must be a number, got "10"',
      "site.config.ts  navbar.items[0].type 'serach' is not a navbar item type; did you mean 'search'?",
      "site.config.ts  navbar.items[1] must be { label, href: '/docs/page/' } or { label, doc: 'doc-id' }",
      'site.config.ts  title is required and must be a non-empty string',
      "site.config.ts  unknown key 'tagLine'; did you mean 'tagline'?",
    ],
  );
});

test('a value outside its choices names them', () => {
  assert.equal(problemsOf({ colorMode: { defaultMode: 'blue' } }), [
    "site.config.ts  'colorMode.defaultMode' must be 'dark' or 'light', got \"blue\"",
  ]);
});

test('a key a navbar item, a link or a sidebar entry does not take is named, with the likely one', () => {
  assert.equal(
    problemsOf({
      navbar: { items: [{ type: 'docSidebar', sidebarID: 'docs', label: 'Docs' }] },
      footer: { links: [{ label: 'Docs', herf: '/docs/' }] },
      docs: { sidebars: { docs: [{ type: 'category', label: 'Guide', colapsed: false, items: ['intro'] }] } },
    }),
    [
      "site.config.ts  unknown key 'docs.sidebars.docs[0].colapsed'; did you mean 'docs.sidebars.docs[0].collapsed'?",
      "site.config.ts  unknown key 'footer.links[0].herf'; did you mean 'footer.links[0].href'?",
      "site.config.ts  unknown key 'navbar.items[0].sidebarID'; did you mean 'navbar.items[0].sidebarId'?",
    ],
  );
});

test('each problem of a config file is at its line and column, with the line shown', async () => {
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const os = await import('node:os');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-cfg-'));
  const source = [
    'export default {',
    "  title: 'T',",
    "  url: 'https://t.dev',",
    "  colorMode: { defaultMode: 'blue' },",
    '  blog: { postPerPage: 5 },',
    '};',
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'site.config.ts'), source);
  try {
    await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, BuildFailed);
    const { diagnostics } = error as BuildFailed;
    assert.equal(diagnostics.map(formatDiagnostic), [
      "site.config.ts:4:29  'colorMode.defaultMode' must be 'dark' or 'light', got \"blue\"",
      "site.config.ts:5:11  unknown key 'blog.postPerPage'; did you mean 'blog.postsPerPage'?",
    ]);
    assert.equal(diagnostics[1].frame, '5 |   blog: { postPerPage: 5 },\n  |           ^');
  }
});

test('loads the real site.config.ts with the values SPEC.md names', async () => {
  const config = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
  assert.is(config.title, 'eGrocer Documentation');
  assert.is(config.baseUrl, '/egrocer-documentation/');
  assert.is(config.siteVersion, '1.0.0');
  assert.match(config.footer.copyright, '2025');
  assert.is(config.locale.default, 'en');
});

test('a syntax error in site.config.ts names the file and line', async () => {
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const os = await import('node:os');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-cfg-'));
  await writeFile(path.join(dir, 'site.config.ts'), "export default {\n  title: 'x',\n  url: ,\n};\n");
  try {
    await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, /site\.config\.ts:3:\d+/);
  }
});

test('a compiled config is kept by a build and used until the config or a file it imports changes', async () => {
  const project = await tempProject({
    'site.config.ts': "import { title } from './title.ts';\nexport default { title, url: 'https://t.dev' };\n",
    'title.ts': "export const title = 'First';\n",
  });
  const load = async () => (await loadConfig({ configFile: path.join(project.dir, 'site.config.ts') })).title;
  const compiled = path.join(project.dir, 'node_modules/.cache/egdocs/config.mjs');
  try {
    const { config, keepCompiled } = await loadProjectConfig({ configFile: path.join(project.dir, 'site.config.ts') });
    assert.is(config.title, 'First');
    assert.not.ok(existsSync(compiled), 'loading alone writes nothing into the project');
    await keepCompiled();
    // What a load then imports is the kept module: changed by hand, it gives the changed title.
    await writeFile(compiled, (await readFile(compiled, 'utf8')).replace('First', 'Kept'));
    assert.is(await load(), 'Kept');
    await project.write('title.ts', "export const title = 'Second';\n");
    assert.is(await load(), 'Second', 'an imported file changed');
    await project.write('title.ts', "export const title = 'First';\n");
    await project.write('site.config.ts', "export default { title: 'Third', url: 'https://t.dev' };\n");
    assert.is(await load(), 'Third', 'the config changed');
  } finally {
    await project.remove();
  }
});

test('a kept config is checked against its files whatever the working folder was when it was compiled', async () => {
  const project = await tempProject({ 'site.config.ts': "export default { title: 'First', url: 'https://t.dev' };\n" });
  const configFile = path.join(project.dir, 'site.config.ts');
  const cwd = process.cwd();
  try {
    // esbuild starts in this folder; the config is then compiled from another one, as a server or the CLI run in a
    // test process may do.
    await loadConfig({ configFile });
    await project.write('deep/er/folder/.keep', '');
    process.chdir(path.join(project.dir, 'deep/er/folder'));
    await (await loadProjectConfig({ configFile })).keepCompiled();
    await project.write('site.config.ts', "export default { title: 'Second', url: 'https://t.dev' };\n");
    assert.is((await loadConfig({ configFile })).title, 'Second');
  } finally {
    process.chdir(cwd);
    await project.remove();
  }
});

test.run();
