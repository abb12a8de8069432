// Links written in the config follow the base path: a project built with `--base-url` has no link left under the
// configured base, and `egdocs check` reports a config link that leads nowhere at its line in site.config.ts.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deadLinks } from '../crawl.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from './run.ts';

const test = suite('config links follow the base path');

const CONFIG = `import { defineConfig } from 'egdocs';
export default defineConfig({
  title: 'Mini',
  url: 'https://mini.dev',
  baseUrl: '/mini/',
  navbar: {
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' },
      { type: 'link', label: 'Blog', href: '/blog/' },
      { type: 'dropdown', label: 'More', items: [{ label: 'Setup', doc: 'setup' }, { label: 'GitHub', href: 'https://github.com/x/y' }] },
      { type: 'search', position: 'right' },
    ],
  },
  footer: {
    links: [
      { label: 'Docs', href: '/docs/' },
      { label: 'Setup', doc: 'setup' },
      { label: 'Feed', href: '/blog/rss.xml' },
    ],
    copyright: 'Copyright © 2025 Mini.',
  },
  announcementBar: { id: 'one', content: 'New: <a href="/docs/setup/#install">install steps</a>.' },
  docs: { sidebars: { docs: ['intro', 'setup'] } },
});
`;

const FILES: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\nSee [setup](./setup.md).\n',
  'content/docs/setup.md': '# Setup\n\n## Install\n\nSteps.\n',
  'content/blog/authors.yml': 'ann:\n  name: Ann Lee\n',
  'content/blog/2025-01-02-hello.md': '---\ntitle: Hello\nauthors: [ann]\n---\nHi.\n',
};

let p: TempProject;
let project: string;
const write = (rel: string, text: string) => p.write(rel, text);

test.before.each(async () => {
  p = await tempProject(FILES, 'egdocs-base-url-');
  project = p.dir;
});
test.after.each(() => p.remove());

test('a build for another base path has every link under that base, and none dead', async () => {
  const { code, stderr } = await egdocs(project, 'build', '--base-url', '/other/');
  assert.is(code, 0, stderr);
  assert.equal(await deadLinks(path.join(project, 'build'), '/other/'), []);
  const { code: atRoot } = await egdocs(project, 'build', '--base-url', '/', '-o', 'root-build');
  assert.is(atRoot, 0);
  assert.equal(await deadLinks(path.join(project, 'root-build'), '/'), []);
  const check = await egdocs(project, 'check');
  assert.is(check.code, 0, check.stdout);
});

test('a config link written with the base path is reported at its line, with the path to write', async () => {
  await write(
    'site.config.ts',
    CONFIG.replace("{ label: 'Docs', href: '/docs/' }", "{ label: 'Docs', href: '/mini/docs/setup/' }"),
  );
  const { code, stdout } = await egdocs(project, 'check');
  assert.is(code, 1);
  assert.ok(
    stdout.includes(
      "site.config.ts:16:30  footer.links[0]: link '/mini/docs/setup/' leads to /mini/mini/docs/setup/, which is no page of this site; did you mean /docs/setup/? (paths in the config leave out the base path /mini/)",
    ),
    stdout,
  );
});

test('a link to the site itself outside its base path, a dead doc anchor and an unknown doc id are each reported', async () => {
  await write(
    'site.config.ts',
    CONFIG.replace(
      "{ label: 'Feed', href: '/blog/rss.xml' }",
      "{ label: 'Old', href: 'https://mini.dev/elsewhere/' }",
    ).replace('/docs/setup/#install', '/docs/setup/#instal'),
  );
  const { code, stdout } = await egdocs(project, 'check');
  assert.is(code, 1);
  assert.ok(
    stdout.includes(
      "site.config.ts:18:29  footer.links[2]: link 'https://mini.dev/elsewhere/' points outside the site's base path /mini/; a page of this site is linked by its site path ('/docs/…'), which egdocs places under the base path",
    ),
    stdout,
  );
  assert.ok(
    stdout.includes(
      "site.config.ts:22:33  announcementBar.content: anchor '#instal' does not exist on /mini/docs/setup/; did you mean '#install'?",
    ),
    stdout,
  );
  await write(
    'site.config.ts',
    CONFIG.replace("{ label: 'Setup', doc: 'setup' },\n", "{ label: 'Setup', doc: 'stup' },\n"),
  );
  const build = await egdocs(project, 'build');
  assert.is(build.code, 1);
  assert.is(
    build.stderr.split('\n')[0],
    "error  site.config.ts:17:30  footer.links[1].doc: doc id 'stup' does not exist; did you mean 'setup'?",
  );
});

test.run();
