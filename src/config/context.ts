// What checking a config reports into, and the helpers the schema's checks share (config/combinators.ts and the
// checks of our own: navbar.ts, sidebars.ts, budgets.ts).
import type { Diagnostic, Location } from '../diagnostics.ts';
import { didYouMean } from '../suggest.ts';
import type { KeyLocator } from './locate.ts';

/** Where a value sits in the config: its keys and list indexes from the top (['navbar', 'items', 1]). */
export type Path = readonly (string | number)[];

/** A path as messages name it: 'navbar.items[1].type'. */
export function keyOf(path: Path): string {
  let key = '';
  for (const part of path) key = typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${part}` : part;
  return key;
}

/** What a check reports into. */
export interface Context {
  /** Where a key, or a value written under it, is in the config file. */
  readonly at: KeyLocator;
  /** Every problem found so far. */
  readonly problems: Diagnostic[];
  /** Where the values later stages name in their own messages (links, doc ids) are written, by key path. */
  readonly locations: Record<string, Location>;
}

/** Reports a problem with the config. */
export function report(ctx: Context, message: string, location: Location, hint?: string): void {
  ctx.problems.push({ severity: 'error', code: 'config', message, location, hint });
}

/** What a check returns for a value it refused, after reporting why. */
export const INVALID: unique symbol = Symbol('invalid');
export type Checked<T> = T | typeof INVALID;

/** Reports each key of `written` not in `known`, naming the likely one; false when there was any. */
export function checkKeys(written: Record<string, unknown>, known: string[], path: Path, ctx: Context): boolean {
  const prefix = path.length > 0 ? `${keyOf(path)}.` : '';
  let ok = true;
  for (const key of Object.keys(written)) {
    if (known.includes(key)) continue;
    ok = false;
    const guess = didYouMean(key, known);
    report(
      ctx,
      `unknown key '${prefix}${key}'`,
      ctx.at(prefix + key),
      guess ? `did you mean '${prefix}${guess}'?` : `known keys: ${known.join(', ')}`,
    );
  }
  return ok;
}

/** A plain object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
