// Front matter a writer got wrong: each is an error at the line (and column) to fix, saying what to do, and the
// other pages still parse, so every mistake shows in one build. A key egdocs does not read is left alone, unless it
// is likely a misspelling of one it reads: then it is a warning that names that key.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, success } from './report.ts';

const test = suite('bad input: front matter that is not valid YAML');

const page = (frontMatter: string) => ({
  'docs/intro.md': '# Intro\n',
  'docs/page.md': `---\n${frontMatter}---\n# Page\n`,
});

test('a key indented under one that already has a value is an error at the indented key', async () => {
  assert.equal(await failure(page('title: Setup\n  description: Install the panel\n')), [
    "error  content/docs/page.md:3:3  invalid front matter: 'description' is indented under 'title', which already has a value; start 'description:' in the same column as 'title:'",
  ]);
  assert.equal(await failure(page('sidebar:\n  label: Setup\n   position: 2\n')), [
    "error  content/docs/page.md:4:4  invalid front matter: 'position' is indented under 'label', which already has a value; start 'position:' in the same column as 'label:'",
  ]);
});

test('keys of one mapping that do not line up are an error at the one out of line', async () => {
  assert.equal(await failure(page('hero:\n  title: Shop\n tagline: Fresh\n')), [
    'error  content/docs/page.md:4:1  invalid front matter: All mapping items must start at the same column; indent every key of one block by the same number of spaces',
  ]);
});

test('an unclosed quote is an error where the quote opens, not where the parser gave up', async () => {
  assert.equal(await failure(page('title: "Setup\ndescription: Install\n')), [
    'error  content/docs/page.md:2:8  invalid front matter: the quote " opened here is never closed; end the value with " on the same line',
  ]);
  assert.equal(await failure(page("sidebar_label: 'Setup\n")), [
    "error  content/docs/page.md:2:16  invalid front matter: the quote ' opened here is never closed; end the value with ' on the same line",
  ]);
});

test('text after a closing quote (an apostrophe inside single quotes) says how to write it', async () => {
  assert.equal(await failure(page("title: 'It's ready'\n")), [
    `error  content/docs/page.md:2:11  invalid front matter: this quote ends the value, but the line goes on; write an apostrophe inside '...' as '', or quote the value with "..."`,
  ]);
  assert.equal(await failure(page('title: "Say "hi" first"\n')), [
    `error  content/docs/page.md:2:13  invalid front matter: this quote ends the value, but the line goes on; write a quote inside "..." as \\", or quote the value with '...'`,
  ]);
});

test('an unclosed [ or { is an error where it opens', async () => {
  assert.equal(await failure(page('title: Setup\ntags: [install, panel\ndescription: x\n')), [
    'error  content/docs/page.md:3:7  invalid front matter: the [ list opened here is never closed; end it with ] on the same line',
  ]);
  assert.equal(await failure(page('hero: { title: Shop\n')), [
    'error  content/docs/page.md:2:7  invalid front matter: the { mapping opened here is never closed; end it with } on the same line',
  ]);
  assert.equal(await failure(page('tags: [install, [panel]\nlinks: [a]\n')), [
    'error  content/docs/page.md:2:7  invalid front matter: the [ list opened here is never closed; end it with ] on the same line',
  ]);
});

test('a list closed on a later line that is not indented says so', async () => {
  assert.equal(await failure(page('tags: [install,\npanel]\n')), [
    'error  content/docs/page.md:2:7  invalid front matter: the [ list that starts here goes on over lines that are not indented; keep it on one line, or indent the lines after the first',
  ]);
});

test('a tab used for indentation is an error on its line', async () => {
  assert.equal(await failure(page('hero:\n\ttitle: Shop\n')), [
    'error  content/docs/page.md:3:1  invalid front matter: this line is indented with a tab, which YAML does not allow; indent with spaces',
  ]);
});

test('a tab between a key and its value is fine', async () => {
  const { result, printed } = await success(page('title:\tSetup\n'));
  assert.equal(printed, []);
  assert.is(result.site.pages.find((p) => p.source.file === 'content/docs/page.md')?.title, 'Setup');
});

test("a value with ': ' in it, unquoted, is an error at the value with the fix", async () => {
  assert.equal(await failure(page('title: Step 1: install the panel\n')), [
    "error  content/docs/page.md:2:8  invalid front matter: Nested mappings are not allowed in compact mappings; put the value in quotes when it contains ': '",
  ]);
});

test('front matter that is a list, or a bare line, is an error saying what it must be', async () => {
  const expected = [
    "error  content/docs/page.md:2:1  front matter must be a YAML mapping (key: value lines); write one 'key: value' per line, with a space after the colon",
  ];
  assert.equal(await failure(page('- install\n- panel\n')), expected);
  assert.equal(await failure(page('title:Setup\n')), expected);
});

test('a line that is not key: value among keys is an error on that line', async () => {
  assert.equal(await failure(page('title: Setup\n- panel\n')), [
    "error  content/docs/page.md:3:1  invalid front matter: '- panel' is not a 'key: value' line; write one 'key: value' per line, with list items ('- x') indented under their key",
  ]);
});

test('a key written twice is an error at the second, naming the first', async () => {
  assert.equal(await failure(page('title: Setup\ndescription: x\ntitle: Install\n')), [
    "error  content/docs/page.md:4:1  invalid front matter: 'title' is set twice (also on line 2); remove one of them",
  ]);
});

test('a value starting with a reserved character says to quote it', async () => {
  assert.equal(await failure(page('title: `egdocs` setup\n')), [
    'error  content/docs/page.md:2:8  invalid front matter: Plain value cannot start with reserved character `; put the value in quotes',
  ]);
});

test('front matter that never ends is an error at its opening line', async () => {
  assert.equal(await failure({ 'docs/page.md': '---\ntitle: Setup\n\n# Setup\n' }), [
    'error  content/docs/page.md:1:1  front matter starts with --- but never ends; add a closing --- line',
  ]);
});

test('Windows line endings give the same lines and columns', async () => {
  assert.equal(await failure({ 'docs/page.md': '---\r\ntitle: Setup\r\ntags: [a, b\r\n---\r\n# Setup\r\n' }), [
    'error  content/docs/page.md:3:7  invalid front matter: the [ list opened here is never closed; end it with ] on the same line',
  ]);
});

test('every file with bad front matter is reported in one build', async () => {
  const files = { 'docs/a.md': '---\ntitle: "A\n---\n', 'docs/b.md': '---\n\tx: 1\n---\n', 'docs/c.md': '# Fine\n' };
  assert.equal(await failure(files), [
    'error  content/docs/a.md:2:8  invalid front matter: the quote " opened here is never closed; end the value with " on the same line',
    'error  content/docs/b.md:2:1  invalid front matter: this line is indented with a tab, which YAML does not allow; indent with spaces',
  ]);
});

test.run();

const keys = suite('bad input: front matter keys and values egdocs reads');

keys('a misspelt key is a warning at its line naming the key meant, and the page builds without it', async () => {
  const { result, printed } = await success({
    'docs/intro.md': '# Intro\n',
    'docs/page.md': '---\ntitel: Setup\nsidebar_positon: 2\nTags: [setup]\n---\n# Page\n',
  });
  assert.equal(printed, [
    "warning  content/docs/page.md:2:1  egdocs does not read 'titel'; did you mean 'title'?",
    "warning  content/docs/page.md:3:1  egdocs does not read 'sidebar_positon'; did you mean 'sidebar_position'?",
    "warning  content/docs/page.md:4:1  egdocs does not read 'Tags'; did you mean 'tags'?",
  ]);
  const page = result.site.pages.find((p) => p.source.file === 'content/docs/page.md')!;
  assert.is(page.title, 'Page');
  assert.equal(page.source.frontMatter, {});
});

keys("other generators' keys egdocs does not read build quietly", async () => {
  const { printed } = await success({
    'docs/intro.md': '# Intro\n',
    'docs/page.md': '---\ntitle: Page\nweight: 3\ndate: 2025-01-31\npermalink: /page/\n---\n# Page\n',
    'blog/2025-01-31-post.md': '---\ntitle: Post\nsidebar_position: 1\nunlisted: true\n---\nText.\n',
  });
  assert.equal(printed, []);
});

keys("Docusaurus's keys egdocs does not read are warnings at their line, with what to do instead", async () => {
  const { printed } = await success({
    'docs/intro.md': '# Intro\n',
    'docs/page.md': '---\ntitle: Page\ndisplayed_sidebar: docs\ncustom_edit_url: null\nhide_title: true\n---\n# Page\n',
  });
  assert.equal(printed, [
    "warning  content/docs/page.md:3:1  egdocs does not read 'displayed_sidebar'; a doc shows the sidebar that lists it: list it in that sidebar in docs.sidebars",
    "warning  content/docs/page.md:4:1  egdocs does not read 'custom_edit_url'; the edit link is docs.editUrl in the config, the same for every doc; remove the key",
    "warning  content/docs/page.md:5:1  egdocs does not read 'hide_title'; every page shows its title; remove the key",
  ]);
});

keys(
  'a misspelt key of a kind of page is known by that kind: a blog post warns of author, a doc does not',
  async () => {
    const { printed } = await success({
      'docs/intro.md': '---\nauthor: Ann\n---\n# Intro\n',
      'blog/authors.yml': 'ann:\n  name: Ann\n',
      'blog/2025-01-31-post.md': '---\ntitle: Post\nauthor: ann\n---\nText.\n',
    });
    assert.equal(printed, [
      "warning  content/blog/2025-01-31-post.md:3:1  egdocs does not read 'author'; did you mean 'authors'?",
    ]);
  },
);

keys('a value of the wrong type is an error at its line, beside the warnings of the same page', async () => {
  assert.equal(await failure(page('titel: Setup\nsidebar_position: first\n')), [
    "warning  content/docs/page.md:2:1  egdocs does not read 'titel'; did you mean 'title'?",
    "error  content/docs/page.md:3:1  front matter 'sidebar_position' must be a number; write sidebar_position: 2 (lower numbers come first)",
  ]);
});

keys('pagination_next must be a doc id or null, and is written as Docusaurus writes it', async () => {
  assert.equal(await failure(page('pagination_next: [a, b]\n')), [
    'error  content/docs/page.md:2:1  front matter \'pagination_next\' must be a doc id or null, got ["a","b"]; write pagination_next: guide/setup (the doc\'s id), or pagination_next: null for no link',
  ]);
});

keys("the home page's hero and cards are checked where they are written, a misspelt key in them too", async () => {
  const home = (frontMatter: string) => ({
    'docs/a.md': '# A\n',
    'pages/index.md': `---\nlayout: home\n${frontMatter}---\n`,
  });
  assert.equal(
    await failure(
      home('cards:\n  - { title: A, text: a, href: /docs/a/ }\n  - { title: B, txt: b, href: /docs/a/ }\n'),
    ),
    [
      "error  content/pages/index.md:5:5  front matter 'cards[1]' must be { title, text, href }; write - { title: Setup, text: Install the panel, href: /docs/setup/ }",
      "warning  content/pages/index.md:5:17  egdocs does not read 'cards[1].txt'; did you mean 'cards[1].text'?",
    ],
  );
  // A card without an href once stopped the build with "Cannot read properties of undefined".
  assert.equal(await failure(home('cards:\n  - { title: A, text: a }\n')), [
    "error  content/pages/index.md:4:5  front matter 'cards[0]' must be { title, text, href }; write - { title: Setup, text: Install the panel, href: /docs/setup/ }",
  ]);
  assert.equal(await failure(home('hero:\n  title: Shop\n  cta: Start\n')), [
    "error  content/pages/index.md:3:1  front matter 'hero' must be { title, tagline, cta: { label, href } } (each may be left out); write hero: { title: Shop, tagline: Fresh food, cta: { label: Start, href: /docs/ } }",
  ]);
  // A page that is not the home page does not read them.
  const { printed } = await success({
    'docs/a.md': '# A\n',
    'pages/about.md': '---\nhero: 3\ncards: x\n---\n# About\n',
  });
  assert.equal(printed, []);
});

keys.run();
