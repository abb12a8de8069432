// MDX that a page brought from Docusaurus still holds. egdocs reads markdown, not MDX, so none of it works; left
// alone, an `import` line and a `{/* comment */}` would show as text and a JSX tag would vanish into the HTML without
// a word. Each is a warning at its place, saying what to write instead, and none is published: an `import`/`export`
// block at the top level and a `{/* */}` comment are left out of the page (and of its markdown copy), a JSX tag (a
// capitalised name: `<Tabs>`, `<TabItem value="a">`, `<Foo />`) is left out while the text between its tags stays.
//
// Read from the source, before the inline parse: markdown-it takes `<Tabs>` for HTML but not `<Tabs values={[…]}>`,
// and code spans and fences are skipped, so an example in code stays as written.
import type { MarkdownIt, StateBlock, StateCore, Token } from 'markdown-it';
import { cut, type MarkdownEnv, placeOf } from '../env.ts';

/** An MDX `import` statement (`import X from '…'`, `import {A, B} from "…"` on several lines, `import '…'`). */
const IMPORT = /^import\s+(?:[^\n]*?\s|[{*][\s\S]*?)?(?:from\s*)?['"][^'"\n]+['"]/;
const IMPORT_START = /^import[\s{*'"]/;
/** An MDX `export` statement. */
const EXPORT = /^export\s+(?:default|const|let|var|function|class|async)\b|^export\s*[{*]/;

const HINTS = {
  import:
    "egdocs imports no components: write tabs as ':::tabs', notes as admonitions (':::tip'), collapsible sections as ':::details', and text shared by pages with '::include{file=\"…\"}'",
  export: "egdocs pages export nothing: put the page's data in its front matter",
  comment: "write an HTML comment '<!-- … -->', which the page leaves out too",
  truncate: "write '<!-- truncate -->' on a line of its own to end a blog post's excerpt",
  tag: "write it in markdown: tabs as ':::tabs', notes as admonitions (':::tip'), collapsible sections as ':::details', text shared by pages with '::include{file=\"…\"}'; to show the tag as text, put it in `code`",
  tabs: "write tabs as ':::tabs', with a line '::tab Label' starting each tab, and a line ':::' after the last",
  details: "write a collapsible section as ':::details Summary' … ':::'",
  admonition:
    "write a note as ':::note Title' … ':::' (or ':::tip', ':::info', ':::caution', ':::warning', ':::danger')",
};
/** Hints for the components Docusaurus pages use most, by name. */
const COMPONENT_HINTS: Record<string, string> = {
  Tabs: HINTS.tabs,
  TabItem: HINTS.tabs,
  Details: HINTS.details,
  Admonition: HINTS.admonition,
};

export function mdx(md: MarkdownIt): void {
  // First of the block rules: an `import` line followed by `---` must not become a heading.
  md.block.ruler.before('table', 'mdx_esm', esmBlock);
  // After 'block', before 'inline': inline content is still the text as written.
  md.core.ruler.after('block', 'mdx_syntax', mdxSyntax);
}

/** An `import` or `export` block (to the next blank line, as MDX reads one) at the top level: left out, warned. */
function esmBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.level > 0 || state.sCount[startLine] !== 0 || state.parentType !== 'root') return false;
  const first = state.src.slice(state.bMarks[startLine], state.eMarks[startLine]);
  const kind = IMPORT_START.test(first) ? 'import' : EXPORT.test(first) ? 'export' : undefined;
  if (!kind) return false;
  let next = startLine + 1;
  while (next < endLine && !state.isEmpty(next)) next++;
  if (kind === 'import' && !IMPORT.test(state.getLines(startLine, next, 0, false))) return false;
  if (silent) return true;
  const env = state.env as unknown as MarkdownEnv;
  const { location, related } = placeOf(env, startLine);
  const shown = first.trim().length > 60 ? `${first.trim().slice(0, 59)}…` : first.trim();
  env.diagnostics.warn(
    'content',
    `MDX is not supported: '${shown}' is left out of the page`,
    location,
    HINTS[kind],
    related,
  );
  for (let line = startLine; line < next; line++) cut(env, { line, from: 0, to: env.lines[line]?.length ?? 0 });
  blankAfter(env, startLine, next);
  state.line = next;
  return true;
}

/** A JSX tag or an MDX comment in a text, by its offsets (the end left out). */
interface Found {
  start: number;
  end: number;
  kind: 'open' | 'close' | 'self' | 'comment' | 'unclosed-comment';
  name?: string;
}

/** Takes JSX tags and MDX comments out of paragraphs, headings, table cells and HTML blocks. */
function mdxSyntax(state: StateCore): void {
  const env = state.env as unknown as MarkdownEnv;
  const tokens = state.tokens;
  const opened = new Set<string>();
  let map: Token['map'] = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    // A table cell's inline token has no lines of its own; the row before it does.
    map = token.map ?? map;
    const inline = token.type === 'inline';
    if ((!inline && token.type !== 'html_block') || !map || !/<[/]?[A-Z]|\{\/\*/.test(token.content)) continue;
    const found = [...mdxIn(token.content, inline)];
    if (found.length === 0) continue;
    const lines = locator(env, token.content, map[0]);
    for (const item of found) {
      const text = token.content.slice(item.start, item.end);
      const { location, related } = placeOf(env, ...lines.at(item.start));
      const warn = (message: string, hint: string) =>
        env.diagnostics.warn('content', `MDX is not supported: ${message}`, location, hint, related);
      if (item.kind === 'unclosed-comment') {
        warn(
          "'{/*' opens a comment that is never closed in its paragraph, so it shows as text",
          `close it with '*/}', or ${HINTS.comment}`,
        );
        continue;
      }
      if (item.kind === 'comment') {
        const truncate = /^\{\/\*\s*truncate\s*\*\/\}$/.test(text);
        warn(`the comment '${short(text)}' is left out of the page`, truncate ? HINTS.truncate : HINTS.comment);
      } else if (item.kind !== 'close' || !opened.has(item.name!)) {
        // A closing tag goes with its opening one, which said it all already.
        if (item.kind === 'open') opened.add(item.name!);
        const content = item.kind === 'open' ? ' (the text inside it stays)' : '';
        warn(
          `'${short(text)}' is a JSX tag, which egdocs leaves out${content}`,
          COMPONENT_HINTS[item.name!] ?? HINTS.tag,
        );
      }
      for (const span of lines.spans(item.start, item.end)) cut(env, span);
    }
    // From the last back, so the offsets of those before stay right.
    let content = token.content;
    for (const { start, end, kind } of [...found].reverse()) {
      if (kind !== 'unclosed-comment') content = content.slice(0, start) + content.slice(end);
    }
    token.content = content;
    if (content.trim() !== '') continue;
    // Nothing left: no empty paragraph or block.
    if (inline && tokens[i - 1]?.type === 'paragraph_open' && tokens[i + 1]?.type === 'paragraph_close') {
      tokens.splice(i - 1, 3);
      i -= 2;
    } else if (!inline) {
      tokens.splice(i, 1);
      i -= 1;
    } else continue;
    blankAfter(env, map[0], map[1]);
  }
}

/** A block the copy leaves out (its lines `from` to `to`) leaves one blank line between its neighbours, not two. */
function blankAfter(env: MarkdownEnv, from: number, to: number): void {
  if ((from === 0 || !env.lines[from - 1]?.trim()) && env.lines[to]?.trim() === '')
    cut(env, { line: to, from: 0, to: 0 });
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * Where the offsets of a token's content are in the body: a content line is its body line past the indentation and
 * container marks (`> `, a list item's), so it ends that line (trailing spaces aside).
 */
function locator(env: MarkdownEnv, content: string, firstLine: number) {
  const starts = [0];
  for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) starts.push(at + 1);
  const lineOf = (offset: number) => {
    let k = starts.length - 1;
    while (starts[k] > offset) k--;
    return k;
  };
  /** The column (0-based) in the body line where content line `k` starts. */
  const columnOf = (k: number) => {
    const written = content.slice(starts[k], (starts[k + 1] ?? content.length + 1) - 1).trimEnd();
    const body = (env.lines[firstLine + k] ?? '').trimEnd();
    const column = body.length - written.length;
    return column >= 0 && body.startsWith(written, column) ? column : Math.max(0, body.indexOf(written));
  };
  return {
    /** A body line (0-based) and column (1-based) for `placeOf`. */
    at(offset: number): [number, number] {
      const k = lineOf(offset);
      return [firstLine + k, columnOf(k) + offset - starts[k] + 1];
    },
    /** The body spans of the content from `start` to `end`, a line at a time. */
    spans(start: number, end: number) {
      const spans = [];
      for (let k = lineOf(start); k < starts.length && starts[k] < end; k++) {
        const from = Math.max(start, starts[k]) - starts[k];
        const to = Math.min(end, (starts[k + 1] ?? Infinity) - 1, content.length) - starts[k];
        spans.push({ line: firstLine + k, from: columnOf(k) + from, to: columnOf(k) + to });
      }
      return spans;
    },
  };
}

/** The JSX tags and MDX comments in a text; in inline text (`inline`), code spans and escaped `<` are passed over. */
function* mdxIn(content: string, inline: boolean): Generator<Found> {
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (inline && c === '\\') i++;
    else if (inline && c === '`') i = afterCodeSpan(content, i) - 1;
    else if (c === '{' && content.startsWith('{/*', i)) {
      const end = content.indexOf('*/}', i + 3);
      if (end < 0) {
        yield { start: i, end: i + 3, kind: 'unclosed-comment' };
        return;
      }
      yield { start: i, end: end + 3, kind: 'comment' };
      i = end + 2;
    } else if (c === '<') {
      const tag = jsxTag(content, i);
      if (!tag) continue;
      yield tag;
      i = tag.end - 1;
    }
  }
}

/** Past the code span opening at `start` (a run of backticks closed by a run as long), or past the run alone. */
function afterCodeSpan(content: string, start: number): number {
  let end = start;
  while (content[end] === '`') end++;
  const run = end - start;
  for (let at = content.indexOf('`', end); at >= 0; at = content.indexOf('`', at)) {
    let close = at;
    while (content[close] === '`') close++;
    if (close - at === run) return close;
    at = close;
  }
  return end;
}

const TAG_NAME = /<(\/?)([A-Z][\w.]*)/y;

/** The JSX tag at `start`: a capitalised name, then attributes whose values may be quoted or `{…}`, to its `>`. */
function jsxTag(content: string, start: number): Found | undefined {
  TAG_NAME.lastIndex = start;
  const name = TAG_NAME.exec(content);
  if (!name) return undefined;
  let i = start + name[0].length;
  if (!/[\s/>]/.test(content[i] ?? '')) return undefined;
  let quote: string | undefined;
  let braces = 0;
  for (; i < content.length; i++) {
    const c = content[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || (braces > 0 && c === '`')) quote = c;
    else if (c === '{') braces++;
    else if (c === '}') braces = Math.max(0, braces - 1);
    else if (braces === 0 && c === '<') return undefined;
    else if (braces === 0 && c === '>') {
      const kind = name[1] ? 'close' : content[i - 1] === '/' ? 'self' : 'open';
      return { start, end: i + 1, kind, name: name[2] };
    }
  }
  return undefined;
}
