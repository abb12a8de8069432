// Math, typeset by KaTeX at build time (../katex.ts): a `$$` formula (a block from a line `$$` to a line ending `$$`,
// or one line `$$ … $$`) is a display formula, an inline `$…$` a formula in the text. The page gets HTML and MathML
// (screen readers read the MathML), and no script: the first formula of a page links KaTeX's stylesheet, so a page
// without math loads nothing of it. The link stands in the page's HTML, not the document's head, so that it comes
// with the page wherever its HTML goes: client navigation, which swaps in the page's HTML, and a blog post's excerpt
// when the excerpt holds a formula. A formula KaTeX cannot read is a warning at its place with KaTeX's reason, and
// shows its source as written, as code. The markdown copy and search keep the TeX source (copy.ts, page-parts.ts).
//
// An inline formula is read as Pandoc reads one: `$` then no space, up to the next `$`, which has no space before it
// and no digit after it. So prices are text ("$5 and $10", "$5-$10"). Of those, only a `$…$` holding TeX (a
// backslash, `^` or `_`) is a formula: `$x$` and other dollars in prose stay as written.
import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { type MarkdownEnv, lineText, placeOf } from '../env.ts';
import { mathAssets, typeset as typesetTex } from '../katex.ts';
import { locator } from './locate.ts';

export interface MathOptions {
  /** The site's base path, for the stylesheet's URL. */
  baseUrl: string;
}

/** What the typesetting rule leaves on a formula's token for the renderer: KaTeX's HTML, when it typeset. */
interface MathMeta {
  html: string;
}

export function math(md: MarkdownIt, { baseUrl }: MathOptions): void {
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.core.ruler.after('inline', 'math_typeset', typesetAll);
  // Each render (a page's HTML, its excerpt's) links the stylesheet at its first formula: the tokens rendered may be
  // fewer than those parsed (the parser takes the leading `# Title` out, an excerpt stops at its marker).
  // A render is known by its env (markdown-it's own `render(src)` may give none).
  const due = new WeakSet<object>();
  const render = md.renderer.render;
  md.renderer.render = function (tokens, options, env) {
    due.add(env ?? md);
    try {
      return render.call(this, tokens, options, env);
    } finally {
      due.delete(env ?? md);
    }
  };
  const typeset = (token: Token, env: object | undefined) => {
    const { html } = (token.meta ?? {}) as Partial<MathMeta>;
    if (html === undefined || !due.delete(env ?? md)) return html;
    return `<link rel="stylesheet" href="${baseUrl}${mathAssets().stylesheet}">${html}`;
  };
  const escape = md.utils.escapeHtml;
  md.renderer.rules.math_block = (tokens, idx, _options, env) => {
    const html = typeset(tokens[idx], env);
    if (html === undefined) return `<pre class="math-source"><code>${escape(tokens[idx].content)}</code></pre>\n`;
    return `<div class="math-display">${html}</div>\n`;
  };
  md.renderer.rules.math_inline = (tokens, idx, _options, env) =>
    typeset(tokens[idx], env) ?? `<code class="math-source">${escape(tokens[idx].content)}</code>`;
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
          "add a line '$$' after the formula",
          related,
        );
      }
      return false;
    }
  }
  if (silent) return true;
  const token = state.push('math_block', 'div', 0);
  token.block = true;
  token.content = state.getLines(startLine, last + 1, state.blkIndent, false).trimEnd();
  token.markup = '$$';
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

/** A `$…$` (or `$$…$$`) formula holding TeX: a token of its source, delimiters and all. */
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
  let tex = false;
  for (let i = start; i < end && !tex; i++) {
    const code = src.charCodeAt(i);
    tex = code === 0x5c /* \ */ || code === 0x5e /* ^ */ || code === 0x5f; /* _ */
  }
  if (!tex) return false;
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

/**
 * Typesets every formula of the page: each that does not typeset is a warning at the place KaTeX stopped reading it.
 * `env.math` says the page has one that does.
 */
function typesetAll(state: StateCore): void {
  const env = state.env as unknown as MarkdownEnv;
  const locate = locator(env);
  let map: Token['map'] = null;
  const each = (token: Token, at: () => { line: number; column: number }) => {
    const source = token.content;
    const delimiter = token.markup.length;
    // Trimmed, so the MathML's annotation holds the TeX alone; KaTeX's position is then counted from `lead`.
    const inner = source.slice(delimiter, -delimiter);
    const lead = inner.length - inner.trimStart().length;
    const result = typesetTex(inner.trim(), token.markup === '$$');
    if ('html' in result) {
      token.meta = { html: result.html } satisfies MathMeta;
      env.math = true;
      return;
    }
    const { line, column } = placeIn(env, source, at(), delimiter + lead + result.position);
    const { location, related } = placeOf(env, line, column);
    env.diagnostics.warn(
      'content',
      `KaTeX cannot typeset this formula: ${result.error}`,
      location,
      'the formula shows as its source until it is fixed; KaTeX lists the TeX it reads at https://katex.org/docs/supported',
      related,
    );
  };
  for (const block of state.tokens) {
    // A table cell's inline token has no lines of its own; the row before it does.
    map = block.map ?? map;
    if (block.type === 'math_block') {
      const line = block.map![0];
      each(block, () => ({ line, column: (env.lines[line]?.indexOf('$$') ?? 0) + 1 }));
    } else if (block.type === 'inline' && block.children) {
      const lines = map;
      for (const token of block.children)
        if (token.type === 'math_inline') each(token, () => locate(lines, token.content.split('\n')[0]).inBody);
    }
  }
}

/**
 * Where `offset` of a formula's source is in the body (0-based line, 1-based column), the source starting at
 * `start`. A later line of the source is found in its body line, where it may stand after a list's or quote's marks.
 */
function placeIn(
  env: MarkdownEnv,
  source: string,
  start: { line: number; column: number },
  offset: number,
): { line: number; column: number } {
  const before = source.slice(0, offset).split('\n');
  if (before.length === 1) return { line: start.line, column: start.column + offset };
  const line = start.line + before.length - 1;
  const written = source.split('\n')[before.length - 1];
  const indent = Math.max(0, env.lines[line]?.indexOf(written) ?? 0);
  return { line, column: indent + before.at(-1)!.length + 1 };
}
