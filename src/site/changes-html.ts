// The HTML of a comparison page's body (site/changes.ts), made at build time like a doc's: the client hydrates the
// page without it. Every heading of both versions stays, for orientation; a run of unchanged blocks is one muted line
// that says how many; what changed is marked with words (Added, Removed, Changed) as well as colour, and with <ins>
// and <del>, which assistive technology announces.
import { diffArrays, diffLines } from 'diff';
import type { Block, Inline } from '../markdown/blocks.ts';
import { slugify } from '../markdown/slug.ts';
import type { TocItem } from '../shared/model/types.ts';
import { diffWordRuns, type Entry, shared } from './compare.ts';
import { escape } from './doc-footer.ts';

/** Unchanged lines kept around a change in a code block; longer unchanged runs are folded. */
const CODE_CONTEXT = 2;

/** The body of a comparison: the entries under their headings, and the TOC of the sections that changed. */
export function changesHtml(entries: Entry[]): { html: string; toc: TocItem[] } {
  let html = '';
  const toc: TocItem[] = [];
  const ids = new Map<string, number>();
  let same: Block[] = [];
  let section: TocItem | undefined;
  let sectionChanged = false;
  const closeSection = () => {
    if (section && sectionChanged) toc.push(section);
    sectionChanged = false;
  };
  const flushSame = () => {
    if (same.length > 0) html += `<p class="changes-unchanged">${unchangedText(same)}</p>\n`;
    same = [];
  };
  for (const entry of entries) {
    const block = entry.type === 'changed' ? entry.new : entry.block;
    if (entry.type === 'same' && block.kind !== 'heading') {
      same.push(block);
      continue;
    }
    flushSame();
    if (block.kind === 'heading') {
      const text = block.inline.text;
      const id = uniqueId(ids, slugify(text) || 'section');
      html += headingHtml(entry, block.level, id);
      // The TOC lists the h2 and h3 sections in which something changed; a deeper heading is part of its section.
      if (block.level <= 3) {
        closeSection();
        section = { id, text, level: block.level };
      }
    } else if (entry.type !== 'same') html += changeHtml(entry);
    if (entry.type !== 'same') sectionChanged = true;
  }
  flushSame();
  closeSection();
  return { html, toc };
}

function uniqueId(ids: Map<string, number>, base: string): string {
  const seen = ids.get(base) ?? 0;
  ids.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

function headingHtml(entry: Entry, level: number, id: string): string {
  const tag = `h${Math.min(level, 6)}`;
  const body =
    entry.type === 'changed'
      ? `${words(inlineOf(entry.old).text, inlineOf(entry.new).text)} ${tagOf('Changed')}`
      : entry.type === 'same'
        ? inlineOf(entry.block).html
        : `${mark(entry.type, inlineOf(entry.block).html)} ${tagOf(entry.type === 'added' ? 'Added' : 'Removed')}`;
  return `<${tag} id="${escape(id)}" class="changes-heading changes-${entry.type}">${body}</${tag}>\n`;
}

/** A block added, removed or changed, under its label. */
function changeHtml(entry: Exclude<Entry, { type: 'same' }>): string {
  const label = entry.type === 'added' ? 'Added' : entry.type === 'removed' ? 'Removed' : 'Changed';
  const body = entry.type === 'changed' ? changedBody(entry.old, entry.new) : wholeBody(entry.block, entry.type);
  return `<div class="change change-${entry.type}">${tagOf(label)}${body}</div>\n`;
}

function tagOf(label: string): string {
  return `<span class="change-tag">${label}</span>`;
}

/** A block shown whole, inside <ins> or <del>. */
function wholeBody(block: Block, type: 'added' | 'removed'): string {
  switch (block.kind) {
    case 'heading':
      return `<p>${mark(type, block.inline.html)}</p>`;
    case 'text':
      return textHtml(block, mark(type, block.inline.html));
    case 'table':
      return tableHtml(
        block.head.map((cell) => cell.html),
        block.rows.map((row) => ({ type, cells: row.map((cell) => mark(type, cell.html)) })),
      );
    case 'code':
      return codeHtml(
        block.lang,
        block.code
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => ({ type, line })),
      );
  }
}

/** The same block in two versions: its changed words, cells or lines. */
function changedBody(old: Block, next: Block): string {
  if (old.kind === 'table' && next.kind === 'table') return changedTable(old, next);
  if (old.kind === 'code' && next.kind === 'code') return changedCode(old.code, next.code, next.lang);
  const [before, after] = [inlineOf(old), inlineOf(next)];
  if (next.kind === 'text' && shared(before.text, after.text) < WORD_DIFF_MIN)
    return textHtml(next, mark('removed', before.html)) + textHtml(next, mark('added', after.html));
  const text = words(before.text, after.text);
  return next.kind === 'text' ? textHtml(next, text) : `<p>${text}</p>`;
}

function inlineOf(block: Block): Inline {
  return block.kind === 'heading' || block.kind === 'text'
    ? block.inline
    : { text: block.key, html: escape(block.key) };
}

/** A paragraph, or a list item at its depth (a list of one, so the marker shows). */
function textHtml(block: Extract<Block, { kind: 'text' }>, html: string): string {
  const body = block.item
    ? `<ul class="changes-item" style="--depth: ${block.depth}"><li>${html}</li></ul>`
    : `<p>${html}</p>`;
  return block.quote ? `<blockquote>${body}</blockquote>` : body;
}

function mark(type: 'added' | 'removed', html: string): string {
  return type === 'added' ? `<ins>${html}</ins>` : `<del>${html}</del>`;
}

/**
 * Below this share of words in common, a changed paragraph reads better whole, old then new, than as a patchwork of
 * struck and underlined words.
 */
const WORD_DIFF_MIN = 0.75;

/** Two texts word by word: the words only the old one has struck, the new one's underlined. */
function words(old: string, next: string): string {
  const parts = diffWordRuns(old, next)!;
  return parts
    .map((part, i) => {
      if (!part.added && !part.removed) return escape(part.value);
      // A word replaced by another: a space between them, or they read as one word.
      const gap = part.removed && parts[i + 1]?.added ? ' ' : '';
      return mark(part.added ? 'added' : 'removed', escape(part.value)) + gap;
    })
    .join('');
}

type Row = { type: 'same' | 'added' | 'removed'; cells: string[] };

/**
 * A table in its new form, rows paired by their first cell: a row only the old table has is struck, one only the new
 * one has is underlined, and in a row both have, each changed cell shows its old and new values.
 */
function changedTable(old: Extract<Block, { kind: 'table' }>, next: Extract<Block, { kind: 'table' }>): string {
  const head = next.head.map((cell, i) => cellHtml(old.head[i], cell));
  const rows: Row[] = [];
  const firstCells = (table: typeof old) => table.rows.map((row) => row[0]?.text ?? '');
  let i = 0;
  let j = 0;
  for (const part of diffArrays(firstCells(old), firstCells(next))) {
    for (let n = 0; n < part.count; n++) {
      if (part.removed) rows.push({ type: 'removed', cells: old.rows[i++].map((cell) => mark('removed', cell.html)) });
      else if (part.added) rows.push({ type: 'added', cells: next.rows[j++].map((cell) => mark('added', cell.html)) });
      else {
        const before = old.rows[i++];
        rows.push({ type: 'same', cells: next.rows[j++].map((cell, c) => cellHtml(before[c], cell)) });
      }
    }
  }
  return tableHtml(head, rows);
}

/** A cell of a row both tables have: its new value, or its old and new ones when they differ. */
function cellHtml(old: Inline | undefined, next: Inline): string {
  if (old === undefined) return mark('added', next.html);
  if (old.text === next.text) return next.html;
  return `${mark('removed', old.html)} ${mark('added', next.html)}`;
}

function tableHtml(head: string[], rows: Row[]): string {
  const th = head.map((cell) => `<th>${cell}</th>`).join('');
  const tr = rows
    .map((row) => {
      const label =
        row.type === 'same'
          ? ''
          : `<span class="visually-hidden">${row.type === 'added' ? 'Added row: ' : 'Removed row: '}</span>`;
      const cells = row.cells.map((cell, c) => `<td>${c === 0 ? label : ''}${cell}</td>`).join('');
      return `<tr${row.type === 'same' ? '' : ` class="row-${row.type}"`}>${cells}</tr>`;
    })
    .join('\n');
  return `<div class="table-wrapper"><table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${tr}\n</tbody></table></div>`;
}

type Line = { type: 'same' | 'added' | 'removed'; line: string };

/** A code block's lines, old and new as a unified diff; long unchanged runs folded to a line that counts them. */
function changedCode(old: string, next: string, lang: string): string {
  const lines: Line[] = [];
  for (const part of diffLines(old, next)) {
    const type = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push({ type, line });
  }
  return codeHtml(lang, lines);
}

function codeHtml(lang: string, lines: Line[]): string {
  const shown: string[] = [];
  for (let i = 0; i < lines.length;) {
    const { type, line } = lines[i];
    if (type !== 'same') {
      i++;
      const sign = type === 'added' ? '+' : '-';
      shown.push(
        `<span class="line-${type}">${mark(type, `<span class="line-sign">${sign}</span>${escape(line)}`)}</span>`,
      );
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].type === 'same') end++;
    const keepBefore = i === 0 ? 0 : CODE_CONTEXT;
    const keepAfter = end === lines.length ? 0 : CODE_CONTEXT;
    const run = lines.slice(i, end);
    const folded = run.length - keepBefore - keepAfter;
    const context = (part: Line[]) =>
      part.map(({ line }) => `<span class="line-same"><span class="line-sign"> </span>${escape(line)}</span>`);
    if (folded > 1) {
      shown.push(...context(run.slice(0, keepBefore)));
      shown.push(`<span class="line-folded">⋯ ${folded} unchanged lines</span>`);
      shown.push(...context(run.slice(run.length - keepAfter)));
    } else shown.push(...context(run));
    i = end;
  }
  const language = lang ? ` data-language="${escape(lang)}"` : '';
  // The lines are blocks (changes.css): a newline between them would show as an empty line.
  return `<pre class="changes-code"${language}><code>${shown.join('')}</code></pre>`;
}

const NOUNS: Record<Block['kind'], [string, string]> = {
  heading: ['heading', 'headings'],
  text: ['paragraph', 'paragraphs'],
  table: ['table', 'tables'],
  code: ['code block', 'code blocks'],
};

/** "2 paragraphs and 1 list item unchanged". */
function unchangedText(blocks: Block[]): string {
  const counts = new Map<string, number>();
  for (const block of blocks) {
    const noun = block.kind === 'text' && block.item ? 'item' : block.kind;
    counts.set(noun, (counts.get(noun) ?? 0) + 1);
  }
  const parts = [...counts].map(([noun, n]) => {
    const [one, many] = noun === 'item' ? ['list item', 'list items'] : NOUNS[noun as Block['kind']];
    return `${n} ${n === 1 ? one : many}`;
  });
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${list} unchanged`;
}
