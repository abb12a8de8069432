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
  /** Set once the page has been warned about markdown nested past the parser's limit. */
  nestingWarned?: boolean;
  /** How many `:::tabs` blocks the page has so far (their ids are numbered). */
  tabBlocks?: number;
  /** Set by the highlight plugin when a fence needs Shiki, which is not loaded yet. */
  needsHighlighter?: boolean;
}

/** File line (1-based) of a token's first body line (`map[0]`, 0-based). */
export function fileLine(env: MarkdownEnv, bodyLine0: number): number {
  return env.source.bodyLine + bodyLine0;
}

/** A token attribute as a string ('' when absent); markdown-it types attribute values as string | number. */
export function attr(token: { attrGet(name: string): string | number | null }, name: string): string {
  const value = token.attrGet(name);
  return value === null ? '' : String(value);
}
