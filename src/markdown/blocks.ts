// A doc cut into the blocks a reader compares between two versions of it (site/changes.ts): headings, paragraphs,
// list items, tables and code blocks. Made from the doc's markdown copy (markdown/copy.ts), where included text is in
// place and admonitions and tabs are plain quotes and bold labels, so the same text compares equal in both versions
// whatever syntax wrote it.
//
// Each block has a key, its plain text: two blocks are the same when their keys are. Links compare by their text, as
// a reader sees them: the same sentence links to /docs/2.1/… in one version and /docs/… in the next.
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** A table cell, or an inline run of text: its plain text, and its HTML. */
export interface Inline {
  text: string;
  html: string;
}

export type Block =
  | { kind: 'heading'; key: string; level: number; inline: Inline }
  /** A paragraph, or a list item's; `depth` counts the lists it is in, `quote` the quotes (admonitions). */
  | { kind: 'text'; key: string; inline: Inline; depth: number; item: boolean; quote: boolean }
  | { kind: 'table'; key: string; head: Inline[]; rows: Inline[][] }
  | { kind: 'code'; key: string; lang: string; code: string };

export interface BlockOptions {
  /** The site's URL without its base path (config.url): absolute links to the site are written as paths. */
  siteUrl: string;
  /** The base path ('/docs-site/'). */
  baseUrl: string;
}

const plain = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** The blocks of a markdown copy, in order. */
export function blocksOf(markdown: string, options: BlockOptions): Block[] {
  const tokens = plain.parse(markdown, {});
  const inline = (token: Token): Inline => ({
    text: squash(textOf(token.children ?? [])),
    html: htmlOf(token.children ?? [], options),
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
        quote--;
        break;
      case 'heading_open': {
        const level = Number(token.tag.slice(1));
        const text = withoutId(inline(tokens[i + 1]));
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
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'image') text += textOf(child.children ?? []);
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
  }
  return text;
}

/** Whitespace runs as one space, trimmed: a rewrapped line is the same text. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The inline run as HTML: links to the site become paths (the copy made them absolute for readers without the site),
 * and an image is named, not shown, so a comparison page loads no pictures.
 */
function htmlOf(children: Token[], { siteUrl, baseUrl }: BlockOptions): string {
  for (const child of children) {
    const href = child.type === 'link_open' ? String(child.attrGet('href') ?? '') : '';
    if (href.startsWith(siteUrl + baseUrl)) child.attrSet('href', href.slice(siteUrl.length));
    if (child.type === 'image') {
      // The tokens are this call's own parse: changed in place.
      child.content = `[${textOf(child.children ?? [])}]`;
      child.type = 'text';
    }
  }
  return plain.renderer.renderInline(children, plain.options, {});
}
