// The titled `:::` containers: admonitions (`:::tip Optional title` ... `:::`, a titled note box) and collapsible
// sections (`:::details Summary` ... `:::`, a <details> under its <summary>). A title is written after the name, or in
// brackets right after it as Docusaurus writes it (`:::tip[My tip]`); either way it is markdown, parsed as the
// page's other inline text (an `inline` token between the title's open and close tokens), so its links are located
// and checked like any other. A block rule (not a regex over text) so that the content inside is ordinary markdown
// with correct lines. A line starting with `:::` that opens no container shows as text: a warning says so.
import type { MarkdownIt, StateBlock, StateCore } from 'markdown-it';
import { didYouMean, fail } from '../../shared/model/diagnostics.ts';
import type { MarkdownEnv } from '../env.ts';
import { lineText, placeOf } from '../env.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'warning', 'danger'] as const;
/** Each type's name as a reader sees it: the title of a box that has none of its own. */
export const ADMONITION_NAMES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  caution: 'Caution',
  warning: 'Warning',
  danger: 'Danger',
};
/** The summary of a `:::details` written without one. */
const DETAILS_SUMMARY = 'Details';
/** Every `:::` container: those of this file, and tabs (tabs.ts). */
export const CONTAINERS: readonly string[] = [...ADMONITION_TYPES, 'details', 'tabs'];

/**
 * `:::name`, `:::name Title` or `:::name[Title]` (the brackets' content up to the line's last `]`). More colons are
 * the same line (`::::info` around a `:::tip`, as Docusaurus nests them): containers nest by counting, whatever their
 * colons.
 */
const OPEN = /^:{3,}\s*([a-z]+)(?:\[(.*)\]|\s+(.*))?$/;
const CLOSE = /^:{3,}\s*$/;

/** A `:::` line's container name and the title written on it, if the line opens a container of a known name. */
export function containerOpening(line: string): { name: string; title: string | undefined } | undefined {
  const match = OPEN.exec(line.trim());
  if (!match || !CONTAINERS.includes(match[1])) return undefined;
  return { name: match[1], title: (match[2] ?? match[3])?.trim() || undefined };
}

/** The token type prefix of a titled container: `admonition_open`, `details_open`, and their titles' tokens. */
type Kind = 'admonition' | 'details';
const TAGS: Record<Kind, { box: string; title: string }> = {
  admonition: { box: 'div', title: 'p' },
  details: { box: 'details', title: 'summary' },
};

export function admonitions(md: MarkdownIt): void {
  md.block.ruler.before(
    'fence',
    'admonition',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const opening = containerOpening(lineText(state, startLine));
      if (!opening || opening.name === 'tabs') return false;
      if (silent) return true;
      const { name } = opening;

      // Find the closing ':::' at the same or lower indentation, allowing nested containers.
      let depth = 1;
      let next = startLine + 1;
      for (; next < endLine; next++) {
        const text = lineText(state, next);
        if (containerOpening(text)) depth++;
        else if (CLOSE.test(text) && --depth === 0) break;
      }
      if (next >= endLine) {
        const { location, related } = placeOf(state.env as unknown as MarkdownEnv, startLine);
        fail('content', `':::${name}' is never closed`, location, "add a line ':::' after its content", related);
      }

      const kind: Kind = name === 'details' ? 'details' : 'admonition';
      const title = opening.title ?? ADMONITION_NAMES[name] ?? DETAILS_SUMMARY;
      const open = state.push(`${kind}_open`, TAGS[kind].box, 1);
      open.block = true;
      open.info = name;
      // ':::' tells it from a GitHub alert, which becomes an admonition too (alerts.ts) but is written as a quote.
      open.markup = ':::';
      open.meta = { title };
      open.map = [startLine, next + 1];
      state.push(`${kind}_title_open`, TAGS[kind].title, 1).block = true;
      const inline = state.push('inline', '', 0);
      inline.content = title;
      inline.map = [startLine, startLine + 1];
      inline.children = [];
      state.push(`${kind}_title_close`, TAGS[kind].title, -1).block = true;
      const oldParent = state.parentType;
      const oldLineMax = state.lineMax;
      state.parentType = 'blockquote' as typeof state.parentType;
      state.lineMax = next;
      state.md.block.tokenize(state, startLine + 1, next);
      state.parentType = oldParent;
      state.lineMax = oldLineMax;
      state.push(`${kind}_close`, TAGS[kind].box, -1).block = true;
      state.line = next + 1;
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
  // Before the inline parse, while a paragraph's content is still its lines as written.
  md.core.ruler.after('block', 'stray_containers', strayContainers);

  md.renderer.rules.admonition_open = (tokens, idx) =>
    `<div class="admonition admonition-${tokens[idx].info}" role="note">`;
  md.renderer.rules.admonition_title_open = () =>
    '<p class="admonition-title"><span class="admonition-icon" aria-hidden="true"></span>';
  md.renderer.rules.admonition_title_close = () => '</p><div class="admonition-content">\n';
  md.renderer.rules.admonition_close = () => '</div></div>\n';
  // A native <details>: the browser makes its <summary> a button that says whether it is expanded.
  md.renderer.rules.details_open = () => '<details>';
  md.renderer.rules.details_title_open = () => '<summary>';
  md.renderer.rules.details_title_close = () => '</summary><div class="details-content">\n';
  md.renderer.rules.details_close = () => '</div></details>\n';
}

/**
 * A paragraph line starting with `:::` opened no container and closes none, so the reader would see it as text: an
 * unknown name (`:::important`, `:::Tip`), text after a bracketed title, or a `:::` left over. A warning at the line.
 */
function strayContainers(state: StateCore): void {
  const env = state.env as unknown as MarkdownEnv;
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.map || !token.content.includes(':::')) continue;
    token.content.split('\n').forEach((text, i) => {
      const written = /^\s*:{3,}\s*(\S*)/.exec(text);
      if (!written) return;
      const line = token.map![0] + i;
      const column = Math.max(0, (env.lines[line] ?? '').indexOf(':::')) + 1;
      const { location, related } = placeOf(env, line, column);
      const name = /^[A-Za-z][\w-]*/.exec(written[1])?.[0];
      const known = CONTAINERS.map((container) => `':::${container}'`).join(', ');
      if (!name) {
        env.diagnostics.warn(
          'content',
          "this ':::' closes no container, so it shows as text",
          location,
          `remove it, or open a container above it at the same indentation (${known})`,
          related,
        );
      } else if (CONTAINERS.includes(name)) {
        env.diagnostics.warn(
          'content',
          `':::${name}' is written in a form egdocs does not read, so the line shows as text`,
          location,
          `write ':::${name}', ':::${name} Title' or ':::${name}[Title]' alone on its line`,
          related,
        );
      } else {
        const near = didYouMean(name.toLowerCase(), CONTAINERS);
        env.diagnostics.warn(
          'content',
          `':::${name}' is not a container egdocs knows, so the line shows as text`,
          location,
          near ? `did you mean ':::${near}'?` : `the containers are ${known}`,
          related,
        );
      }
    });
  }
}
