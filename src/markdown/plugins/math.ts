// Math, until egdocs renders it: a `$$` formula (a block from a line `$$` to a line ending `$$`, or one line
// `$$ … $$`) and an inline `$…$` holding a backslash show as their TeX source exactly as written, with a warning at
// their place. Left to markdown, the source would lose characters on the way (`\\` and `\{` are escapes, `*` and `_`
// emphasis), and nothing would say that the page shows no formula.
//
// An inline formula is read as Pandoc reads one: `$` then no space, up to the next `$`, which has no space before it
// and no digit after it. So prices are text ("$5 and $10", "$5-$10"), and so is any `$…$` without a backslash,
// which markdown leaves as written anyway.
import type { MarkdownIt, StateBlock, StateCore, StateInline } from 'markdown-it';
import { type MarkdownEnv, lineText, placeOf } from '../env.ts';
import { forEachInline } from './locate.ts';

const NOT_YET = 'math is not supported yet';
const INSTEAD =
  'to show the formula typeset, use an image with a text alternative; to show its source on purpose, a code block (```tex)';

export function math(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.core.ruler.after('inline', 'math_warnings', inlineWarnings);
  md.renderer.rules.math_block = (tokens, idx) => `<p class="math">${md.utils.escapeHtml(tokens[idx].content)}</p>\n`;
  md.renderer.rules.math_inline = (tokens, idx) => md.utils.escapeHtml(tokens[idx].content);
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const first = lineText(state, startLine);
  if (!first.startsWith('$$')) return false;
  let last = startLine;
  if (first.length < 4 || !first.endsWith('$$')) {
    if (first !== '$$') return false;
    last = startLine + 1;
    while (last < endLine && !lineText(state, last).endsWith('$$')) last++;
    if (last >= endLine) {
      if (!silent) {
        const env = state.env as unknown as MarkdownEnv;
        const { location, related } = placeOf(env, startLine, (env.lines[startLine]?.indexOf('$$') ?? 0) + 1);
        env.diagnostics.warn(
          'content',
          "'$$' opens a formula that is never closed, so it shows as text",
          location,
          `add a line '$$' after the formula (${NOT_YET}: it shows as its TeX source)`,
          related,
        );
      }
      return false;
    }
  }
  if (silent) return true;
  const env = state.env as unknown as MarkdownEnv;
  const { location, related } = placeOf(env, startLine, (env.lines[startLine]?.indexOf('$$') ?? 0) + 1);
  env.diagnostics.warn(
    'content',
    NOT_YET,
    location,
    `the '$$' formula shows as its TeX source, as written; ${INSTEAD}`,
    related,
  );
  const token = state.push('math_block', 'p', 0);
  token.block = true;
  token.content = state.getLines(startLine, last + 1, state.blkIndent, false).trimEnd();
  token.markup = '$$';
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

/** A `$…$` (or `$$…$$`) formula holding a backslash: a token of its source, shown as text. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x24 /* $ */) return false;
  const delimiter = src.startsWith('$$', pos) ? '$$' : '$';
  const start = pos + delimiter.length;
  if (start >= posMax || isSpace(src.charCodeAt(start))) return false;
  // The closing delimiter is the next one not escaped: a dollar is read once as an opening and once as a closing, so
  // a paragraph of prices costs one pass.
  let end = src.indexOf(delimiter, start);
  while (end > 0 && src.charCodeAt(end - 1) === 0x5c /* \ */) end = src.indexOf(delimiter, end + 1);
  if (end < 0 || end >= posMax) return false;
  const after = src.charCodeAt(end + delimiter.length);
  if (isSpace(src.charCodeAt(end - 1)) || (after >= 0x30 && after <= 0x39) /* a digit */) return false;
  let backslash = false;
  for (let i = start; i < end && !backslash; i++) backslash = src.charCodeAt(i) === 0x5c;
  if (!backslash) return false;
  if (!silent) {
    const token = state.push('math_inline', '', 0);
    token.content = src.slice(pos, end + delimiter.length);
    token.markup = delimiter;
  }
  state.pos = end + delimiter.length;
  return true;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function inlineWarnings(state: StateCore): void {
  forEachInline(state, 'math_inline', (token, env, locate) => {
    const { file, line, column, related } = locate(token.content.split('\n')[0]);
    env.diagnostics.warn(
      'content',
      NOT_YET,
      { file, line, column },
      `the '${token.markup}…${token.markup}' formula shows as its TeX source, as written; ${INSTEAD}`,
      related,
    );
  });
}
