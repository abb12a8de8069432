import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isMap, isScalar, parseDocument } from 'yaml';
import { readYamlSubset } from '../../src/content/yaml-subset.ts';

const test = suite('front matter subset');

/** What the yaml package makes of `text`, in the subset reader's shape; undefined when it reports an error. */
function byPackage(text: string) {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents))
    for (const pair of doc.contents.items)
      if (isScalar(pair.key) && pair.key.range)
        keyLines[String(pair.key.value)] = text.slice(0, pair.key.range[0]).split('\n').length;
  return { values: doc.toJS() ?? {}, keyLines };
}

test('reads the shapes front matter is usually written in', () => {
  const text = [
    'title: Install the admin panel',
    'description: Upload, unzip, and run the installer.',
    'sidebar_position: 3',
    'tags: [installation, php, laravel]',
    'draft: false',
    "sidebar_label: 'Admin panel: install'",
    'slug: "/admin-panel/install"',
    '',
    '# a comment line',
    'authors: []',
    '',
  ].join('\n');
  const read = readYamlSubset(text);
  assert.ok(read, 'the reader declined a plain front matter');
  assert.equal(read, byPackage(text));
  assert.equal(read.values.sidebar_position, 3);
  assert.equal(read.keyLines.authors, 10);
});

test('leaves to the package what it cannot be sure of', () => {
  const outside = [
    'title: Step 1: install', // a nested mapping: an error the package words
    'title: a\ntitle: b', // a repeated key
    'tags:\n  - a\n  - b', // a block list
    'hero:\n  title: x', // a nested mapping
    'title: >\n  folded', // a block scalar
    'when: 2024-01-05', // a date-looking string
    'version: 3.0', // a float
    'port: 0777', // a leading zero
    'big: 12345678901234567890', // beyond exact integers
    'empty: null',
    'yes: True',
    'title: "a \\"quoted\\" word"', // escapes
    "title: 'it''s'", // a doubled single quote
    'title: x # trailing comment',
    'title: &anchor x',
    'tags: [a, [b]]',
    'tags: [a, b,]',
    'tags: [a: b]',
    'title:\tx',
    'title: x\r\ndraft: true',
    '  title: indented',
    'title: multi\n  line',
    'title: Éclair',
    '__proto__: x',
    'true: x',
    'title:',
  ];
  for (const text of outside) assert.is(readYamlSubset(text), undefined, JSON.stringify(text));
});

// Texts built from pieces chosen to sit on the subset's edges; where the reader accepts one, the package must read
// exactly the same values and lines from it.
const KEYS = ['title', 'description', 'tags', 'sidebar_position', 'draft', 'a-b', '_x', 'True', 'null', 'title'];
const VALUES = [
  'plain words',
  'Words, with commas',
  'x',
  "Don't panic",
  'ends with spaces   ',
  'a [bracket] inside',
  'a {brace} inside',
  'has - dash and % and @ and `tick`',
  'with: colon',
  'with:colon',
  'a::b',
  'ends with colon:',
  'see https://example.com/a:b',
  'Reuse with the ::include directive',
  'time 10:30 : late',
  'C# and F#',
  'x #comment',
  '0',
  '7',
  '42',
  '007',
  '-1',
  '+1',
  '1e3',
  '1.5',
  '.5',
  '0x1F',
  '0o17',
  '999999999999999',
  '9999999999999999',
  'true',
  'false',
  'True',
  'FALSE',
  'null',
  'Null',
  '~',
  'yes',
  'no',
  'on',
  '.inf',
  '.NaN',
  '"double"',
  '"double with # and : inside"',
  '"with \\n escape"',
  '""',
  "'single'",
  "''",
  "'it''s'",
  "'unclosed",
  '"unclosed',
  '[]',
  '[a]',
  '[a, b]',
  '[ a ,b ]',
  '[a b, c]',
  '[1, 2, x]',
  '[true, null]',
  '[a, "b"]',
  "[a, 'b']",
  '[a,, b]',
  '[a, [b]]',
  '[a, {b: c}]',
  '[a]b',
  '[a: b]',
  '[a:b, c]',
  '[http://x]',
  '{a: b}',
  '&a x',
  '*a',
  '!tag x',
  '| x',
  '> x',
  '- x',
  '? x',
  '@x',
  '%x',
  '2024-01-05',
  'a\tb',
];
const EXTRAS = ['', '# comment', '  # indented comment', '  continued', '---', '...', '  - item'];

function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

test('agrees with the yaml package wherever it reads a text', () => {
  const pick = random(20261125);
  let accepted = 0;
  for (let round = 0; round < 6000; round++) {
    const lines: string[] = [];
    const count = 1 + pick(3);
    for (let index = 0; index < count; index++) {
      if (pick(6) === 0) lines.push(EXTRAS[pick(EXTRAS.length)]!);
      const separator = [': ', ':  ', ':', ': '][pick(4)];
      lines.push(KEYS[pick(KEYS.length)]! + separator + VALUES[pick(VALUES.length)]!);
    }
    const text = lines.join('\n') + (pick(2) ? '\n' : '');
    const read = readYamlSubset(text);
    if (!read) continue;
    accepted++;
    assert.equal(read, byPackage(text), JSON.stringify(text));
  }
  // Most texts hold some piece outside the subset, but a good share must still be read, or the test says nothing.
  assert.ok(accepted > 600, `only ${accepted} of 6000 texts were read`);
});

test.run();
