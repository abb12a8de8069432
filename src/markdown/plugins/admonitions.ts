// Admonitions: `:::tip Optional title` ... `:::` becomes a titled note box.
// A block rule (not a regex over text) so that the content inside is ordinary markdown with correct lines.
import type { MarkdownIt, StateBlock } from 'markdown-it';
import { fail } from '../../shared/model/diagnostics.ts';
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
const OPEN = /^:::\s*([a-z]+)(?:\s+(.*))?$/;

export function admonitions(md: MarkdownIt): void {
  md.block.ruler.before(
    'fence',
    'admonition',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const line = lineText(state, startLine);
      const match = OPEN.exec(line);
      if (!match) return false;
      const type = match[1];
      if (!(ADMONITION_TYPES as readonly string[]).includes(type)) return false;
      if (silent) return true;

      // Find the closing ':::' at the same or lower indentation, allowing nested admonitions.
      let depth = 1;
      let next = startLine + 1;
      for (; next < endLine; next++) {
        const text = lineText(state, next);
        // Any container opens a level: an admonition, or tabs inside one.
        const opened = OPEN.exec(text)?.[1];
        if (opened && (opened === 'tabs' || (ADMONITION_TYPES as readonly string[]).includes(opened))) depth++;
        else if (/^:::\s*$/.test(text) && --depth === 0) break;
      }
      if (next >= endLine) {
        const { location, related } = placeOf(state.env as unknown as MarkdownEnv, startLine);
        fail('content', `':::${type}' is never closed`, location, "add a line ':::' after its content", related);
      }

      const title = match[2]?.trim() || ADMONITION_NAMES[type];
      const open = state.push('admonition_open', 'div', 1);
      open.block = true;
      open.info = type;
      // ':::' tells it from a GitHub alert, which becomes an admonition too (alerts.ts) but is written as a quote.
      open.markup = ':::';
      open.meta = { title };
      open.map = [startLine, next + 1];
      const oldParent = state.parentType;
      const oldLineMax = state.lineMax;
      state.parentType = 'blockquote' as typeof state.parentType;
      state.lineMax = next;
      state.md.block.tokenize(state, startLine + 1, next);
      state.parentType = oldParent;
      state.lineMax = oldLineMax;
      state.push('admonition_close', 'div', -1).block = true;
      state.line = next + 1;
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );

  md.renderer.rules.admonition_open = (tokens, idx) => {
    const { info: type, meta } = tokens[idx];
    const title = md.utils.escapeHtml((meta as { title: string }).title);
    return `<div class="admonition admonition-${type}" role="note"><p class="admonition-title"><span class="admonition-icon" aria-hidden="true"></span>${title}</p><div class="admonition-content">\n`;
  };
  md.renderer.rules.admonition_close = () => '</div></div>\n';
}
