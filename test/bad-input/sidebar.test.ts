// Sidebar entries in site.config.ts that do not add up: a doc id that does not exist (or a category linking to one)
// and a category inside itself stop the build with the key path; a doc listed twice builds, with a warning.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, success } from './report.ts';

const test = suite('bad input: sidebar entries that name missing docs or repeat themselves');

const docs = {
  'docs/intro.md': '# Intro\n',
  'docs/guide/install.md': '# Install\n',
  'docs/guide/upgrade.md': '# Upgrade\n',
};
const sidebar = (...items: unknown[]) => ({ docs: { sidebars: { docs: items } } });

test('a doc id that does not exist is a config error with the closest id', async () => {
  assert.equal(await failure(docs, sidebar('intro', { type: 'category', label: 'Guide', items: ['guide/instal'] })), [
    "error  site.config.ts  docs.sidebars.docs[1].items[0]: doc id 'guide/instal' does not exist; did you mean 'guide/install'?",
  ]);
});

test('every doc id that does not exist is reported at once, not only the first', async () => {
  assert.equal(await failure(docs, sidebar('intro', 'guide/instal', 'guide/upgrde')), [
    "error  site.config.ts  docs.sidebars.docs[1]: doc id 'guide/instal' does not exist; did you mean 'guide/install'?",
    "error  site.config.ts  docs.sidebars.docs[2]: doc id 'guide/upgrde' does not exist; did you mean 'guide/upgrade'?",
  ]);
});

test('a category without items and an entry of no known type are both refused with the config', async () => {
  assert.equal(
    await failure(docs, sidebar({ type: 'category', label: 'Guide', items: [] }, { type: 'page', id: 'intro' })),
    [
      "error  site.config.ts  docs.sidebars.docs[0]: category 'Guide' has no items; list at least one doc id in items",
      "error  site.config.ts  docs.sidebars.docs[1]: unknown sidebar item type 'page'; use 'doc', 'link' or 'category'",
    ],
  );
});

test('a doc id written as a file name finds the doc', async () => {
  assert.equal(await failure(docs, sidebar('intro.md')), [
    "error  site.config.ts  docs.sidebars.docs[0]: doc id 'intro.md' does not exist; did you mean 'intro'?",
  ]);
});

test('a doc id with nothing close says what to do', async () => {
  assert.equal(await failure(docs, sidebar('intro', 'billing')), [
    "error  site.config.ts  docs.sidebars.docs[1]: doc id 'billing' does not exist; add the page under content/docs or remove the entry",
  ]);
});

test("a category's link to a doc that does not exist is a config error, not a category silently without a page", async () => {
  assert.equal(
    await failure(docs, sidebar({ type: 'category', label: 'Guide', link: 'guide/indx', items: ['guide/install'] })),
    [
      "error  site.config.ts  docs.sidebars.docs[0]: category 'Guide' links to doc id 'guide/indx', which does not exist; add the page under content/docs or remove the link",
    ],
  );
  assert.equal(
    await failure(docs, sidebar({ type: 'category', label: 'Guide', link: 'guide/instal', items: ['guide/install'] })),
    [
      "error  site.config.ts  docs.sidebars.docs[0]: category 'Guide' links to doc id 'guide/instal', which does not exist; did you mean 'guide/install'?",
    ],
  );
});

test('a doc listed twice in one sidebar is a warning naming both places; previous/next follow the first', async () => {
  const { result, printed } = await success(
    docs,
    sidebar('intro', 'guide/install', { type: 'category', label: 'More', items: ['guide/upgrade', 'intro'] }),
  );
  assert.equal(printed, [
    "warning  site.config.ts  docs.sidebars.docs[2].items[1]: doc 'intro' is listed twice in sidebar 'docs' (first at docs.sidebars.docs[0]); previous/next links follow the first; remove one of the entries",
  ]);
  const intro = result.site.routes.find((route) => route.path === '/base/docs/intro/')?.data;
  assert.ok(intro?.kind === 'doc');
  assert.equal([intro.previous, intro.next], [undefined, { label: 'Install', href: '/base/docs/guide/install/' }]);
});

test('a category that contains itself is a config error, not a stack overflow', async () => {
  const loop: { type: 'category'; label: string; items: unknown[] } = {
    type: 'category',
    label: 'Guide',
    items: ['guide/install'],
  };
  loop.items.push({ type: 'category', label: 'Deeper', items: [loop] });
  assert.equal(await failure(docs, sidebar('intro', loop)), [
    "error  site.config.ts  docs.sidebars.docs[1].items[1].items[0]: category 'Guide' contains itself; remove it from its own items",
  ]);
});

test('the same category object used in two places is not a loop', async () => {
  const shared = { type: 'category', label: 'Guide', items: ['guide/install'] };
  const { printed } = await success(docs, { docs: { sidebars: { docs: ['intro', shared], other: [shared] } } });
  assert.equal(printed, []);
});

test.run();
