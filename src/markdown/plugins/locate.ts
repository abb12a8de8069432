// Where a link or image is written in the file, for check's `file:line:col`. markdown-it gives each block its lines;
// the column comes from searching those lines for the href as written.
import type { Token } from 'markdown-it';
import { fileLine, type MarkdownEnv } from '../env.ts';

/** A file position (1-based line and column). */
export interface Position {
  line: number;
  column: number;
}

/** Returns locate(block, href) for one parse; each call for the same block and href finds the next occurrence. */
export function locator(env: MarkdownEnv): (map: Token['map'], href: string) => Position {
  // Two links to one target on one line must not both point at the first.
  const after = new Map<string, { index: number; column: number }>();
  return (map, href) => {
    const [start, end] = map ?? [0, 1];
    const key = `${start}\0${href}`;
    // markdown-it percent-encodes hrefs ('ü' -> '%C3%BC'); the file has them as written.
    const needles = [...new Set([href, safeDecode(href)])];
    const from = after.get(key) ?? { index: start, column: 0 };
    for (let i = from.index; i < Math.max(end, start + 1) && i < env.lines.length; i++) {
      for (const needle of needles) {
        const column = env.lines[i].indexOf(needle, i === from.index ? from.column : 0);
        if (column < 0) continue;
        after.set(key, { index: i, column: column + needle.length });
        return { line: fileLine(env, i), column: column + 1 };
      }
    }
    // A reference link ([text][ref]) takes its href from a `[ref]: href` line elsewhere: point there, where it is fixed.
    for (let i = 0; i < env.lines.length; i++) {
      if (!/^ {0,3}\[[^\]]+\]:/.test(env.lines[i])) continue;
      for (const needle of needles) {
        const column = env.lines[i].indexOf(needle);
        if (column >= 0) return { line: fileLine(env, i), column: column + 1 };
      }
    }
    return { line: fileLine(env, start), column: 1 };
  };
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
