// The markdown copy of a doc (`docs/<id>/index.md`, linked from llms.txt and copied by "Copy page as Markdown"): the
// page's text as plain markdown a person or a model reads without egdocs. Made from the body as parsed, so included
// text is in it, and rewritten line by line where the parse found egdocs' own syntax:
//
//   :::tip Title  ...  :::      > **Title**                 an admonition is a quote under its title in bold,
//   > [!NOTE]                   > **Note**                  as a GitHub alert is, and a collapsible section
//   :::details Summary          > **Summary**               under its summary;
//   :::tabs / ::tab Android     **Android**                 each tab its label in bold, then its text.
//
// Links to the site's pages and images become absolute URLs: a reader of the copy has neither the source folder their
// paths start from nor the site the copy came from.
import type { Token } from 'markdown-it';
import type { MarkdownEnv } from './env.ts';
import { ADMONITION_NAMES, containerOpening } from './plugins/admonitions.ts';

export interface CopyOptions {
  /** The page's title, the copy's first line (unless the body starts with its own `# Title`). */
  title: string;
  /** The site's URL, without the base path (config.url). */
  siteUrl: string;
}

/** How one body line is written in the copy. */
interface LineEdit {
  /** The lines written instead of it; `BREAK` is a blank line only where there is none (see `write`). */
  replaced?: (string | typeof BREAK)[];
  /** Columns where a quote mark goes in, for each admonition or alert the line is in. */
  quotes?: number[];
}

const CLOSE = /^\s*:{3,}\s*$/;
const BREAK = null;
const ALERT_MARK = /\[![A-Za-z]+\]/;

/** The copy of a page from its parsed tokens and the env the parse filled in. */
export function markdownCopy(tokens: Token[], env: MarkdownEnv, options: CopyOptions): string {
  const { lines, gone } = spliced(env, options.siteUrl);
  const edits: LineEdit[] = [];
  const edit = (line: number) => (edits[line] ??= {});
  for (const line of gone) edit(line).replaced = [];
  const quote = (from: number, to: number, column: number) => {
    for (let line = from; line < to; line++) (edit(line).quotes ??= []).push(column);
  };
  for (const token of tokens) {
    const [start, end] = token.map ?? [0, 0];
    if ((token.type === 'admonition_open' && token.markup === ':::') || token.type === 'details_open') {
      // `:::type Title`: a quote whose first line is the title; the closing `:::` goes. The title as the line has
      // it, its links to the site made absolute.
      const column = Math.max(0, lines[start].indexOf(':::'));
      const prefix = lines[start].slice(0, column);
      const title = containerOpening(lines[start].slice(column))?.title;
      edit(start).replaced = [`${prefix}**${labelOf(token, title)}**`, prefix];
      quote(start, end - 1, column);
      if (CLOSE.test(lines[end - 1] ?? '')) edit(end - 1).replaced = [BREAK];
    } else if (token.type === 'admonition_open') {
      // A GitHub alert is a quote already: its `[!NOTE]` becomes the title.
      const line = lines.slice(start, end).findIndex((text) => ALERT_MARK.test(text)) + start;
      if (line < start) continue;
      const text = lines[line];
      const at = text.search(ALERT_MARK);
      edit(line).replaced = [
        `${text.slice(0, at)}**${titleOf(token)}**`,
        text.slice(0, at).trimEnd() + text.slice(at).replace(ALERT_MARK, '').trimEnd(),
      ];
    } else if (token.type === 'tabs_open') {
      edit(start).replaced = [BREAK];
      if (CLOSE.test(lines[end - 1] ?? '')) edit(end - 1).replaced = [BREAK];
    } else if (token.type === 'tab_panel_open') {
      const text = lines[start];
      const prefix = text.slice(0, Math.max(0, text.indexOf('::tab')));
      edit(start).replaced = [BREAK, `${prefix}**${(token.meta as { label: string }).label}**`, BREAK];
    }
  }
  // Most pages have none of this syntax: their lines are written as they are.
  const body = (edits.length > 0 ? write(lines, edits) : lines.join('\n')).trim();
  // A title taken from the body's own '# heading' is there already.
  const titled = /^# /.test(body) ? body : `# ${options.title}\n\n${body}`;
  return `${titled}\n`;
}

function titleOf(token: Token): string {
  return (token.meta as { title: string }).title;
}

/**
 * An admonition's title (`title`, else the one it was parsed with), after its type's name when the title does not say
 * it ('Warning: Back up the keystore'); a collapsible section's summary as it is.
 */
export function labelOf(token: Token, title = titleOf(token)): string {
  const name = ADMONITION_NAMES[token.info];
  return !name || title.toLowerCase().startsWith(name.toLowerCase()) ? title : `${name}: ${title}`;
}

/**
 * The body's lines with each link and image to the site replaced, in place, by its absolute URL, and the text the
 * page leaves out (`env.cuts`) cut; `gone` holds the lines cuts left blank, which go whole.
 */
function spliced(env: MarkdownEnv, siteUrl: string): { lines: string[]; gone: number[] } {
  const cuts = env.cuts ?? [];
  if (env.siteUrls.length === 0 && cuts.length === 0) return { lines: env.lines, gone: [] };
  const lines = [...env.lines];
  // Each a span of a line and its new text; a link's with its href as written (`raw`).
  const splices: { line: number; at: number; length: number; text: string; raw?: string }[] = [
    ...env.siteUrls.map(({ line, column, raw, url }) => ({
      line,
      at: column - 1,
      length: raw.length,
      text: siteUrl + url,
      raw,
    })),
    ...cuts.map(({ line, from, to }) => ({ line, at: from, length: to - from, text: '' })),
  ];
  // From the last back, so that replacing one leaves the columns of those before it on its line right.
  splices.sort((a, b) => b.line - a.line || b.at - a.at);
  for (const splice of splices) {
    const text = lines[splice.line];
    if (text === undefined) continue;
    // The href as it stands in the text; one written another way (escaped, in an HTML tag), or a reference
    // definition used twice and replaced already, is left.
    if (splice.raw !== undefined && !text.startsWith(splice.raw, splice.at)) continue;
    lines[splice.line] = text.slice(0, splice.at) + splice.text + text.slice(splice.at + splice.length);
  }
  const gone = cuts.map(({ line }) => line).filter((line) => !lines[line]?.trim());
  return { lines, gone: [...new Set(gone)] };
}

/**
 * The lines with their edits: replaced lines, then quote marks put in from the right so the columns stay right (a
 * line with nothing after the mark gets '>' alone). A `BREAK` is a blank line where it separates two blocks; next to
 * a blank line, or another `BREAK`, it is left out.
 */
function write(lines: string[], edits: LineEdit[]): string {
  const written: { text: string; soft: boolean }[] = [];
  lines.forEach((line, i) => {
    const { replaced = [line], quotes = [] } = edits[i] ?? {};
    for (const text of replaced) {
      let quoted = text ?? '';
      for (const column of [...quotes].sort((a, b) => b - a)) {
        const at = Math.min(column, /^\s*/.exec(quoted)![0].length);
        const rest = quoted.slice(at);
        quoted = `${quoted.slice(0, at)}${rest ? '> ' : '>'}${rest}`;
      }
      written.push({ text: quoted, soft: text === BREAK });
    }
  });
  const blank = (text: string | undefined) => text === undefined || /^[\s>]*$/.test(text);
  const out: string[] = [];
  written.forEach(({ text, soft }, i) => {
    let next = i + 1;
    while (written[next]?.soft) next++;
    if (!soft || !(blank(out.at(-1)) || blank(written[next]?.text))) out.push(text);
  });
  return out.join('\n');
}
