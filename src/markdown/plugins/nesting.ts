// Markdown nested past markdown-it's limit (blockquotes in lists in blockquotes...). At the limit markdown-it stops
// reading the block it is in and silently drops the rest of it, which with lazy continuation lines can be the rest of
// the page. The limit stays (it bounds the parser's recursion); reaching it is a warning at the line where text
// starts to go missing.
import type { MarkdownIt } from 'markdown-it';
import { type MarkdownEnv, placeOf } from '../env.ts';

export function nestingLimit(md: MarkdownIt): void {
  const tokenize = md.block.tokenize.bind(md.block);
  // The block parser checks the level once per line it reads; the level only grows on entering a nested block, which
  // calls tokenize again. So checking on entry sees every place where it would stop.
  md.block.tokenize = (state, startLine, endLine) => {
    if (state.level >= state.md.options.maxNesting) {
      const env = state.env as unknown as MarkdownEnv;
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && state.sCount[line] >= state.blkIndent && !env.nestingWarned) {
        env.nestingWarned = true;
        const column = (env.lines[line]?.search(/\S/) ?? 0) + 1;
        const { location, related } = placeOf(env, line, column);
        env.diagnostics.warn(
          'content',
          `markdown is nested too deeply here (the parser stops at ${state.md.options.maxNesting} open elements: a list item is two), so this line and the rest of its block are left out of the page`,
          location,
          'nest fewer blockquotes and lists',
          related,
        );
      }
    }
    tokenize(state, startLine, endLine);
  };
}
