// Footnotes: `[^1]` (or `[^label]`) in the text refers to a note written anywhere on the page as `[^1]: text`, and
// `^[text]` is a note written in place. markdown-it-footnote parses them and lists the notes at the end of the page;
// egdocs renders them: numbered links with names, the list in a section named for assistive technology, a link back
// from each note to each reference. Their ids hold a colon (`fn:1`, `fnref:1`), which a heading's id never has (a
// slug drops punctuation, a `{#custom-id}` is letters, digits, `-` and `_`), so they never collide; the page's anchors
// list them (footnoteIds), so `check` knows them. A reference to no note, a note nothing refers to (which the
// plugin leaves out of the page) and a label defined twice are warnings at their lines.
import type { MarkdownIt, StateBlock, StateCore, Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { type MarkdownEnv, placeOf } from '../env.ts';
import { forEachInline } from './locate.ts';

/** What markdown-it-footnote keeps in `env`: each label's note number (-1 while nothing refers to it). */
interface FootnoteEnv {
  footnotes?: { refs?: Record<string, number> };
  /** The `[^label]:` lines, in the order the notes were parsed (footnote_lines below). */
  footnoteDefinitions?: { label: string; line: number }[];
}

/** A note's reference as its meta says: its note (0-based) and which reference to it this is (0-based). */
interface RefMeta {
  id: number;
  subId?: number;
}

const DEFINITION = /^\[\^([^\]\s]+)\]:/;
const REFERENCE = /\[\^([^\]\s]+)\]/g;

const metaOf = (token: Token) => token.meta as unknown as RefMeta;

/** The id of a note's n-th reference (0-based); the first has the note's number alone. */
const refId = ({ id, subId = 0 }: RefMeta) => `fnref:${id + 1}${subId > 0 ? `:${subId + 1}` : ''}`;

export function footnotes(md: MarkdownIt): void {
  md.use(footnote);
  // markdown-it-footnote's definition tokens have no lines: note each definition's line before its rule reads it.
  md.block.ruler.before(
    'footnote_def',
    'footnote_lines',
    (state: StateBlock, startLine: number, _endLine: number, silent: boolean) => {
      const start = state.bMarks[startLine] + state.tShift[startLine];
      if (silent || state.src.charCodeAt(start) !== 0x5b /* [ */) return false;
      const label = DEFINITION.exec(state.src.slice(start, state.eMarks[startLine]))?.[1];
      const env = state.env as FootnoteEnv;
      if (label !== undefined) (env.footnoteDefinitions ??= []).push({ label, line: startLine });
      return false;
    },
    { alt: ['paragraph', 'reference'] },
  );
  // After the references are read ('inline'), before the notes nothing refers to are dropped ('footnote_tail').
  md.core.ruler.before('footnote_tail', 'footnote_warnings', warnings);

  md.renderer.rules.footnote_ref = (tokens, idx) => {
    const meta = metaOf(tokens[idx]);
    const n = meta.id + 1;
    return `<sup class="footnote-ref"><a href="#fn:${n}" id="${refId(meta)}" aria-label="Footnote ${n}">${n}</a></sup>`;
  };
  md.renderer.rules.footnote_block_open = () => '<section class="footnotes" aria-label="Footnotes">\n<ol>\n';
  md.renderer.rules.footnote_block_close = () => '</ol>\n</section>\n';
  md.renderer.rules.footnote_open = (tokens, idx) => `<li id="fn:${metaOf(tokens[idx]).id + 1}">`;
  md.renderer.rules.footnote_close = () => '</li>\n';
  md.renderer.rules.footnote_anchor = (tokens, idx) => {
    const meta = metaOf(tokens[idx]);
    const which = meta.subId ? ` (${meta.subId + 1})` : '';
    // U+FE0E: the arrow as text, not as the emoji some phones draw.
    return ` <a href="#${refId(meta)}" class="footnote-backref" aria-label="Back to reference ${meta.id + 1}${which}">\u21a9\ufe0e</a>`;
  };
}

function warnings(state: StateCore): void {
  const env = state.env as MarkdownEnv & FootnoteEnv;
  const refs = env.footnotes?.refs ?? {};
  const first = new Map<string, number>();
  for (const { label, line } of env.footnoteDefinitions ?? []) {
    const { location, related } = placeOf(env, line);
    const earlier = first.get(label);
    if (earlier !== undefined) {
      env.diagnostics.warn(
        'content',
        `footnote '[^${label}]' is defined twice, and the page shows this text only`,
        location,
        'give each footnote a label of its own, or remove one of them',
        [{ message: 'the first definition', location: placeOf(env, earlier).location }, ...(related ?? [])],
      );
    } else if (refs[`:${label}`] === -1) {
      env.diagnostics.warn(
        'content',
        `footnote '[^${label}]' is never referred to, so its text is left out of the page`,
        location,
        `refer to it with '[^${label}]' in the text, or remove it`,
        related,
      );
    }
    first.set(label, line);
  }
  // A reference to no definition is left as its text by the plugin.
  forEachInline(state, 'text', (token, _env, locate) => {
    for (const [written, label] of token.content.matchAll(REFERENCE)) {
      if (refs[`:${label}`] !== undefined) continue;
      const { file, line, column, related } = locate(written);
      env.diagnostics.warn(
        'content',
        `footnote '${written}' has no definition, so it shows as text`,
        { file, line, column },
        `add a line '${written}: the note's text' to the page (the notes are listed at its end)`,
        related,
      );
    }
  });
}

/** The ids the page's notes and references have, for its anchors. */
export function footnoteIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  for (const token of tokens) {
    if (token.type === 'footnote_open') ids.push(`fn:${metaOf(token).id + 1}`);
    for (const child of token.children ?? []) if (child.type === 'footnote_ref') ids.push(refId(metaOf(child)));
  }
  return ids;
}
