// A good build's warnings as a writer who has read the last good build's needs them: the ones it adds and the ones
// it no longer has, so a save prints what it changed rather than every warning again.
import type { Diagnostic } from '../shared/model/diagnostics.ts';

export interface WarningChanges {
  /** Warnings the last good build did not have. */
  added: Diagnostic[];
  /** The last good build's warnings this one does not have. */
  resolved: Diagnostic[];
}

/**
 * What changed from `before` to `after`. A warning is the same one when it says the same about the same file: an
 * edit above it moves its line, which makes it no new warning. Two alike are counted, so fixing one of them resolves one.
 */
export function warningChanges(before: Diagnostic[], after: Diagnostic[]): WarningChanges {
  const identity = (d: Diagnostic) => JSON.stringify([d.severity, d.code, d.location?.file, d.message, d.hint]);
  const unmatched = new Map<string, Diagnostic[]>();
  for (const d of before) {
    const key = identity(d);
    unmatched.set(key, [...(unmatched.get(key) ?? []), d]);
  }
  const added: Diagnostic[] = [];
  for (const d of after) {
    const alike = unmatched.get(identity(d));
    if (alike && alike.length > 0) alike.shift();
    else added.push(d);
  }
  return { added, resolved: [...unmatched.values()].flat() };
}
