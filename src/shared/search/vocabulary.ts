// A vocabulary as the engine holds it: the terms that start with one character (format.ts VocabFile), loaded by
// index-loader.ts and read by the query planner (query-plan.ts: what a word expands to) and typos.ts (corrections).
import type { VocabFile } from './format.ts';
import { type lunr, lunrInternals } from './lunr.ts';

/** The terms that start with one character. */
export interface Vocabulary {
  /** Sorted. */
  list: string[];
  terms: Set<string>;
  /** The number of sections each term is in. */
  df: Map<string, number>;
  /** lunr's automaton of the terms, made only for a query in lunr's syntax (wildcards anywhere, edit distances). */
  tokens(): lunr.TokenSet;
}

/** Whether a value read from a vocabulary's file has a vocabulary's shape. */
export const isVocabulary = (v: unknown): v is VocabFile =>
  Array.isArray((v as VocabFile)?.terms) && Array.isArray((v as VocabFile).df);

/** The vocabulary of a file. */
export function vocabularyOf(file: VocabFile): Vocabulary {
  let tokens: lunr.TokenSet | undefined;
  return {
    list: file.terms,
    terms: new Set(file.terms),
    df: new Map(file.terms.map((term, i) => [term, file.df[i]])),
    tokens: () => (tokens ??= lunrInternals.TokenSet.fromArray(file.terms)),
  };
}
