// A doc cut into the blocks a reader compares between two versions of it (site/changes.ts): headings, paragraphs,
// list items, tables and code blocks. Made from the tokens of the doc's own parse (parser.ts), with included text in
// place; an admonition, alert or collapsible section is a quote whose title is its first paragraph, as in the markdown
// copy (copy.ts), and tabs are their panels' blocks, so the same text compares equal in both versions whatever syntax
// wrote it.
//
// Each block has a key, its plain text: two blocks are the same when their keys are. Links compare by their text, as
// a reader sees them: the same sentence links to /docs/2.1/… in one version and /docs/… in the next.
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import type { Block, Inline } from '../shared/model/page.ts';
import { labelOf } from './copy.ts';

export type { Block, Inline } from '../shared/model/page.ts';

/** Renders inline runs: the tokens' links already hold their site paths (plugins/links.ts). */
const plain = new MarkdownIt({ html: false, linkify: false, typographer: false });
// A footnote reference is its number, as the page shows it (plugins/footnotes.ts), without the link to the note.
plain.renderer.rules.footnote_ref = (tokens, idx) => `<sup>${(tokens[idx].meta as { id: number }).id + 1}</sup>`;
// A formula is its TeX source, as the page shows it (plugins/math.ts).
plain.renderer.rules.math_inline = (tokens, idx) => plain.utils.escapeHtml(tokens[idx].content);

/** The blocks of a parsed doc, in order; its tokens are left as they are. */
export function blocksOf(tokens: Token[]): Block[] {
  const inline = (token: Token): Inline => ({
    text: squash(textOf(token.children ?? [])),
    html: htmlOf(token.children ?? []),
  });
  const blocks: Block[] = [];
  let depth = 0;
  let quote = 0;
  let itemOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        depth++;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        depth--;
        break;
      case 'list_item_open':
        itemOpen = true;
        break;
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
      case 'admonition_close':
      case 'details_close':
        quote--;
        break;
      case 'admonition_open':
      case 'details_open': {
        quote++;
        // The title's own inline token follows, between its open and close tokens (plugins/admonitions.ts).
        const label = labelOf(token, inline(tokens[i + 2]).text);
        const title = { text: label, html: `<strong>${plain.utils.escapeHtml(label)}</strong>` };
        blocks.push({ kind: 'text', key: `p\0${label}`, inline: title, depth, item: false, quote: true });
        i += 3;
        break;
      }
      case 'heading_open': {
        const level = Number(token.tag.slice(1));
        const text = withoutId(inline(withoutHashLink(tokens[i + 1])));
        // The copy's first line is the page's title, shown by the comparison page itself.
        if (level > 1) blocks.push({ kind: 'heading', key: `h\0${text.text}`, level, inline: text });
        i += 2;
        break;
      }
      case 'paragraph_open': {
        const text = inline(tokens[i + 1]);
        // A list item's first paragraph is the item; a second one in the same item is a paragraph of it.
        blocks.push({ kind: 'text', key: `p\0${text.text}`, inline: text, depth, item: itemOpen, quote: quote > 0 });
        itemOpen = false;
        i += 2;
        break;
      }
      case 'table_open': {
        const { head, rows, end } = tableAt(tokens, i, inline);
        const key = `t\0${[head, ...rows].map((row) => row.map((cell) => cell.text).join('\x01')).join('\x02')}`;
        blocks.push({ kind: 'table', key, head, rows });
        i = end;
        break;
      }
      case 'math_block':
        // A formula's TeX source, compared as code (plugins/math.ts).
        blocks.push({ kind: 'code', key: `c\0tex\0${token.content}`, lang: 'tex', code: token.content });
        break;
      case 'fence':
      case 'code_block': {
        const lang = token.info.trim().split(/\s+/)[0] ?? '';
        blocks.push({ kind: 'code', key: `c\0${lang}\0${token.content}`, lang, code: token.content });
        break;
      }
    }
  }
  return blocks;
}

/** A heading's inline token without the "#" link the headings plugin adds after its text (plugins/headings.ts). */
function withoutHashLink(token: Token): Token {
  const children = token.children ?? [];
  const at = children.findIndex((child) => child.type === 'link_open' && child.attrGet('class') === 'hash-link');
  if (at < 0) return token;
  const end = children.findIndex((child, i) => i > at && child.type === 'link_close');
  const kept = [...children.slice(0, at), ...children.slice(end + 1)];
  // Trailing space before the link goes with it.
  const last = kept.at(-1);
  if (last?.type === 'text')
    kept[kept.length - 1] = copyOf(last, {
      content: last.content.trimEnd(),
    });
  return copyOf(token, { children: kept });
}

/** A heading's text without the `{#id}` that names its anchor: the id is not what a reader reads. */
function withoutId({ text, html }: Inline): Inline {
  const id = /\s*\{#[^}\s]+\}$/;
  return { text: text.replace(id, ''), html: html.replace(id, '') };
}

/** A table's header and body cells, from its opening token; `end` is the index of its closing one. */
function tableAt(tokens: Token[], start: number, inline: (token: Token) => Inline) {
  const head: Inline[] = [];
  const rows: Inline[][] = [];
  let row: Inline[] | undefined;
  let inHead = false;
  let i = start;
  for (; i < tokens.length && tokens[i].type !== 'table_close'; i++) {
    const token = tokens[i];
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open' && !inHead) rows.push((row = []));
    else if (token.type === 'inline') (inHead ? head : row!).push(inline(token));
  }
  return { head, rows, end: i };
}

/** What a reader reads of an inline run: its text and code, links by their text, images by their description. */
function textOf(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline') text += child.content;
    else if (child.type === 'image') text += textOf(child.children ?? []);
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
  }
  return text;
}

/** Whitespace runs as one space, trimmed: a rewrapped line is the same text. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The inline run as HTML; an image is named, not shown, so a comparison page loads no pictures. */
function htmlOf(children: Token[]): string {
  const shown = children.map((child) =>
    child.type === 'image'
      ? copyOf(child, {
          type: 'text',
          content: `[${textOf(child.children ?? [])}]`,
        })
      : child,
  );
  return plain.renderer.renderInline(shown, plain.options, {});
}

/** A token changed without changing the parse it belongs to, which rendered the page and may render it again. */
function copyOf(token: Token, changes: Partial<Token>): Token {
  return Object.assign(Object.create(Object.getPrototypeOf(token) as object) as Token, token, changes);
}

/** The blocks of a markdown text, parsed by plain markdown-it: for tests of the cut, without a site. */
export function blocksOfMarkdown(markdown: string): Block[] {
  return blocksOf(plain.parse(markdown, {}));
}
