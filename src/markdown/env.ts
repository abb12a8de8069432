// Per-render state shared by the markdown plugins: markdown-it passes `env` to every rule,
// so plugins record what they see here instead of re-parsing output HTML later.
import type { StateBlock } from 'markdown-it';
import type { Heading, LinkRef, Source } from '../shared/model/types.ts';
import type { Diagnostics, Location, Related } from '../shared/model/diagnostics.ts';
import type { LineOrigin } from './includes.ts';

export interface MarkdownEnv {
  // markdown-it types env as an open record; the index signature lets MarkdownEnv pass as one.
  [key: string | symbol]: unknown;
  source: Source;
  /** Lines of the body as parsed (includes expanded), to find the column of a link on its line. */
  lines: string[];
  /** Where each of `lines` was written: the page or an included file (see includes.ts); none when nothing is. */
  origins?: LineOrigin[];
  headings: Heading[];
  links: LinkRef[];
  /** The links and images to the site's pages and files, for the markdown copy (see copy.ts). */
  siteUrls: SiteUrl[];
  /** Text of `lines` the page leaves out (magic comments in code, MDX), which the markdown copy leaves out too. */
  cuts?: Cut[];
  diagnostics: Diagnostics;
  /** Set once the page has been warned about markdown nested past the parser's limit. */
  nestingWarned?: boolean;
  /** How many `:::tabs` blocks the page has so far (their ids are numbered). */
  tabBlocks?: number;
  /** Set by the highlight plugin when it left a mark for a block Shiki has still to highlight. */
  needsHighlighter?: boolean;
  /** Set by the math plugin when a formula of the page typeset: the site publishes KaTeX's stylesheet and fonts. */
  math?: boolean;
  /** Set by the mermaid plugin when the page has a diagram: the site publishes mermaid's library. */
  mermaid?: boolean;
}

/** A link or image to the site, where it is written in `lines` (0-based line, 1-based column). */
export interface SiteUrl {
  line: number;
  column: number;
  /** The href or src as written. */
  raw: string;
  /** The URL path the page gives it (under the base path, with its #hash). */
  url: string;
}

/** A span of one of `lines`: the 0-based line and the columns from `from` up to `to` (0-based, `to` left out). */
export interface Cut {
  line: number;
  from: number;
  to: number;
}

/**
 * Leaves a span of the body out of the markdown copy (copy.ts); a line left blank by its cuts goes whole (a blank line
 * cut from 0 to 0 too). Spans must not overlap.
 */
export function cut(env: MarkdownEnv, span: Cut): void {
  (env.cuts ??= []).push(span);
}

/** Where a body line (0-based, as in a token's `map`) was written: the page's file or an included one. */
export function originOf(env: MarkdownEnv, bodyLine0: number): LineOrigin {
  const origins = env.origins;
  if (!origins) return { file: env.source.file, line: env.source.bodyLine + bodyLine0, indent: 0 };
  // markdown-it may name the line after the last (an unclosed block's end): the last line is the nearest place.
  return origins[bodyLine0] ?? origins.at(-1)!;
}

/**
 * A diagnostic's place for a body line and a column in it (1-based, as counted in `lines`): the file and line it was
 * written on, and for included text the directives it came through as related locations.
 */
export function placeOf(
  env: MarkdownEnv,
  bodyLine0: number,
  column = 1,
): { location: Location; related: Related[] | undefined } {
  const origin = originOf(env, bodyLine0);
  const location = { file: origin.file, line: origin.line, column: Math.max(1, column - origin.indent) };
  return { location, related: origin.includedFrom };
}

/** The page's own line for a body line: in included text, the line of the page's directive that brought it in. */
export function pageLine(env: MarkdownEnv, bodyLine0: number): number {
  const origin = originOf(env, bodyLine0);
  return origin.includedFrom?.at(-1)?.location.line ?? origin.line;
}

/** A body line's text past its indentation, without trailing spaces (block rules match container lines on it). */
export function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trimEnd();
}

/** A token attribute as a string ('' when absent); markdown-it types attribute values as string | number. */
export function attr(token: { attrGet(name: string): string | number | null }, name: string): string {
  const value = token.attrGet(name);
  return value === null ? '' : String(value);
}
