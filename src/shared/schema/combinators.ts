// Typed schema combinators, for site.config.ts (shared/config/schema.ts) and front matter (shared/content/front-matter-schema.ts).
// A schema checks what a file wrote, fills in defaults and reports every problem with its key path, at the line the
// key is written on; the TypeScript types (what a file may write, and the complete value later stages get) are
// inferred from it, so the types, the defaults and the checks cannot drift apart. Problems are collected, not thrown:
// one run reports all of them.
import type { Diagnostic } from '../model/diagnostics.ts';
import {
  type Checked,
  type Context,
  checkKeys,
  INVALID,
  isRecord,
  keyOf,
  type OtherKeys,
  type Path,
  report,
} from './context.ts';

/** What happens when a key is absent: an error, its default, or nothing. */
type Presence = 'required' | 'defaulted' | 'optional';

/** What a refinement finds wrong: the message, and the key (and value) to point at when not the value's own. */
export interface Complaint {
  message: string;
  key?: string;
  value?: string;
  hint?: string;
}

/** How a value that does not fit is reported instead of by the checks inside it (see Schema.expect). */
export interface Expectation {
  /** The message, from the value's key path and what was written there. */
  message: (key: string, written: unknown) => string;
  /** The key (and a value under it) to point at; the value's own key by default. */
  at?: (key: string) => [key: string, value?: string];
  hint?: string | ((key: string, written: unknown) => string);
}

/**
 * A check of one value. `Out` is what later stages get, `In` what a file may write (they differ where defaults
 * fill in keys), and `P` what an absent key means.
 */
export class Schema<Out, In = Out, P extends Presence = 'required'> {
  /** Types only: what a file may write here. */
  declare readonly input: In;

  constructor(
    /** Checks the value at `path`; undefined is an absent key (an optional one gives undefined back). */
    readonly run: (value: unknown, path: Path, ctx: Context) => Checked<Out> | undefined,
    readonly presence: P,
    /** The value of an absent key, for a 'defaulted' one. */
    readonly fallback?: () => Out,
  ) {}

  /** The same check, with `value` when the key is absent. */
  default(value: Out): Schema<Out, In, 'defaulted'> {
    // A copy each time, so that no two configs share (and could change) one default object.
    const fallback = () => structuredClone(value);
    return new Schema(
      (written, path, ctx) => (written === undefined ? fallback() : this.run(written, path, ctx)),
      'defaulted',
      fallback,
    );
  }

  /** The same check; an absent key stays absent. */
  optional(): Schema<Out, In, 'optional'> {
    return new Schema(
      (written, path, ctx) => (written === undefined ? undefined : this.run(written, path, ctx)),
      'optional',
    );
  }

  /** Adds a check of a value of the right shape: `test` says what is wrong with it, or returns undefined. */
  refine(test: (value: Out, key: string) => Complaint | undefined): Schema<Out, In, P> {
    return this.wrap((written, path, ctx) => {
      const out = this.run(written, path, ctx);
      if (out === INVALID || out === undefined) return out;
      const complaint = test(out, keyOf(path));
      if (!complaint) return out;
      report(ctx, complaint.message, ctx.at(complaint.key ?? keyOf(path), complaint.value), complaint.hint);
      return INVALID;
    });
  }

  /** Records where the value is written (at the value, or at its key), for later stages' messages about it. */
  located(by: 'value' | 'key' = 'value'): Schema<Out, In, P> {
    return this.wrap((written, path, ctx) => {
      const key = keyOf(path);
      if (written !== undefined) ctx.locations[key] = by === 'value' ? ctx.at(key, String(written)) : ctx.at(key);
      return this.run(written, path, ctx);
    });
  }

  /**
   * Reports any error inside the value, or its absence when required, as one message that shows the shape. Warnings
   * inside it (a likely misspelt key) are reported as they are.
   */
  expect({ message, at, hint }: Expectation): Schema<Out, In, P> {
    return this.wrap((written, path, ctx) => {
      const problems: Diagnostic[] = [];
      const out = this.run(written, path, { ...ctx, problems });
      const errors = problems.filter((problem) => problem.severity === 'error');
      ctx.problems.push(...problems.filter((problem) => problem.severity !== 'error'));
      if (errors.length === 0 && out !== INVALID) return out;
      const key = keyOf(path);
      const [where, value] = at?.(key) ?? [key];
      report(ctx, message(key, written), ctx.at(where, value), typeof hint === 'function' ? hint(key, written) : hint);
      return INVALID;
    });
  }

  /** The same check; later stages get `convert` of the value (a default too). */
  map<T>(convert: (value: Out) => T): Schema<T, In, P> {
    const fallback = this.fallback;
    return new Schema<T, In, P>(
      (written, path, ctx) => {
        const out = this.run(written, path, ctx);
        if (out === INVALID) return INVALID;
        return out === undefined ? undefined : convert(out);
      },
      this.presence,
      fallback && (() => convert(fallback())),
    );
  }

  private wrap(run: Schema<Out, In, P>['run']): Schema<Out, In, P> {
    return new Schema(run, this.presence, this.fallback);
  }
}

/** A check of a present value, as a required key: an absent one is an error. */
function required<Out, In = Out>(check: (value: unknown, path: Path, ctx: Context) => Checked<Out>): Schema<Out, In> {
  return new Schema<Out, In>((value, path, ctx) => {
    if (value !== undefined) return check(value, path, ctx);
    report(ctx, `'${keyOf(path)}' is required`, ctx.at(keyOf(path)));
    return INVALID;
  }, 'required');
}

// ---------------------------------------------------------------- inference

// A shape holds schemas of every type, hence `any`.
type AnySchema = Schema<any, any, Presence>;
/** The keys of an object and the schema of each. */
export type Shape = Record<string, AnySchema>;

/** The value a schema gives later stages. */
export type Output<S> = S extends Schema<infer Out, any, any> ? Out : never;
/** What a file may write where a schema checks. */
export type Input<S> = S extends Schema<any, infer In, any> ? In : never;

type KeysWhere<S extends Shape, P extends Presence> = {
  [K in keyof S]: S[K]['presence'] extends P ? K : never;
}[keyof S];
/** Spelt out, so an editor shows the fields rather than the mapped types. */
export type Flat<T> = { [K in keyof T]: T[K] } & {};

// Mapped over `keyof S` (with `as` to pick keys), so each field keeps the doc comment written on it in the schema.
type ObjectOut<S extends Shape> = Flat<
  { [K in keyof S as S[K]['presence'] extends 'optional' ? never : K]: Output<S[K]> } & {
    [K in keyof S as S[K]['presence'] extends 'optional' ? K : never]?: Output<S[K]>;
  }
>;
type ObjectIn<S extends Shape> = Flat<
  { [K in keyof S as S[K]['presence'] extends 'required' ? K : never]: Input<S[K]> } & {
    [K in keyof S as S[K]['presence'] extends 'required' ? never : K]?: Input<S[K]>;
  }
>;
/** An object none of whose keys is required may be left out: it is then made of its defaults. */
type ObjectPresence<S extends Shape> = [KeysWhere<S, 'required'>] extends [never] ? 'defaulted' : 'required';

// ---------------------------------------------------------------- combinators

/** Any value, typed as T: for a key whose parent checks it as a whole (see Schema.refine). */
export function unchecked<T>(): Schema<T> {
  return required((value) => value as T);
}

/** A text; with `empty: false`, not ''. */
export function string({ empty = true }: { empty?: boolean } = {}): Schema<string> {
  return required((value, path, ctx) => {
    if (typeof value !== 'string') return wrongType(value, 'string', path, ctx);
    if (empty || value !== '') return value;
    report(ctx, `'${keyOf(path)}' must not be empty`, ctx.at(keyOf(path)));
    return INVALID;
  });
}

/**
 * The numbers a number() takes: `whole` ones only, from `min` to `max`; `finite` (implied by any of those) refuses NaN
 * and ±Infinity.
 */
export interface NumberRange {
  whole?: boolean;
  min?: number;
  max?: number;
  finite?: boolean;
}

/** A number, of `range` when given. */
export function number(range: NumberRange = {}): Schema<number> {
  const { whole = false, min = -Infinity, max = Infinity } = range;
  const finite = range.finite || whole || min > -Infinity || max < Infinity;
  // Compared as `!(n < min)`, so that NaN passes when no range is asked for.
  const fits = (n: number) =>
    (!finite || Number.isFinite(n)) && (!whole || Number.isInteger(n)) && !(n < min || n > max);
  const bounds =
    min > -Infinity && max < Infinity
      ? ` from ${min} to ${max}`
      : min > -Infinity
        ? ` of at least ${min}`
        : max < Infinity
          ? ` of at most ${max}`
          : '';
  const what = `${whole ? 'a whole number' : finite ? 'a finite number' : 'a number'}${bounds}`;
  return required((value, path, ctx) => {
    if (typeof value !== 'number') return wrongType(value, 'number', path, ctx);
    if (fits(value)) return value;
    report(ctx, `'${keyOf(path)}' must be ${what}, got ${value}`, ctx.at(keyOf(path)));
    return INVALID;
  });
}

/** true or false. */
export function boolean(): Schema<boolean> {
  return required((value, path, ctx) => (typeof value === 'boolean' ? value : wrongType(value, 'boolean', path, ctx)));
}

/** One of a few texts. */
export function oneOf<const T extends string>(...values: T[]): Schema<T> {
  return required((value, path, ctx) => {
    if (typeof value !== 'string') return wrongType(value, 'string', path, ctx);
    if ((values as string[]).includes(value)) return value as T;
    const key = keyOf(path);
    report(
      ctx,
      `'${key}' must be ${either(values.map((v) => `'${v}'`))}, got ${JSON.stringify(value)}`,
      ctx.at(key, value),
    );
    return INVALID;
  });
}

/** A list; `notList` words the message for a value that is not one. */
export function array<S extends AnySchema>(
  item: S,
  notList: (key: string) => string = (key) => `'${key}' must be a list`,
): Schema<Output<S>[], Input<S>[]> {
  return required<Output<S>[], Input<S>[]>((value, path, ctx) => {
    if (!Array.isArray(value)) {
      report(ctx, notList(keyOf(path)), ctx.at(keyOf(path)));
      return INVALID;
    }
    const out = value.map((entry, i) => item.run(entry, [...path, i], ctx));
    return out.includes(INVALID) ? INVALID : (out as Output<S>[]);
  });
}

/** One value or a list of them, as a list: 'tags: setup' is ['setup'], as 'tags: [setup]' is. */
export function oneOrMany<S extends AnySchema>(item: S): Schema<Output<S>[], Input<S> | Input<S>[]> {
  const list = array(item);
  // A list given is never absent: its check gives a list or INVALID.
  return required<Output<S>[], Input<S> | Input<S>[]>(
    (value, path, ctx) => list.run(Array.isArray(value) ? value : [value], path, ctx) as Checked<Output<S>[]>,
  );
}

/** An object of any keys, each value checked by `value`. */
export function record<S extends AnySchema>(value: S): Schema<Record<string, Output<S>>, Record<string, Input<S>>> {
  return required<Record<string, Output<S>>, Record<string, Input<S>>>((written, path, ctx) => {
    if (!isRecord(written)) return notObject(path, ctx);
    let ok = true;
    const out: Record<string, Output<S>> = {};
    for (const [key, entry] of Object.entries(written)) {
      const checked = value.run(entry, [...path, key], ctx);
      if (checked === INVALID) ok = false;
      else if (checked !== undefined) out[key] = checked;
    }
    return ok ? out : INVALID;
  });
}

/**
 * An object of known keys: a key it does not know is an error that names the likely one, or with `others: 'allowed'`
 * is left alone unless it is likely a misspelling of one (a warning then). The result has the keys in the shape's
 * order, whatever order the file wrote them in.
 */
export function object<S extends Shape>(
  shape: S,
  { others = 'refused', foreign }: { others?: OtherKeys; foreign?: Readonly<Record<string, string>> } = {},
): Schema<ObjectOut<S>, ObjectIn<S>, ObjectPresence<S>> {
  const fields = Object.entries(shape);
  const known = Object.keys(shape);
  const check = (written: unknown, path: Path, ctx: Context): Checked<ObjectOut<S>> => {
    if (!isRecord(written)) return notObject(path, ctx);
    let ok = checkKeys(written, known, path, ctx, others, foreign);
    const out: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      const checked = field.run(written[key], [...path, key], ctx);
      if (checked === INVALID) ok = false;
      else if (checked !== undefined) out[key] = checked;
    }
    return ok ? (out as ObjectOut<S>) : INVALID;
  };
  if (fields.some(([, field]) => field.presence === 'required'))
    return required<ObjectOut<S>, ObjectIn<S>>(check) as Schema<ObjectOut<S>, ObjectIn<S>, ObjectPresence<S>>;
  // Nothing required: an absent object is made of its keys' defaults.
  const defaults = () =>
    Object.fromEntries(
      fields.flatMap(([key, field]) => (field.fallback ? [[key, field.fallback()]] : [])),
    ) as ObjectOut<S>;
  const run = (written: unknown, path: Path, ctx: Context) =>
    written === undefined ? defaults() : check(written, path, ctx);
  return new Schema(run, 'defaulted' as ObjectPresence<S>, defaults);
}

/** 'sidebar_label' as 'sidebarLabel': how later stages name a key a file writes in snake_case. */
type CamelCase<K extends string> = K extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : K;
/** An object's keys camelCased. */
export type CamelKeys<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

/**
 * The same object check, giving later stages its keys camelCased (front matter's `sidebar_label` is `sidebarLabel`),
 * as the rest of the model names its fields; messages keep naming the keys as the file writes them.
 */
export function camelCaseKeys<Out extends object, In, P extends Presence>(
  schema: Schema<Out, In, P>,
): Schema<CamelKeys<Out>, In, P> {
  const names = new Map<string, string>();
  const camel = (key: string) =>
    names.get(key) ??
    names
      .set(
        key,
        key.replace(/_(.)/g, (_, next: string) => next.toUpperCase()),
      )
      .get(key)!;
  return schema.map(
    (value) => Object.fromEntries(Object.entries(value).map(([key, field]) => [camel(key), field])) as CamelKeys<Out>,
  );
}

/** A value checked by a function of our own, for shapes whose messages say more than a type: `check` reports. */
export function custom<Out, In = Out>(
  check: (value: unknown, path: Path, ctx: Context) => Checked<Out>,
): Schema<Out, In> {
  return required<Out, In>(check);
}

/** "'a'", "'a' or 'b'", "'a', 'b' or 'c'". */
function either(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function wrongType(value: unknown, type: string, path: Path, ctx: Context): typeof INVALID {
  const key = keyOf(path);
  report(ctx, `'${key}' must be a ${type}, got ${JSON.stringify(value)}`, ctx.at(key));
  return INVALID;
}

function notObject(path: Path, ctx: Context): typeof INVALID {
  report(ctx, `'${keyOf(path)}' must be an object`, ctx.at(keyOf(path)));
  return INVALID;
}
