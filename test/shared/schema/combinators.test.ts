// The schema combinators of the config and of front matter: defaults, optional keys, unknown keys with did-you-mean
// (refused, or allowed with a warning for a likely misspelling), problems collected with their key paths, and the
// types inferred from a schema (checked by the type-checker: see the @ts-expect-error lines).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  array,
  boolean,
  camelCaseKeys,
  type Input,
  number,
  object,
  oneOf,
  oneOrMany,
  type Output,
  record,
  string,
} from '../../../src/shared/schema/combinators.ts';
import { type Context, INVALID } from '../../../src/shared/schema/context.ts';
import { formatDiagnostic } from '../../../src/shared/model/diagnostics.ts';

const test = suite('schema combinators');

const schema = object({
  name: string(),
  size: number().default(10),
  note: string().optional(),
  mode: oneOf('dark', 'light').default('dark'),
  look: object({ rounded: boolean().default(true), width: number().default(3) }),
  tags: array(string()).default([]),
  sizes: record(number()).default({}),
});

/** The checked value, and every problem as printed. */
function check(value: unknown): { out: unknown; printed: string[] } {
  const ctx: Context = { code: 'config', at: () => ({ file: 'site.config.ts' }), problems: [], locations: {} };
  const out = schema.run(value, [], ctx);
  return { out: out === INVALID ? 'INVALID' : out, printed: ctx.problems.map(formatDiagnostic) };
}

test('an object left out is made of its defaults; one written keeps the defaults of the keys it leaves out', () => {
  assert.equal(check({ name: 'x' }), {
    out: { name: 'x', size: 10, mode: 'dark', look: { rounded: true, width: 3 }, tags: [], sizes: {} },
    printed: [],
  });
  assert.equal((check({ name: 'x', look: { width: 5 }, note: 'n' }).out as Output<typeof schema>).look, {
    rounded: true,
    width: 5,
  });
});

test('the result has the keys in the schema order, whatever order the config wrote them in', () => {
  const { out } = check({ look: { width: 1, rounded: false }, note: 'n', name: 'x' });
  assert.equal(Object.keys(out as object), ['name', 'size', 'note', 'mode', 'look', 'tags', 'sizes']);
  assert.equal(Object.keys((out as Output<typeof schema>).look), ['rounded', 'width']);
});

test('a default is a fresh copy each time, so that no two configs share one object', () => {
  const first = check({ name: 'x' }).out as Output<typeof schema>;
  first.tags.push('changed');
  assert.equal((check({ name: 'y' }).out as Output<typeof schema>).tags, []);
});

test('every problem is reported, each with its key path, and the value is refused', () => {
  assert.equal(
    check({ size: 'big', look: { rounded: 'yes', widht: 2 }, tags: ['a', 3], sizes: { a: 1, b: '2' }, mode: 'dim' }),
    {
      out: 'INVALID',
      printed: [
        "site.config.ts  'name' is required",
        'site.config.ts  \'size\' must be a number, got "big"',
        "site.config.ts  'mode' must be 'dark' or 'light', got \"dim\"",
        "site.config.ts  unknown key 'look.widht'; did you mean 'look.width'?",
        'site.config.ts  \'look.rounded\' must be a boolean, got "yes"',
        "site.config.ts  'tags[1]' must be a string, got 3",
        'site.config.ts  \'sizes.b\' must be a number, got "2"',
      ],
    },
  );
});

test('an unknown key with nothing close lists the keys that are allowed there', () => {
  assert.equal(check({ name: 'x', colour: 'red' }).printed, [
    "site.config.ts  unknown key 'colour'; known keys: name, size, note, mode, look, tags, sizes",
  ]);
});

test('expect reports any problem inside a value as one message, where it says', () => {
  const pair = object({ from: string(), to: string() }).expect({
    message: (key) => `${key} must be { from, to } paths`,
    at: () => ['pairs'],
  });
  const ctx: Context = { code: 'config', at: (key) => ({ file: `at ${key}` }), problems: [], locations: {} };
  assert.is(array(pair).run([{ from: '/a/', to: '/b/' }, { from: '/c/' }], ['pairs'], ctx), INVALID);
  assert.equal(ctx.problems.map(formatDiagnostic), ['at pairs  pairs[1] must be { from, to } paths']);
});

test('located records where a value is written, for the messages of later stages', () => {
  const ctx: Context = {
    code: 'config',
    at: (key, value) => ({ file: `${key}=${value}` }),
    problems: [],
    locations: {},
  };
  object({ links: array(object({ href: string().located() })) }).run({ links: [{ href: '/x/' }] }, [], ctx);
  assert.equal(ctx.locations, { 'links[0].href': { file: 'links[0].href=/x/' } });
});

/** What `schema` makes of `value`, and every problem as printed, with its severity. */
function run(schema: { run: (value: unknown, path: [], ctx: Context) => unknown }, value: unknown) {
  const ctx: Context = { code: 'content', at: (key) => ({ file: `at ${key}` }), problems: [], locations: {} };
  const out = schema.run(value, [], ctx);
  return {
    out: out === INVALID ? 'INVALID' : out,
    printed: ctx.problems.map((problem) => `${problem.severity} ${problem.code} ${formatDiagnostic(problem)}`),
  };
}

test('an object whose other keys are allowed keeps quiet about them, but warns of one a typo away from its own', () => {
  const page = object({ title: string().optional(), sidebar_position: number().optional() }, { others: 'allowed' });
  assert.equal(run(page, { titel: 'A', sidebar_positon: 2, pagination_label: 'x', image: 'y' }), {
    out: {},
    printed: [
      "warning content at titel  egdocs does not read 'titel'; did you mean 'title'?",
      "warning content at sidebar_positon  egdocs does not read 'sidebar_positon'; did you mean 'sidebar_position'?",
    ],
  });
});

test('expect words an error inside a value as one message, and passes the warnings inside it on as they are', () => {
  const card = object({ title: string() }, { others: 'allowed' }).expect({
    message: (key, written) => `${key} must be { title }, got ${JSON.stringify(written)}`,
    hint: (key) => `write ${key}: { title: A }`,
  });
  assert.equal(run(array(card), [{ titel: 'A' }]).printed, [
    "warning content at [0].titel  egdocs does not read '[0].titel'; did you mean '[0].title'?",
    'error content at [0]  [0] must be { title }, got {"titel":"A"}; write [0]: { title: A }',
  ]);
});

test('a number range refuses what is outside it, fractions where whole numbers are asked for, and NaN', () => {
  const level = object({ level: number({ whole: true, min: 1, max: 6 }) });
  assert.equal(run(level, { level: 3 }).out, { level: 3 });
  for (const [written, got] of [
    [9, '9'],
    [2.5, '2.5'],
    [Number.NaN, 'NaN'],
  ] as const)
    assert.equal(run(level, { level: written }).printed, [
      `error content at level  'level' must be a whole number from 1 to 6, got ${got}`,
    ]);
  assert.equal(run(object({ at: number({ finite: true }) }), { at: Infinity }).printed, [
    "error content at at  'at' must be a finite number, got Infinity",
  ]);
  assert.equal(run(object({ any: number() }), { any: Number.NaN }).printed, [], 'no range: any number');
});

test('oneOrMany takes one value as a list of one', () => {
  const tags = object({ tags: oneOrMany(string()) });
  assert.equal(run(tags, { tags: 'setup' }).out, { tags: ['setup'] });
  assert.equal(run(tags, { tags: ['setup', 'firebase'] }).out, { tags: ['setup', 'firebase'] });
  assert.equal(run(tags, { tags: ['setup', 3] }).printed, [
    "error content at tags[1]  'tags[1]' must be a string, got 3",
  ]);
});

test('camelCaseKeys gives later stages camelCase keys, while messages name the keys as written', () => {
  const doc = camelCaseKeys(object({ sidebar_label: string().optional(), toc_min_heading_level: number().default(2) }));
  assert.equal(run(doc, { sidebar_label: 'Short' }).out, { sidebarLabel: 'Short', tocMinHeadingLevel: 2 });
  assert.equal(run(doc, { sidebar_label: 1 }).printed, [
    "error content at sidebar_label  'sidebar_label' must be a string, got 1",
  ]);
  const typed: Output<typeof doc> = { sidebarLabel: 'x', tocMinHeadingLevel: 3 };
  // @ts-expect-error later stages name the key in camelCase
  const written: Output<typeof doc> = { sidebar_label: 'x', tocMinHeadingLevel: 3 };
  assert.ok(typed && written);
});

test('the types: what a config may write, and what later stages get', () => {
  const written: Input<typeof schema> = { name: 'x' };
  // @ts-expect-error a required key cannot be left out of what a config writes
  const missing: Input<typeof schema> = { size: 1 };
  const resolved: Output<typeof schema> = {
    name: 'x',
    size: 1,
    mode: 'light',
    look: { rounded: true, width: 1 },
    tags: [],
    sizes: {},
  };
  // @ts-expect-error a key with a default is always there for later stages
  const partial: Output<typeof schema> = { name: 'x' };
  // @ts-expect-error only the listed texts fit an enum
  const wrong: Output<typeof schema>['mode'] = 'dim';
  assert.ok(written && missing && resolved && partial && wrong);
});

test.run();
