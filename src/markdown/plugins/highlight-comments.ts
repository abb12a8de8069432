// Highlight comments in fenced code, as Docusaurus's magic comments: `// highlight-next-line` marks the line after
// it, `// highlight-start` ... `// highlight-end` the lines between. The comment lines are taken out of the code (so
// neither the page nor its copy button shows them, nor the markdown copy), and the lines they mark are highlighted
// as `{2-3}` in the fence's info highlights lines: the two add up, and `{…}` counts the lines shown.
//
// A comment is written in its language's own syntax (comment-forms.ts), so a markdown block showing a JavaScript
// example keeps the example's `// highlight-next-line` as code.
import type { MarkdownIt, StateCore } from 'markdown-it';
import { cut, type MarkdownEnv, placeOf } from '../env.ts';
import { type CommentForm, commentForms, commentLine, writtenComment } from '../comment-forms.ts';
import { parseFenceInfo } from './shiki.ts';

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';
/** A highlight comment line of these forms, its directive the first group that is set. */
const matcher = (forms: CommentForm[]) => commentLine(forms, '(highlight-(?:next-line|start|end))');

/** The comment in the fence language's first form, for hints. */
const written = (directive: Directive, forms: CommentForm[]) => writtenComment(directive, forms);

export function highlightComments(md: MarkdownIt): void {
  // After 'block': fences are block tokens with their lines and code, which the fence renderer reads (highlight.ts).
  md.core.ruler.after('block', 'highlight_comments', (state: StateCore) => {
    const env = state.env as unknown as MarkdownEnv;
    for (const token of state.tokens) {
      if (token.type !== 'fence' || !token.map || !token.content.includes('highlight-')) continue;
      const language = parseFenceInfo(token.info).lang;
      const forms = commentForms(language);
      const comment = matcher(forms);
      const trailing = token.content.endsWith('\n');
      const lines = (trailing ? token.content.slice(0, -1) : token.content).split('\n');
      const kept: string[] = [];
      const marked: number[] = [];
      let nextLine: number | undefined;
      const starts: number[] = [];
      const warn = (bodyLine: number, message: string, hint: string) => {
        const text = env.lines[bodyLine] ?? '';
        const { location, related } = placeOf(env, bodyLine, text.search(/\S/) + 1);
        env.diagnostics.warn('content', message, location, hint, related);
      };
      lines.forEach((line, i) => {
        const directive = comment.exec(line)?.slice(1).find(Boolean) as Directive | undefined;
        // The fence's first code line is the body line after its opening line.
        const bodyLine = token.map![0] + 1 + i;
        if (!directive) {
          kept.push(line);
          if (nextLine !== undefined || starts.length > 0) marked.push(kept.length);
          nextLine = undefined;
          return;
        }
        cut(env, { line: bodyLine, from: 0, to: env.lines[bodyLine]?.length ?? 0 });
        if (directive === 'highlight-next-line') nextLine = bodyLine;
        else if (directive === 'highlight-start') starts.push(bodyLine);
        else if (starts.pop() === undefined) {
          warn(
            bodyLine,
            "'highlight-end' ends no 'highlight-start', so it marks no line",
            `put '${written('highlight-start', forms)}' on a line of its own before the first line to highlight`,
          );
        }
      });
      if (nextLine !== undefined) {
        warn(
          nextLine,
          "'highlight-next-line' has no line of code after it, so it marks no line",
          'put it on the line before the one to highlight, or remove it',
        );
      }
      for (const start of starts) {
        warn(
          start,
          "'highlight-start' is never ended, so every line after it to the end of the code is highlighted",
          `put '${written('highlight-end', forms)}' on a line of its own after the last line to highlight`,
        );
      }
      if (kept.length === lines.length) continue;
      token.content = kept.join('\n') + (trailing ? '\n' : '');
      token.meta = { ...(token.meta as object | null), highlight: marked };
    }
  });
}

/** The lines a fence's highlight comments marked (1-based, as the code is shown), for the fence renderer. */
export function commentedLines(token: { meta: unknown }): readonly number[] {
  return (token.meta as { highlight?: number[] } | null)?.highlight ?? [];
}
