// MDX left in a page brought from Docusaurus (plugins/mdx.ts): `import`/`export` blocks, JSX tags and `{/* */}`
// comments are warnings at their places with what to write instead, and none of them is published as text.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const test = suite('MDX in a page');

const FENCE = '```';
const HINT_IMPORT =
  "egdocs imports no components: write tabs as ':::tabs', notes as admonitions (':::tip'), collapsible sections as ':::details', and text shared by pages with '::include{file=\"…\"}'";
const HINT_TABS =
  "write tabs as ':::tabs', with a line '::tab Label' starting each tab, and a line ':::' after the last";
const HINT_TAG =
  "write it in markdown: tabs as ':::tabs', notes as admonitions (':::tip'), collapsible sections as ':::details', text shared by pages with '::include{file=\"…\"}'; to show the tag as text, put it in `code`";

test('import and export blocks at the top level are left out of the page, each a warning at its first line', async () => {
  const { page, warnings } = await renderPage(
    [
      '---',
      'title: Install',
      '---',
      "import Tabs from '@theme/Tabs';",
      'import {',
      '  Highlight,',
      "} from '@site/src/components';",
      '',
      'Text.',
      '',
      "export const meta = { since: '2.0' };",
      '',
      'export PATH=/usr/local/bin is shell, not MDX.',
      '',
    ].join('\n'),
  );
  assert.is(page.html, '<p>Text.</p>\n<p>export PATH=/usr/local/bin is shell, not MDX.</p>\n');
  assert.equal(warnings, [
    `content/docs/page.md:4:1  MDX is not supported: 'import Tabs from '@theme/Tabs';' is left out of the page; ${HINT_IMPORT}`,
    "content/docs/page.md:11:1  MDX is not supported: 'export const meta = { since: '2.0' };' is left out of the page; egdocs pages export nothing: put the page's data in its front matter",
  ]);
});

test('JSX tags are left out and the text inside them stays, each opening or self-closing tag a warning', async () => {
  const { page, warnings } = await renderPage(
    [
      '<Tabs groupId="os" values={[{ label: "A", value: "a" }]}>',
      '<TabItem value="a" label="Android">',
      '',
      'Open **Android Studio**.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'A <Badge text="new" /> feature.',
      '',
      '- In a list: <Highlight color="red">red</Highlight>.',
      '',
    ].join('\n'),
  );
  assert.is(
    page.html,
    '<p>Open <strong>Android Studio</strong>.</p>\n<p>A  feature.</p>\n<ul>\n<li>In a list: red.</li>\n</ul>\n',
  );
  assert.equal(warnings, [
    `content/docs/page.md:1:1  MDX is not supported: '<Tabs groupId="os" values={[{ label: "A", value: "a" }]}>' is a JSX tag, which egdocs leaves out (the text inside it stays); ${HINT_TABS}`,
    `content/docs/page.md:2:1  MDX is not supported: '<TabItem value="a" label="Android">' is a JSX tag, which egdocs leaves out (the text inside it stays); ${HINT_TABS}`,
    `content/docs/page.md:9:3  MDX is not supported: '<Badge text="new" />' is a JSX tag, which egdocs leaves out; ${HINT_TAG}`,
    `content/docs/page.md:11:14  MDX is not supported: '<Highlight color="red">' is a JSX tag, which egdocs leaves out (the text inside it stays); ${HINT_TAG}`,
  ]);
});

test('{/* */} comments are left out, truncate with its own hint; one never closed is a warning', async () => {
  const { page, warnings } = await renderPage(
    'Summary.\n\n{/* truncate */}\n\nText {/* a note\nover two lines */} here.\n\nOpen {/* never closed.\n',
  );
  assert.is(page.html, '<p>Summary.</p>\n<p>Text  here.</p>\n<p>Open {/* never closed.</p>\n');
  assert.equal(warnings, [
    "content/docs/page.md:3:1  MDX is not supported: the comment '{/* truncate */}' is left out of the page; write '<!-- truncate -->' on a line of its own to end a blog post's excerpt",
    "content/docs/page.md:5:6  MDX is not supported: the comment '{/* a note over two lines */}' is left out of the page; write an HTML comment '<!-- … -->', which the page leaves out too",
    "content/docs/page.md:8:6  MDX is not supported: '{/*' opens a comment that is never closed in its paragraph, so it shows as text; close it with '*/}', or write an HTML comment '<!-- … -->', which the page leaves out too",
  ]);
});

test('code is code: MDX in fences, in inline code, escaped, or not at the top level gives no warning', async () => {
  const { page, warnings } = await renderPage(
    [
      `${FENCE}mdx`,
      "import Tabs from '@theme/Tabs';",
      '<Tabs>{/* x */}</Tabs>',
      FENCE,
      '',
      'Write `<TabItem value="a">` or `{/* note */}`, escape \\<Foo>, compare a < B.',
      '',
      "- import Tabs from '@theme/Tabs';",
      '',
      '> export const x = 1;',
      '',
    ].join('\n'),
  );
  assert.equal(warnings, []);
  assert.match(page.html, '&lt;TabItem value=&quot;a&quot;&gt;');
  assert.match(page.html, "<li>import Tabs from '@theme/Tabs';</li>");
  assert.match(page.html, '<p>export const x = 1;</p>');
});

test('the markdown copy leaves out what the page leaves out', async () => {
  const result = await buildFromMap({
    'docs/intro.md': [
      "import Tabs from '@theme/Tabs';",
      '',
      '# Intro',
      '',
      '{/* A comment. */}',
      '',
      '<Tabs>',
      '  <TabItem value="a">',
      '',
      'Text with <Badge /> inside.',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
    ].join('\n'),
  });
  assert.is(fileText(result, 'docs/intro/index.md'), '# Intro\n\nText with  inside.\n');
});

test.run();
