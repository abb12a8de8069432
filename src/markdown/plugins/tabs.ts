// Tabs in plain markdown, in the admonitions' container syntax:
//
//   :::tabs platform          the word after `tabs` is the group: tabs of one group switch together, and the
//   ::tab Android             reader's choice is remembered; without it the block stands alone
//   steps for Android
//   ::tab iOS
//   steps for iOS
//   :::
//
// Each `::tab Label` starts a panel that runs to the next one or to the closing `:::`; a panel is ordinary markdown
// (admonitions and code blocks included). A tab's id is its label's slug (`?tab=ios` selects it). The HTML is the
// WAI-ARIA tabs pattern with the first tab selected; the other panels are `hidden="until-found"`, so the browser's
// find-in-page still reaches them, and without scripts the stylesheet shows every panel under its label.
import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { MarkdownEnv } from '../env.ts';
import { lineText, placeOf } from '../env.ts';
import type { Related } from '../../shared/model/diagnostics.ts';
import { slugify } from '../slug.ts';

// More colons are the same lines, as in admonitions.ts.
const OPEN = /^:{3,}\s*tabs(?:\s+(.*))?$/;
const TAB = /^::tab(?:\s+(.*))?$/;
const CONTAINER_OPEN = /^:{3,}\s*[a-z]+/;
const CLOSE = /^:{3,}\s*$/;
const GROUP = /^[a-z0-9][a-z0-9-]*$/;

type TabsMeta = {
  group?: string;
  /** The page's n-th tab block, for ids that are unique on the page and stable between builds. */
  index: number;
  tabs: { id: string; label: string }[];
};

export function tabs(md: MarkdownIt): void {
  md.block.ruler.before(
    'fence',
    'tabs',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const match = OPEN.exec(lineText(state, startLine));
      if (!match) return false;
      if (silent) return true;
      const env = state.env as unknown as MarkdownEnv;
      // A problem at a body line: its file and line (an included file's, with the directive as a related place).
      const report = (line: number, message: string, hint: string, others: Related[] = []) => {
        const { location, related } = placeOf(env, line);
        env.diagnostics.error('content', message, location, hint, [...others, ...(related ?? [])]);
      };
      const group = match[1]?.trim() || undefined;
      if (group !== undefined && !GROUP.test(group)) {
        report(
          startLine,
          `':::tabs ${group}' names its group with lowercase letters, digits and hyphens only`,
          "write a group key such as ':::tabs platform', or ':::tabs' alone for a block that stands alone",
        );
      }

      // The panels' first lines, and the closing line: nested containers (admonitions) have their own ':::'.
      const starts: { line: number; label: string }[] = [];
      let depth = 1;
      let next = startLine + 1;
      for (; next < endLine; next++) {
        const text = lineText(state, next);
        if (CLOSE.test(text)) {
          if (--depth === 0) break;
        } else if (CONTAINER_OPEN.test(text)) depth++;
        else if (depth === 1 && TAB.test(text)) {
          const label = TAB.exec(text)![1]?.trim() ?? '';
          if (!label) report(next, "'::tab' needs a label", "write '::tab Android'");
          starts.push({ line: next, label: label || `Tab ${starts.length + 1}` });
        } else if (depth === 1 && starts.length === 0 && text.trim() !== '') {
          report(
            next,
            `text before the first '::tab' of ':::tabs' belongs to no tab`,
            "start each tab with a line '::tab Label'",
          );
        }
      }
      if (next >= endLine) {
        report(startLine, "':::tabs' is never closed", "add a line ':::' after the last tab");
      }
      if (starts.length === 0) {
        report(startLine, "':::tabs' has no tabs", "start each tab with a line '::tab Label'");
      }
      const seen = new Map<string, number>();
      const meta: TabsMeta = {
        group,
        index: (env.tabBlocks = (env.tabBlocks ?? 0) + 1),
        tabs: starts.map(({ label, line }) => {
          const id = slugify(label) || 'tab';
          if (seen.has(id)) {
            report(line, `two tabs of one ':::tabs' are both '${label}'`, 'give each tab of a block its own label', [
              { message: 'the other tab', location: placeOf(env, seen.get(id)!).location },
            ]);
          }
          seen.set(id, line);
          return { id, label };
        }),
      };

      const open = state.push('tabs_open', 'div', 1);
      open.block = true;
      open.meta = meta;
      open.map = [startLine, next + 1];
      const oldParent = state.parentType;
      const oldLineMax = state.lineMax;
      state.parentType = 'blockquote' as typeof state.parentType;
      starts.forEach((start, i) => {
        const end = i + 1 < starts.length ? starts[i + 1].line : next;
        const panel = state.push('tab_panel_open', 'div', 1);
        panel.block = true;
        panel.meta = { ...meta.tabs[i], block: meta, selected: i === 0 };
        panel.map = [start.line, end];
        state.lineMax = end;
        state.md.block.tokenize(state, start.line + 1, end);
        state.push('tab_panel_close', 'div', -1).block = true;
      });
      state.parentType = oldParent;
      state.lineMax = oldLineMax;
      state.push('tabs_close', 'div', -1).block = true;
      state.line = Math.min(next + 1, endLine);
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );

  const escape = md.utils.escapeHtml;
  const idOf = (block: TabsMeta, tab: string) => `tabs-${block.index}-${tab}`;
  md.renderer.rules.tabs_open = (tokens, idx) => {
    const block = tokens[idx].meta as unknown as TabsMeta;
    const buttons = block.tabs.map(
      ({ id, label }, i) =>
        `<button type="button" role="tab" id="${idOf(block, id)}" aria-controls="${idOf(block, id)}-panel" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}" data-tab="${id}">${escape(label)}</button>`,
    );
    const group = block.group ? ` data-group="${escape(block.group)}"` : '';
    return `<div class="tabs"${group}><div class="tab-list" role="tablist">${buttons.join('')}</div>\n`;
  };
  md.renderer.rules.tab_panel_open = (tokens, idx) => {
    const { id, label, block, selected } = tokens[idx].meta as unknown as TabsMeta['tabs'][number] & {
      block: TabsMeta;
      selected: boolean;
    };
    const hidden = selected ? '' : ' hidden="until-found"';
    return `<div class="tab-panel" role="tabpanel" id="${idOf(block, id)}-panel" aria-labelledby="${idOf(block, id)}" tabindex="0" data-tab="${id}"${hidden}><p class="tab-panel-label">${escape(label)}</p>\n`;
  };
  md.renderer.rules.tab_panel_close = () => '</div>\n';
  md.renderer.rules.tabs_close = () => '</div>\n';
}
