// What a page holds besides its HTML, read from its tokens: the title its leading `# Title` gives, its plain text and
// the sections search indexes, a description from its first sentence, and the ids its raw HTML gives links to target.
import type { Token } from 'markdown-it';
import type { PageSection } from '../shared/model/types.ts';
import { plainText } from './plugins/headings.ts';

/** Removes a leading `# Title` (the template renders the h1) and returns its text. */
export function takeLeadingH1(tokens: Token[]): string | undefined {
  const first = tokens.findIndex((t) => t.type !== 'html_block' || !/^<!--/.test(t.content));
  if (tokens[first]?.type !== 'heading_open' || tokens[first].tag !== 'h1') return undefined;
  const text = plainText(tokens[first + 1].children ?? []);
  tokens.splice(first, 3);
  return text;
}

/**
 * Plain text of the page (prose and inline code, not code blocks or markup), one line per block, and the same text
 * cut at the h2 and h3 headings for search: the text before the first one (id ''), then one section per heading with
 * the prose under it (deeper headings included as text). One walk over the tokens gives both.
 */
export function textOf(tokens: Token[]): { text: string; sections: PageSection[] } {
  const lines: string[] = [];
  const sections: (PageSection & { parts: string[] })[] = [{ id: '', heading: '', text: '', parts: [] }];
  let current = sections[0];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    let line: string | undefined;
    // An admonition's or a collapsible section's title is an inline token of its own too (plugins/admonitions.ts).
    if (token.type === 'inline') line = plainText(token.children ?? []);
    if (token.type === 'heading_open' && (token.tag === 'h2' || token.tag === 'h3')) {
      const heading = plainText(tokens[i + 1]?.children ?? []);
      current = { id: String(token.attrGet('id') ?? ''), heading, text: '', parts: [] };
      sections.push(current);
      lines.push(heading);
      i += 2;
      continue;
    }
    if (line === undefined) continue;
    lines.push(line);
    current.parts.push(line);
  }
  return {
    text: lines.join('\n'),
    sections: sections
      .map(({ parts, ...section }) => ({ ...section, text: parts.join(' ').replace(/\s+/g, ' ').trim() }))
      .filter((section, i) => i > 0 || section.text),
  };
}

/** The first sentence of the first line long enough to say something, for a page without a description. */
export function firstSentence(text: string): string {
  const line = text.split('\n').find((l) => l.trim().length > 20) ?? '';
  const sentence = /^(.{20,200}?[.!?])(\s|$)/.exec(line)?.[1] ?? line.slice(0, 160);
  return sentence.trim();
}

/** Ids written in raw HTML in the markdown (`<a id="x"></a>`), which links may target too. */
export function rawHtmlIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  const collect = (content: string) => {
    for (const match of content.matchAll(/\sid=["']([^"']+)["']/g)) ids.push(match[1]);
  };
  for (const token of tokens) {
    if (token.type === 'html_block') collect(token.content);
    for (const child of token.children ?? []) if (child.type === 'html_inline') collect(child.content);
  }
  return ids;
}
