// YAML aliases that multiply (a "billion laughs": each line repeats the list above it nine times, so a few lines
// stand for billions of values). The yaml package refuses to expand them with an error that names no file; egdocs
// says which file, and the line where aliases start copying aliases, in front matter, `_category_.yml` and the
// blog's registries alike. A few aliases still work.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, success } from './report.ts';

const test = suite('bad input: YAML aliases that multiply past the limit');

/** `levels` lines, each a list of nine aliases of the line above: 9 ** levels values from a few bytes. */
function bomb(levels: number, indent = ''): string {
  const lines = [`${indent}l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let i = 1; i < levels; i++)
    lines.push(
      `${indent}l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

const HINT = 'write the values out, or copy fewer with aliases (*name) of anchors that hold aliases themselves';

test('in front matter, an error at the first alias of an alias, not a stack trace', async () => {
  assert.equal(
    await failure({ 'docs/intro.md': '# Intro\n', 'docs/page.md': `---\ntitle: Page\n${bomb(6)}---\n# Page\n` }),
    [
      `error  content/docs/page.md:5:10  invalid front matter: too many aliases: copying what they name would make more than 100 copies (a YAML alias bomb); ${HINT}`,
    ],
  );
});

test("in a folder's _category_.yml, an error at its line", async () => {
  const files = { 'docs/intro.md': '# Intro\n', 'docs/guide/a.md': '# A\n', 'docs/guide/_category_.yml': bomb(6) };
  assert.equal(await failure(files), [
    `error  content/docs/guide/_category_.yml:3:10  invalid YAML: too many aliases: copying what they name would make more than 100 copies (a YAML alias bomb); ${HINT}`,
  ]);
});

test('in the blog’s authors.yml and tags.yml, an error at its line', async () => {
  const post = '---\ntitle: Hi\n---\nText.\n';
  const registry = `ann:\n  name: Ann\n  more:\n${bomb(6, '    ')}`;
  for (const file of ['authors.yml', 'tags.yml'])
    assert.equal(await failure({ [`blog/${file}`]: registry, 'blog/2025-01-01-hi.md': post }), [
      `error  content/blog/${file}:6:14  invalid YAML: too many aliases: copying what they name would make more than 100 copies (a YAML alias bomb); ${HINT}`,
    ]);
});

test('a few aliases are read as the values they copy', async () => {
  const { result, printed } = await success({
    'docs/page.md': '---\ntitle: &name Shared\nsidebar_label: *name\nkeywords: &k [a, b]\n---\n# Page\n',
  });
  assert.equal(printed, []);
  assert.is(result.site.docs[0].sidebarLabel, 'Shared');
});

test.run();
