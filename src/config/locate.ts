// Where a key of site.config.ts is written, so a config error can name its line and column. The config is code
// (esbuild compiles it), so there is no parser's position to keep: the key path is found in the source text, each
// segment after its parent, and for a bad value, the value itself after its key.
import type { Location } from '../diagnostics.ts';

/**
 * The location of `keyPath` ('navbar.items[1].type'), and of `value` under it when given; the file alone if not found.
 */
export type KeyLocator = (keyPath: string, value?: string) => Location;

export function keyLocator(file: string, source?: string): KeyLocator {
  return (keyPath, value) => {
    if (!source) return { file };
    let from = 0;
    let at = -1;
    const parts = keyPath.split('.').filter(Boolean);
    let skip = 0;
    for (const part of parts) {
      const name = part.replace(/\[\d+\]$/, '');
      // items[2].type: the third 'type:' after 'items:' (each element has its keys in order).
      const found = findKey(source, name, from, skip);
      if (found < 0) break;
      at = found;
      from = found + name.length;
      skip = Number(/\[(\d+)\]$/.exec(part)?.[1] ?? 0);
    }
    if (value !== undefined && at >= 0) {
      const literal = [`'${value}'`, `"${value}"`, `\`${value}\``]
        .map((text) => source.indexOf(text, from))
        .filter((i) => i >= 0);
      if (literal.length > 0) at = Math.min(...literal);
    }
    if (at < 0) return { file };
    const before = source.slice(0, at);
    return { file, line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
  };
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
