// The schema combinators: defaults, optional keys, unknown keys with did-you-mean, problems collected with their key
// paths, and the types inferred from a schema (checked by the type-checker: see the @ts-expect-error lines).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  array,
  boolean,
  type Input,
  number,
  object,
  oneOf,
  type Output,
  record,
  string,
} from '../../src/config/combinators.ts';
import { type Context, INVALID } from '../../src/config/context.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';

const test = suite('config schema combinators');

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
  const ctx: Context = { at: () => ({ file: 'site.config.ts' }), problems: [], locations: {} };
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
  const ctx: Context = { at: (key) => ({ file: `at ${key}` }), problems: [], locations: {} };
  assert.is(array(pair).run([{ from: '/a/', to: '/b/' }, { from: '/c/' }], ['pairs'], ctx), INVALID);
  assert.equal(ctx.problems.map(formatDiagnostic), ['at pairs  pairs[1] must be { from, to } paths']);
});

test('located records where a value is written, for the messages of later stages', () => {
  const ctx: Context = { at: (key, value) => ({ file: `${key}=${value}` }), problems: [], locations: {} };
  object({ links: array(object({ href: string().located() })) }).run({ links: [{ href: '/x/' }] }, [], ctx);
  assert.equal(ctx.locations, { 'links[0].href': { file: 'links[0].href=/x/' } });
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
