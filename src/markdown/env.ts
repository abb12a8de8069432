// Per-render state shared by the markdown plugins: markdown-it passes `env` to every rule,
// so plugins record what they see here instead of re-parsing output HTML later.
import type { Heading, LinkRef, Source } from '../types.ts';
import type { Diagnostics } from '../diagnostics.ts';

export interface MarkdownEnv {
  // markdown-it types env as an open record; the index signature lets MarkdownEnv pass as one.
  [key: string | symbol]: unknown;
  source: Source;
  /** Source lines of the body, to find the column of a link on its line. */
  lines: string[];
  headings: Heading[];
  links: LinkRef[];
  diagnostics: Diagnostics;
  /** Set by the highlight plugin when a fence needs Shiki, which is not loaded yet. */
  needsHighlighter?: boolean;
}

/** File line (1-based) of a token's first body line (`map[0]`, 0-based). */
export function fileLine(env: MarkdownEnv, bodyLine0: number): number {
  return env.source.bodyLine + bodyLine0;
}

/** 1-based column of `needle` within the block starting at body line `startLine0`, searching the block's lines. */
export function locate(env: MarkdownEnv, map: [number, number] | null | undefined, needle: string): { line: number; column: number } {
  const [start, end] = map ?? [0, 1];
  for (let i = start; i < Math.max(end, start + 1) && i < env.lines.length; i++) {
    const column = env.lines[i].indexOf(needle);
    if (column >= 0) return { line: fileLine(env, i), column: column + 1 };
  }
  return { line: fileLine(env, start), column: 1 };
}

/** A token attribute as a string ('' when absent); markdown-it types attribute values as string | number. */
export function attr(token: { attrGet(name: string): string | number | null }, name: string): string {
  const value = token.attrGet(name);
  return value === null ? '' : String(value);
}
