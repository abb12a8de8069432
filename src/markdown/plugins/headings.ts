// Heading ids and the heading list. markdown-it-anchor gives unique slugs and the self-link;
// the custom-id rule lets a writer pin an id with `## Title {#my-id}`; the last rule records every heading.
import type { MarkdownIt, Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { attr, fileLine, type MarkdownEnv } from '../env.ts';
import { slugify } from '../slug.ts';

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

export function headings(md: MarkdownIt): void {
  // Runs right after 'inline', so before markdown-it-anchor (pushed last), which keeps an id already set.
  md.core.ruler.after('inline', 'heading_custom_id', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const match = CUSTOM_ID.exec(inline.content);
      if (!match) continue;
      tokens[i].attrSet('id', match[1]);
      inline.content = inline.content.replace(CUSTOM_ID, '');
      const last = inline.children?.at(-1);
      if (last?.type === 'text') last.content = last.content.replace(CUSTOM_ID, '');
    }
  });
  md.use(anchor, {
    slugify,
    level: 2,
    tabIndex: false,
    // A named link, not aria-hidden: a hidden element must not be focusable, and keyboard users may want it too.
    permalink: anchor.permalink.linkInsideHeader({
      symbol: '#',
      placement: 'after',
      class: 'hash-link',
      ariaHidden: false,
      renderAttrs: (slug, state) => {
        const heading = state.tokens.findIndex((t) => t.type === 'heading_open' && attr(t, 'id') === slug);
        return { 'aria-label': `Direct link to ${heading >= 0 ? state.tokens[heading + 1].content : slug}` };
      },
    }),
  });
  // Must come after markdown-it-anchor: it reads the ids the anchor rule assigned.
  md.core.ruler.push('heading_list', (state) => {
    const env = state.env as unknown as MarkdownEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.type !== 'heading_open') continue;
      const id = attr(token, 'id');
      if (!id) continue;
      env.headings.push({ level: Number(token.tag.slice(1)), id, text: plainText(tokens[i + 1].children ?? []), line: fileLine(env, token.map?.[0] ?? 0) });
    }
  });
}

/** Text of inline tokens, stopping at the self-link the anchor plugin appended. */
export function plainText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'link_open' && attr(child, 'class') === 'hash-link') break;
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
    else if (child.type === 'image') text += child.content;
  }
  return text.trim();
}
