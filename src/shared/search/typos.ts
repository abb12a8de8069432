// Typo tolerance (SPEC), for the query planner (query-plan.ts: which terms a word may stand for) and the ranking
// (ranking.ts: which of a section's terms answer a word): how many edits a word may have, what one edit is, and the
// corrections of a word the index does not have.
import { stem } from './tokens.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Terms of five letters or more may have one typo (SPEC: typo tolerance). */
const FUZZY_MIN_LENGTH = 5;
/**
 * Typos stop at a length: a word is corrected by stemming every word one edit away from it, some 72 per letter and
 * each as long as the word, and lunr matches n edits with an automaton of about letters^(n + 1) states: both grow
 * at least with the square of the word's length (a 3,000-letter word took seconds, and the worker answers one query
 * at a time). A longer word gets no typo; a lunr term `~n` gets n edits while n × its letters fit in this, and at
 * most MAX_EDITS. The index's plain words are shorter than this but for a few joined-up names.
 */
const FUZZY_MAX_LETTERS = 32;
/** The edit distance a lunr query may ask for (`term~2`): each more edit multiplies lunr's automaton by its length. */
const MAX_EDITS = 2;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** How many edits a term may have when `asked` for: none past FUZZY_MAX_LETTERS, fewer the longer the term. */
export function editsFor(term: string, asked: number): number {
  return Math.min(asked, MAX_EDITS, Math.floor(FUZZY_MAX_LETTERS / term.length));
}

/** Whether a word of a plain query may have a typo. */
export const typoTolerant = (word: string): boolean => word.length >= FUZZY_MIN_LENGTH && editsFor(word, 1) === 1;

/** True when a and b differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  return (
    restA.slice(1) === restB.slice(1) ||
    restA.slice(1) === restB ||
    restA === restB.slice(1) ||
    (restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2))
  );
}

/**
 * The index's terms that a word one typo away from `word` stems to: "remnder" → "remind" (from "reminder"). The
 * index holds stems, and a typo often changes how a word stems, so an edit of the stem alone misses these. Only
 * words with the same first letter: their vocabulary is the one loaded.
 */
export function corrections(word: string, known: Vocabulary): string[] {
  if (!typoTolerant(word) || known.terms.has(stem(word))) return [];
  const terms = new Set<string>();
  const consider = (candidate: string) => {
    const term = stem(candidate);
    if (known.terms.has(term)) terms.add(term);
  };
  for (let i = 1; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) consider(head + tail.slice(1));
    if (tail.length > 1) consider(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of ALPHABET) {
      consider(head + letter + tail);
      if (tail) consider(head + letter + tail.slice(1));
    }
  }
  return [...terms];
}
