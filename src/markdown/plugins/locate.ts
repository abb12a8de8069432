// Where a link or image is written in the file, for check's `file:line:col`. markdown-it gives each block its lines;
// the column comes from searching those lines for the href as written.
import type { StateCore, Token } from 'markdown-it';
import { safeDecode } from '../../shared/urls.ts';
import type { Related } from '../../shared/model/diagnostics.ts';
import { type MarkdownEnv, placeOf } from '../env.ts';

/** A file position (1-based line and column): the page's file, or the included file the text was written in. */
export interface Position {
  file: string;
  line: number;
  column: number;
  /** For included text: the directives it came through (see includes.ts). */
  related?: Related[];
  /** Where it is in the page's body as parsed (`env.lines`, includes expanded): 0-based line, 1-based column. */
  inBody: { line: number; column: number };
}

/**
 * Calls `visit` for each inline token of `type` ('link_open', 'image') in document order, with the page's env and
 * `locate(href)`, where that href is written. The links and images plugins walk the tokens through it.
 */
export function forEachInline(
  state: StateCore,
  type: string,
  visit: (token: Token, env: MarkdownEnv, locate: (href: string) => Position) => void,
): void {
  const env = state.env as unknown as MarkdownEnv;
  const locate = locator(env);
  let map: Token['map'] = null;
  for (const block of state.tokens) {
    // A table cell's inline token has no lines of its own; the row before it does.
    map = block.map ?? map;
    if (block.type !== 'inline' || !block.children) continue;
    const lines = map;
    for (const token of block.children) if (token.type === type) visit(token, env, (href) => locate(lines, href));
  }
}

/** Returns locate(block, href) for one parse; each call for the same block and href finds the next occurrence. */
export function locator(env: MarkdownEnv): (map: Token['map'], href: string) => Position {
  // Two links to one target on one line must not both point at the first.
  const after = new Map<string, { index: number; column: number }>();
  return (map, href) => {
    const [start, end] = map ?? [0, 1];
    const key = `${start}\0${href}`;
    // markdown-it percent-encodes hrefs ('ü' -> '%C3%BC'); the file has them as written.
    const needles = [...new Set([href, safeDecode(href, decodeURI)])];
    const from = after.get(key) ?? { index: start, column: 0 };
    for (let i = from.index; i < Math.max(end, start + 1) && i < env.lines.length; i++) {
      for (const needle of needles) {
        const column = env.lines[i].indexOf(needle, i === from.index ? from.column : 0);
        if (column < 0) continue;
        after.set(key, { index: i, column: column + needle.length });
        return position(env, i, column + 1);
      }
    }
    // A reference link ([text][ref]) takes its href from a `[ref]: href` line elsewhere: point there, where it is
    // fixed.
    for (let i = 0; i < env.lines.length; i++) {
      if (!/^ {0,3}\[[^\]]+\]:/.test(env.lines[i])) continue;
      for (const needle of needles) {
        const column = env.lines[i].indexOf(needle);
        if (column >= 0) return position(env, i, column + 1);
      }
    }
    return position(env, start, 1);
  };
}

function position(env: MarkdownEnv, bodyLine0: number, column: number): Position {
  const { location, related } = placeOf(env, bodyLine0, column);
  const inBody = { line: bodyLine0, column };
  return {
    file: location.file,
    line: location.line!,
    column: location.column!,
    ...(related ? { related } : {}),
    inBody,
  };
}
