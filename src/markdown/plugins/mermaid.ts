// Mermaid diagrams: a ```mermaid fence is drawn in the browser by mermaid, which only pages with a diagram load
// (src/client/mermaid.ts). The page holds the diagram's source as a code block like any other, in a `.mermaid` box:
// what a reader sees until the diagram is drawn, with scripts off, and beside the error when mermaid cannot read it.
// The box names the diagram for screen readers (`data-label`, the drawing's aria-label): the fence's
// `title="…"`, else the title of mermaid's own front matter, else the diagram's first line ("flowchart LR").
// An empty block draws nothing: it is a warning at its line, and left out of the page.
import type { MarkdownIt, Token } from 'markdown-it';
import { type MarkdownEnv, placeOf } from '../env.ts';
import { parseFenceInfo } from './shiki.ts';

const LANG = 'mermaid';

export function mermaid(md: MarkdownIt): void {
  // After 'block': fences are block tokens with their lines.
  md.core.ruler.after('block', 'mermaid_diagrams', (state) => {
    const env = state.env as unknown as MarkdownEnv;
    for (const token of state.tokens) {
      if (token.type !== 'fence' || !isDiagram(token)) continue;
      if (token.content.trim()) {
        env.mermaid = true;
        continue;
      }
      const line = token.map?.[0] ?? 0;
      const { location, related } = placeOf(env, line, Math.max(0, env.lines[line].indexOf(token.markup)) + 1);
      env.diagnostics.warn(
        'content',
        'this mermaid block is empty, so there is no diagram to draw',
        location,
        'write the diagram between the fences (```mermaid, then `flowchart LR` and its lines), or remove the block',
        related,
      );
    }
  });
  // Must come after the highlight plugin: the diagram's source is the code block it makes.
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (!isDiagram(token)) return fence(tokens, idx, options, env, self);
    if (!token.content.trim()) return '';
    const label = labelOf(parseFenceInfo(token.info).title, token.content);
    return `<div class="mermaid" data-label="${md.utils.escapeHtml(label).replace(/"/g, '&quot;')}">${fence(tokens, idx, options, env, self)}</div>\n`;
  };
}

function isDiagram(token: Token): boolean {
  return token.info.trim().split(/\s+/)[0].toLowerCase() === LANG;
}

/** The diagram's name for screen readers: the fence's title, mermaid's front matter `title:`, or its first line. */
export function labelOf(title: string | undefined, source: string): string {
  if (title?.trim()) return title.trim();
  const lines = source.split('\n').map((line) => line.trim());
  let from = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    const named = lines.slice(1, end < 0 ? undefined : end).find((line) => line.startsWith('title:'));
    if (named)
      return named
        .slice('title:'.length)
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2');
    from = end + 1;
  }
  // Mermaid's comments (`%%`) and directives (`%%{init: …}%%`) say nothing of the diagram.
  return lines.slice(from).find((line) => line && !line.startsWith('%%')) ?? 'Diagram';
}
