// GitHub's alerts: a blockquote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or
// `[!CAUTION]` renders as the admonition of that name (IMPORTANT as `info`), so a README or a page that is also read
// on GitHub looks right in both places. It rewrites the parsed tokens (a core rule after the block parse), so the
// quote's content is rendered exactly as the admonition's would be.
import type { MarkdownIt, StateCore } from 'markdown-it';
import type { MarkdownEnv } from '../env.ts';
import { placeOf } from '../env.ts';
import { didYouMean } from '../../shared/model/diagnostics.ts';

const ALERTS: Record<string, { type: string; title: string }> = {
  NOTE: { type: 'note', title: 'Note' },
  TIP: { type: 'tip', title: 'Tip' },
  IMPORTANT: { type: 'info', title: 'Important' },
  WARNING: { type: 'warning', title: 'Warning' },
  CAUTION: { type: 'caution', title: 'Caution' },
};
const MARKER = /^\[!([A-Za-z]+)\][ \t]*(?:\n|$)/;

export function alerts(md: MarkdownIt): void {
  md.core.ruler.after('block', 'github_alerts', (state: StateCore) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i];
      const inline = tokens[i + 2];
      if (open.type !== 'blockquote_open' || tokens[i + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline')
        continue;
      const marker = MARKER.exec(inline.content);
      if (!marker) continue;
      const alert = ALERTS[marker[1].toUpperCase()];
      if (!alert) {
        const env = state.env as MarkdownEnv;
        const known = Object.keys(ALERTS);
        const near = didYouMean(marker[1].toUpperCase(), known);
        const { location, related } = placeOf(env, open.map?.[0] ?? 0);
        env.diagnostics.warn(
          'content',
          `'[!${marker[1]}]' is not a GitHub alert type, so the quote stays a quote`,
          location,
          near ? `did you mean '[!${near}]'?` : `GitHub's alert types are ${known.join(', ')}`,
          related,
        );
        continue;
      }
      const close = tokens.findIndex((t, j) => j > i && t.type === 'blockquote_close' && t.level === open.level);
      open.type = 'admonition_open';
      open.tag = 'div';
      open.info = alert.type;
      open.meta = { title: alert.title };
      tokens[close].type = 'admonition_close';
      tokens[close].tag = 'div';
      inline.content = inline.content.slice(marker[0].length);
      // A marker alone on its paragraph's only line leaves an empty paragraph: drop it.
      if (inline.content.trim() === '') tokens.splice(i + 1, 3);
      // The title, as an admonition written with ':::' has it (admonitions.ts).
      const title = [
        new state.Token('admonition_title_open', 'p', 1),
        Object.assign(new state.Token('inline', '', 0), { content: alert.title, map: open.map, children: [] }),
        new state.Token('admonition_title_close', 'p', -1),
      ];
      title.forEach((token, j) => (token.level = open.level + 1 + (j % 2)));
      tokens.splice(i + 1, 0, ...title);
    }
  });
}
