// What checking a file against a schema reports into, and the helpers the checks share (schema/combinators.ts and
// the checks of our own: the config's navbar.ts, sidebars.ts, budgets.ts, front matter's words and dates). The same
// checks serve site.config.ts and front matter: what differs is the file, how a key is found in it, and the code
// its problems carry.
import type { Diagnostic, DiagnosticCode, Location } from '../model/diagnostics.ts';
import { didYouMean } from '../model/suggest.ts';

/** Where a value sits in what is checked: its keys and list indexes from the top (['navbar', 'items', 1]). */
export type Path = readonly (string | number)[];

/** A path as messages name it: 'navbar.items[1].type'. */
export function keyOf(path: Path): string {
  let key = '';
  for (const part of path) key = typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${part}` : part;
  return key;
}

/**
 * The location of `keyPath` ('navbar.items[1].type') in the file checked, and of `value` under it when given; the
 * file alone (or its first line) if not found.
 */
export type KeyLocator = (keyPath: string, value?: string) => Location;

/** What a check reports into. */
export interface Context {
  /** The code of every problem found: 'config' for site.config.ts, 'content' for front matter. */
  readonly code: DiagnosticCode;
  /** Where a key, or a value written under it, is in the file. */
  readonly at: KeyLocator;
  /** Every problem found so far. */
  readonly problems: Diagnostic[];
  /** Where the values later stages name in their own messages (links, doc ids) are written, by key path. */
  readonly locations: Record<string, Location>;
}

/** Reports a problem with what is checked: an error unless said otherwise. */
export function report(
  ctx: Context,
  message: string,
  location: Location,
  hint?: string,
  severity: Diagnostic['severity'] = 'error',
): void {
  ctx.problems.push({ severity, code: ctx.code, message, location, hint });
}

/** What a check returns for a value it refused, after reporting why. */
export const INVALID: unique symbol = Symbol('invalid');
export type Checked<T> = T | typeof INVALID;

/**
 * What an object does with keys its shape does not know: 'refused' reports each as an error naming the likely one
 * (a config's keys are all egdocs'); 'allowed' leaves them, warning only of one a typo away from a key it knows
 * (front matter carries keys other generators read).
 */
export type OtherKeys = 'refused' | 'allowed';

/**
 * Reports each key of `written` not in `known` (see OtherKeys); false when one was refused. `foreign` names keys
 * another tool reads and egdocs does not, each with what to do instead: with others allowed, a warning says so.
 */
export function checkKeys(
  written: Record<string, unknown>,
  known: string[],
  path: Path,
  ctx: Context,
  others: OtherKeys = 'refused',
  foreign: Readonly<Record<string, string>> = {},
): boolean {
  const prefix = path.length > 0 ? `${keyOf(path)}.` : '';
  let ok = true;
  for (const key of Object.keys(written)) {
    if (known.includes(key)) continue;
    if (others === 'allowed' && Object.hasOwn(foreign, key)) {
      report(ctx, `egdocs does not read '${prefix}${key}'`, ctx.at(prefix + key), foreign[key], 'warning');
      continue;
    }
    const guess = guessOf(key, known);
    if (others === 'allowed') {
      if (guess)
        report(
          ctx,
          `egdocs does not read '${prefix}${key}'`,
          ctx.at(prefix + key),
          `did you mean '${prefix}${guess}'?`,
          'warning',
        );
      continue;
    }
    ok = false;
    report(
      ctx,
      `unknown key '${prefix}${key}'`,
      ctx.at(prefix + key),
      guess ? `did you mean '${prefix}${guess}'?` : `known keys: ${known.join(', ')}`,
    );
  }
  return ok;
}

// The likely key meant by each key written, by list of known keys (an object schema's list is one array): front
// matter repeats on page after page the keys other generators read, and didYouMean costs tens of microseconds a key.
const guesses = new WeakMap<readonly string[], Map<string, string | undefined>>();

function guessOf(key: string, known: readonly string[]): string | undefined {
  let memo = guesses.get(known);
  if (!memo) guesses.set(known, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, didYouMean(key, known));
  return memo.get(key);
}

/** A plain object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
