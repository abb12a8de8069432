// What changed in a doc between two versions, block by block (markdown/blocks.ts), as a reader wants to see it:
// paragraphs and list items added and removed, a paragraph whose words changed, the cells of a table whose values
// changed, the lines of a code block. The differences are jsdiff's (the `diff` package); what is decided here is which
// blocks count as the same one changed rather than one removed and another added.
import { diffArrays, diffLines } from 'diff';
import type { Block } from '../markdown/blocks.ts';

export type Entry =
  | { type: 'same'; block: Block }
  | { type: 'added'; block: Block }
  | { type: 'removed'; block: Block }
  | { type: 'changed'; old: Block; new: Block };

/** How many blocks were added, removed and changed; headings count as blocks. */
export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

/** The blocks of both versions in reading order, each marked same, added, removed or changed. */
export function compareBlocks(old: Block[], next: Block[]): Entry[] {
  const entries: Entry[] = [];
  let removed: Block[] = [];
  let added: Block[] = [];
  const flush = () => {
    entries.push(...pairUp(removed, added));
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  for (const part of diffArrays(
    old.map((block) => block.key),
    next.map((block) => block.key),
  )) {
    const count = part.value.length;
    if (part.removed) removed.push(...old.slice(i, (i += count)));
    else if (part.added) added.push(...next.slice(j, (j += count)));
    else {
      flush();
      for (const block of next.slice(j, (j += count))) entries.push({ type: 'same', block });
      i += count;
    }
  }
  flush();
  return entries;
}

export function countChanges(entries: Entry[]): ChangeCounts {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const entry of entries) if (entry.type !== 'same') counts[entry.type]++;
  return counts;
}

/**
 * A run of removed blocks and the run added in their place, in reading order: a removed block and a later added one
 * of the same kind and much the same content are one block changed; the blocks between them are added or removed.
 */
function pairUp(removed: Block[], added: Block[]): Entry[] {
  const entries: Entry[] = [];
  let j = 0;
  for (const old of removed) {
    const match = added.findIndex((block, at) => at >= j && alike(old, block));
    if (match < 0) {
      entries.push({ type: 'removed', block: old });
      continue;
    }
    for (const block of added.slice(j, match)) entries.push({ type: 'added', block });
    entries.push({ type: 'changed', old, new: added[match] });
    j = match + 1;
  }
  for (const block of added.slice(j)) entries.push({ type: 'added', block });
  return entries;
}

/** Whether two blocks are one block edited: the same kind, and at least half of their text in common. */
function alike(a: Block, b: Block): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'table' && b.kind === 'table') {
    // A table that kept its columns is the same table, whatever its rows became.
    return (
      a.head.map((cell) => cell.text).join('\0') === b.head.map((cell) => cell.text).join('\0') ||
      shared(a.key, b.key) >= 0.5
    );
  }
  if (a.kind === 'code' && b.kind === 'code')
    // A short command or config line is edited in words; longer code in lines.
    return (
      a.lang === b.lang &&
      (lines(a.code) <= 3 && lines(b.code) <= 3 ? shared(a.code, b.code) >= 0.5 : sharedLines(a.code, b.code) >= 0.3)
    );
  if (a.kind === 'text' && b.kind === 'text' && a.item !== b.item) return false;
  return shared(a.key, b.key) >= 0.5;
}

/**
 * Past this many words or lines inserted and deleted, two texts are not one edited: jsdiff gives up (deterministically,
 * unlike a time limit) instead of spending quadratic time on texts that have little in common.
 */
const MAX_EDIT = 400;

const lines = (code: string) => code.split('\n').length;

/**
 * Two texts as words and the spaces between them, compared word by word. A word keeps its punctuation: '7.4' to
 * '8.1' is one word changed, where jsdiff's diffWords would change '7' and '4' around an unchanged '.'.
 */
export function diffWordRuns(a: string, b: string, maxEditLength?: number): TextPart[] | undefined {
  const words = (text: string) => text.split(/(\s+)/).filter(Boolean);
  const parts =
    maxEditLength === undefined ? diffArrays(words(a), words(b)) : diffArrays(words(a), words(b), { maxEditLength });
  return parts?.map((part) => ({ added: part.added, removed: part.removed, value: part.value.join('') }));
}

/** A run of text both versions have, or only the old (removed) or the new (added) one. */
export interface TextPart {
  value: string;
  added: boolean;
  removed: boolean;
}

/** The share of the longer text's characters that both texts have, compared by words (0 to 1). */
export function shared(a: string, b: string): number {
  return commonShare(a, b, diffWordRuns(a, b, MAX_EDIT));
}

/** The same, compared by lines: for code. */
function sharedLines(a: string, b: string): number {
  return commonShare(a, b, diffLines(a, b, { maxEditLength: MAX_EDIT }));
}

function commonShare(a: string, b: string, parts: TextPart[] | undefined) {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  if (parts === undefined) return 0;
  let common = 0;
  for (const part of parts) if (!part.added && !part.removed) common += part.value.length;
  return common / longer;
}
