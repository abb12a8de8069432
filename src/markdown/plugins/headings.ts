// Heading ids and the heading list. markdown-it-anchor gives unique slugs and the self-link;
// the custom-id rule lets a writer pin an id with `## Title {#my-id}`; the last rule records every heading.
import type { MarkdownIt, Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { fail } from '../../shared/model/diagnostics.ts';
import { attr, type MarkdownEnv, pageLine, placeOf } from '../env.ts';
import { slugify } from '../slug.ts';

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

export function headings(md: MarkdownIt): void {
  // Runs right after 'inline', so before markdown-it-anchor (pushed last), which keeps an id already set.
  md.core.ruler.after('inline', 'heading_custom_id', (state) => {
    const env = state.env as unknown as MarkdownEnv;
    const tokens = state.tokens;
    const placeOfId = new Map<string, { file: string; line?: number }>();
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const match = CUSTOM_ID.exec(inline.content);
      if (!match) continue;
      // markdown-it-anchor would stop on it too, but without saying where.
      const bodyLine = tokens[i].map?.[0] ?? 0;
      const column = Math.max(0, (env.lines[bodyLine] ?? '').lastIndexOf(`{#${match[1]}}`)) + 1;
      const { location, related } = placeOf(env, bodyLine, column);
      const first = placeOfId.get(match[1]);
      if (first !== undefined) {
        const where = first.file === location.file ? `line ${first.line}` : `${first.file}:${first.line}`;
        fail(
          'content',
          `heading id '${match[1]}' is already used on ${where}`,
          location,
          'give this heading another {#id}',
          related,
        );
      }
      placeOfId.set(match[1], location);
      tokens[i].attrSet('id', match[1]);
      inline.content = inline.content.replace(CUSTOM_ID, '');
      const last = inline.children?.at(-1);
      if (last?.type === 'text') last.content = last.content.replace(CUSTOM_ID, '');
    }
  });
  // markdown-it-anchor finds each heading again with tokens.indexOf, which is quadratic in a long page (a 5 MB page
  // took two minutes). It reads only headings and their inline children, so it runs over those alone, and
  // renderAttrs finds the heading it is called for by walking on from the last one (anchor goes in order).
  let allTokens: Token[] = [];
  let next = 0;
  md.use(anchor, {
    slugify,
    // markdown-it-anchor's own choice of text, and a formula as written (math.ts), as it was before math had tokens.
    getTokensText: (tokens) =>
      tokens
        .filter((t) => t.type === 'text' || t.type === 'code_inline' || t.type === 'math_inline')
        .map((t) => t.content)
        .join(''),
    level: 2,
    tabIndex: false,
    // A named link, not aria-hidden: a hidden element must not be focusable, and keyboard users may want it too.
    permalink: anchor.permalink.linkInsideHeader({
      symbol: '#',
      placement: 'after',
      class: 'hash-link',
      ariaHidden: false,
      renderAttrs: (slug, state) => {
        const tokens = state.tokens;
        while (next < tokens.length && !(tokens[next].type === 'heading_open' && attr(tokens[next], 'id') === slug))
          next++;
        const heading = next < tokens.length ? next++ : -1;
        return { 'aria-label': `Direct link to ${heading >= 0 ? tokens[heading + 1].content : slug}` };
      },
    }),
  });
  md.core.ruler.before('anchor', 'anchor_headings_only', (state) => {
    allTokens = state.tokens;
    next = 0;
    state.tokens = allTokens.flatMap((token, i) => (token.type === 'heading_open' ? allTokens.slice(i, i + 3) : []));
  });
  md.core.ruler.after('anchor', 'anchor_all_tokens', (state) => {
    state.tokens = allTokens;
    allTokens = [];
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
      env.headings.push({
        level: Number(token.tag.slice(1)),
        id,
        text: plainText(tokens[i + 1].children ?? []),
        line: pageLine(env, token.map?.[0] ?? 0),
      });
    }
  });
}

/** Text of inline tokens, stopping at the self-link the anchor plugin appended. */
export function plainText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'link_open' && attr(child, 'class') === 'hash-link') break;
    // A formula is its TeX source as written (math.ts).
    if (child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
    else if (child.type === 'image') text += child.content;
  }
  return text.trim();
}
