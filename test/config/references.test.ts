// The config's references to the content, checked once the docs are known: doc ids in sidebars, navbar and footer
// links, and the sidebar a docs navbar item opens. Every one is reported, not only the first.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkReferences } from '../../src/config/references.ts';
import { Diagnostics, formatDiagnostic } from '../../src/diagnostics.ts';
import { testConfig } from '../helpers.ts';

const test = suite('config references to docs and sidebars');

const DOCS = ['intro', 'guide/install', 'guide/upgrade'];

/** The problems of a config against DOCS, as printed, severity first. */
function problems(user: Record<string, unknown>, docIds = DOCS): string[] {
  const diagnostics = new Diagnostics();
  checkReferences(testConfig(user), docIds, diagnostics);
  return diagnostics.items.map((d) => `${d.severity}  ${formatDiagnostic(d)}`);
}

test('a config whose ids all exist has nothing to report', () => {
  assert.equal(
    problems({
      navbar: {
        items: [
          { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' },
          { type: 'dropdown', label: 'More', items: [{ label: 'Install', doc: 'guide/install' }] },
        ],
      },
      footer: { links: [{ label: 'Intro', doc: 'intro' }] },
      docs: {
        sidebars: {
          docs: ['intro', { type: 'category', label: 'Guide', link: 'guide/install', items: ['guide/upgrade'] }],
        },
      },
    }),
    [],
  );
});

test('every doc id that does not exist is reported, in sidebars and links alike', () => {
  assert.equal(
    problems({
      navbar: {
        items: [
          { type: 'link', label: 'Setup', doc: 'guide/instal' },
          { type: 'dropdown', label: 'More', items: [{ label: 'Billing', doc: 'billing' }] },
        ],
      },
      footer: { links: [{ label: 'Intro', doc: 'intr' }] },
      docs: {
        sidebars: {
          docs: ['intro', 'guide/upgrad', { type: 'category', label: 'Guide', link: 'guide/indx', items: ['nope'] }],
        },
      },
    }),
    [
      "error  site.config.ts  docs.sidebars.docs[1]: doc id 'guide/upgrad' does not exist; did you mean 'guide/upgrade'?",
      "error  site.config.ts  docs.sidebars.docs[2]: category 'Guide' links to doc id 'guide/indx', which does not exist; add the page under content/docs or remove the link",
      "error  site.config.ts  docs.sidebars.docs[2].items[0]: doc id 'nope' does not exist; add the page under content/docs or remove the entry",
      "error  site.config.ts  navbar.items[0].doc: doc id 'guide/instal' does not exist; did you mean 'guide/install'?",
      "error  site.config.ts  navbar.items[1].items[0].doc: doc id 'billing' does not exist; use the id of a page under content/docs (its path without .md)",
      "error  site.config.ts  footer.links[0].doc: doc id 'intr' does not exist; did you mean 'intro'?",
    ],
  );
});

test('a docs navbar item opens a sidebar that exists and has a doc', () => {
  assert.equal(
    problems({
      navbar: {
        items: [
          { type: 'docSidebar', sidebarId: 'guide', label: 'Guide' },
          { type: 'docSidebar', sidebarId: 'empty', label: 'Empty' },
        ],
      },
      docs: { sidebars: { docs: ['intro'], empty: [] } },
    }),
    [
      "error  site.config.ts  navbar.items[0]: sidebar 'guide' does not exist; use one of: docs, empty",
      "error  site.config.ts  navbar.items[1]: sidebar 'empty' has no doc to link to; add a doc to the sidebar",
    ],
  );
});

test('without sidebars in the config, the one made of the docs is the one a navbar item can open', () => {
  const navbar = { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] };
  assert.equal(problems({ navbar }), []);
  assert.equal(problems({ navbar }, []), [
    "error  site.config.ts  navbar.items[0]: sidebar 'docs' does not exist; use one of: (no sidebars defined)",
  ]);
});

test('without navbar items, the default navbar opens the first sidebar, which must have a doc', () => {
  assert.equal(problems({ docs: { sidebars: { docs: [] } } }), [
    "error  site.config.ts  navbar.items[0]: sidebar 'docs' has no doc to link to; add a doc to the sidebar",
  ]);
});

test('a doc listed twice in one sidebar is a warning naming the first place', () => {
  assert.equal(
    problems({ docs: { sidebars: { docs: ['intro', { type: 'category', label: 'More', items: ['intro'] }] } } }),
    [
      "warning  site.config.ts  docs.sidebars.docs[1].items[0]: doc 'intro' is listed twice in sidebar 'docs' (first at docs.sidebars.docs[0]); previous/next links follow the first; remove one of the entries",
    ],
  );
});

test.run();
