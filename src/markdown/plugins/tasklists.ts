// GFM task lists: a list item starting with "[ ] " or "[x] " gets a disabled checkbox.
import type { MarkdownIt, Token } from 'markdown-it';

const MARK = /^\[([ xX])\]\s/;

export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i];
      if (
        inline.type !== 'inline' ||
        tokens[i - 1].type !== 'paragraph_open' ||
        tokens[i - 2].type !== 'list_item_open'
      )
        continue;
      const first = inline.children?.[0];
      const match = first?.type === 'text' ? MARK.exec(first.content) : null;
      if (!first || !match) continue;
      first.content = first.content.slice(match[0].length);
      const checkbox = new state.Token('html_inline', '', 0) as Token;
      checkbox.content = `<input type="checkbox" class="task-list-checkbox" disabled${match[1] === ' ' ? '' : ' checked'}> `;
      inline.children!.unshift(checkbox);
      tokens[i - 2].attrJoin('class', 'task-list-item');
    }
  });
}
