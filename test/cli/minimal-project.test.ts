// A new project with the least a config can say: the defaults must give a complete site with no dead link, and
// `check` must see the links the layout adds, not only those in pages.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deadLinks } from '../crawl.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from './run.ts';

const test = suite('a minimal project');

const BARE = `import { defineConfig } from 'egdocs';
export default defineConfig({ title: 'Tiny', url: 'https://tiny.dev' });
`;

let p: TempProject;
let project: string;
const write = (rel: string, text: string) => p.write(rel, text);
const read = (rel: string) => p.read(path.join('build', rel));

test.before.each(async () => {
  p = await tempProject(
    {
      'site.config.ts': BARE,
      'content/docs/intro.md': '# Intro\n\nStart with [setup](./setup.md).\n',
      'content/docs/setup.md': '# Setup\n\nSteps.\n',
    },
    'egdocs-minimal-',
  );
  project = p.dir;
});
test.after.each(() => p.remove());

test('docs alone build into a complete site: no dead link, a way in from /, search in the navbar, no empty footer', async () => {
  const { code, stderr } = await egdocs(project, 'build');
  assert.is(code, 0, stderr);
  assert.equal(await deadLinks(path.join(project, 'build'), '/'), []);
  // The base path and the docs path lead to the first doc.
  assert.match(await read('index.html'), /http-equiv="refresh" content="0; url=\/docs\/intro\/"/);
  assert.match(await read('docs/index.html'), /http-equiv="refresh" content="0; url=\/docs\/intro\/"/);
  const page = await read('docs/intro/index.html');
  assert.match(page, /<input[^>]*placeholder="Search"/, 'a search box in the navbar');
  assert.match(
    page,
    /<a class="navbar-link[^"]*" href="\/docs\/intro\/"[^>]*>Docs<\/a>/,
    'a link to the docs in the navbar',
  );
  assert.not.match(page, /<footer/, 'no footer without links or a copyright line');
  assert.not.match(page, /rss\+xml|atom\+xml/, 'no feed links without a blog');
  assert.match(await read('404.html'), /<a href="\/docs\/intro\/">documentation<\/a>/);
  const check = await egdocs(project, 'check');
  assert.is(check.code, 0, check.stdout);
  assert.match(check.stdout, /No broken links, anchors or images\./);
});

test('with a blog, the navbar links it and every page points at feeds that exist', async () => {
  await write('content/blog/authors.yml', 'ann:\n  name: Ann Lee\n');
  await write('content/blog/2025-01-02-hello.md', '---\ntitle: Hello\nauthors: [ann]\n---\nHi.\n');
  assert.is((await egdocs(project, 'build')).code, 0);
  assert.equal(await deadLinks(path.join(project, 'build'), '/'), []);
  const page = await read('docs/intro/index.html');
  assert.match(page, /<link rel="alternate" type="application\/rss\+xml" href="\/blog\/rss\.xml"/);
  assert.match(page, /<a class="navbar-link[^"]*" href="\/blog\/"[^>]*>Blog<\/a>/);
});

test('a site without docs gets a home page at its base path', async () => {
  await rm(path.join(project, 'content/docs'), { recursive: true });
  await write('content/pages/about.md', '# About\n\nUs.\n');
  assert.is((await egdocs(project, 'build')).code, 0);
  assert.equal(await deadLinks(path.join(project, 'build'), '/'), []);
  assert.match(await read('index.html'), /<h1 class="hero-title">Tiny<\/h1>/);
});

test('check reports a dead link the layout adds, at its line in the config', async () => {
  await write(
    'site.config.ts',
    BARE.replace(
      "url: 'https://tiny.dev' }",
      "url: 'https://tiny.dev',\n  footer: { links: [{ label: 'Help', href: '/docs/help/' }] } }",
    ),
  );
  const { code, stdout } = await egdocs(project, 'check');
  assert.is(code, 1);
  assert.ok(
    stdout.includes(
      "site.config.ts:3:44  footer.links[0]: link '/docs/help/' leads to /docs/help/, which is no page of this site",
    ),
    stdout,
  );
});

test.run();
