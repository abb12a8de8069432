// Where a key of site.config.ts is written, so a config error can name its line and column. The config is code
// (esbuild compiles it), so there is no parser's position to keep: the key path is found in the source text, each
// segment after its parent, and for a bad value, the value itself after its key.
import type { KeyLocator } from '../schema/context.ts';
import { floorIndex } from '../sorted.ts';

export function keyLocator(file: string, source?: string): KeyLocator {
  if (!source) return () => ({ file });
  // A config names thousands of docs in its sidebars (one lookup each): the key searches are remembered, string
  // literals are indexed once and lines found by binary search, so locating them all does not read the text again
  // for each.
  const keys = new Map<string, number>();
  let literals: Map<string, number[]> | undefined;
  let lineStarts: number[] | undefined;
  const literalAfter = (value: string, from: number): number => {
    literals ??= indexLiterals(source);
    const positions = literals.get(value);
    if (!positions) return -1;
    // The first at or after `from` (positions are whole numbers).
    const i = floorIndex(positions, from - 1) + 1;
    return i < positions.length ? positions[i] : -1;
  };
  return (keyPath, value) => {
    let from = 0;
    let at = -1;
    const parts = keyPath.split('.').filter(Boolean);
    let skip = 0;
    for (const part of parts) {
      const name = part.replace(/\[\d+\]$/, '');
      // items[2].type: the third 'type:' after 'items:' (each element has its keys in order).
      const memo = `${name}\0${from}\0${skip}`;
      const found = keys.get(memo) ?? keys.set(memo, findKey(source, name, from, skip)).get(memo)!;
      if (found < 0) break;
      at = found;
      from = found + name.length;
      skip = Number(/\[(\d+)\]$/.exec(part)?.[1] ?? 0);
    }
    if (value !== undefined && at >= 0) {
      const literal = literalAfter(value, from);
      if (literal >= 0) at = literal;
    }
    if (at < 0) return { file };
    lineStarts ??= [0, ...[...source.matchAll(/\n/g)].map((match) => match.index + 1)];
    const line = floorIndex(lineStarts, at) + 1;
    return { file, line, column: at - lineStarts[line - 1] + 1 };
  };
}

/** Every string literal of the source ('…', "…" or `…` without escapes) by its text: where each starts, in order. */
function indexLiterals(source: string): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const match of source.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g)) {
    const text = match[1] ?? match[2] ?? match[3];
    const positions = index.get(text);
    if (positions) positions.push(match.index);
    else index.set(text, [match.index]);
  }
  return index;
}

/** Index of the `skip`+1-th `name:` (bare or quoted) at or after `from`, or -1. */
function findKey(source: string, name: string, from: number, skip: number): number {
  const pattern = new RegExp(`(^|[\\s{,])(['"]?)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'g');
  pattern.lastIndex = from;
  for (let match = pattern.exec(source), n = 0; match; match = pattern.exec(source), n++) {
    if (n === skip) return match.index + match[1].length;
  }
  return -1;
}
