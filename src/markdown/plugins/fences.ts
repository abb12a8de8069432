// Unclosed code fences. CommonMark runs a fence with no closing line to the end of its container (the page, a list
// item, an admonition), so a forgotten ``` turns the rest of the page into code without any error. The build goes on,
// as the reader would see it, with a warning at the opening line, where the writer can tell which fence it is.
import type { MarkdownIt } from 'markdown-it';
import { type MarkdownEnv, placeOf } from '../env.ts';

export function unclosedFences(md: MarkdownIt): void {
  // After 'block': fences are block tokens with their lines; nothing later changes them.
  md.core.ruler.after('block', 'egdocs_unclosed_fences', (state) => {
    const env = state.env as unknown as MarkdownEnv;
    for (const token of state.tokens) {
      if (token.type !== 'fence' || !token.map) continue;
      const [start, end] = token.map;
      // A closed fence's last line is its closing marker; the opening line alone (end - 1 === start) is not one.
      if (end - 1 > start && closes(env.lines[end - 1] ?? '', token.markup)) continue;
      const opening = token.markup + (token.info.trim().split(/\s+/)[0] ?? '');
      const column = Math.max(0, env.lines[start].indexOf(token.markup)) + 1;
      const { location, related } = placeOf(env, start, column);
      env.diagnostics.warn(
        'unclosed-fence',
        `code fence '${opening}' is never closed, so the text after it shows as code`,
        location,
        `add a line '${token.markup}' after the code`,
        related,
      );
    }
  });
}

/** Whether a line (with any blockquote or list indentation before it) closes a fence opened with `markup`. */
function closes(line: string, markup: string): boolean {
  const marker = /^[\s>]*([`~]{3,})[ \t]*\r?$/.exec(line)?.[1];
  return (
    marker !== undefined && marker[0] === markup[0] && marker.length >= markup.length && new Set(marker).size === 1
  );
}
