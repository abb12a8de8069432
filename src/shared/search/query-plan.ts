// What a query asks of the index (engine.ts composes it with the loader and the ranking): its words, the names typed
// whole, and the lunr query, as lunr's syntax when it parses, else as words (each as typed and stemmed, a prefix for
// the word being typed, one typo for long words, the corrections of a word the index does not have). In two steps:
// before anything is loaded, which vocabularies it needs (planQuery); with them, the index terms it expands to
// (lookUp), whose postings are then loaded.
import { letterOf } from './format.ts';
import type { Vocabulary } from './vocabulary.ts';
import { lunr, lunrInternals } from './lunr.ts';
import { FIELDS, identifiersOf, isStopWord, SEPARATOR, stem } from './tokens.ts';
import { corrections, editsFor, typoTolerant, withinOneEdit } from './typos.ts';

// Characters of lunr's query syntax: a query with any of them is first tried as a lunr query.
const SYNTAX = /[:~^*]|(^|\s)[+-]\S/;
/**
 * What is searched of a query: its first 32 words (as a web search engine reads them), and at most 500 characters.
 * Readers type a few words, and a paste (an error message, a stray page of text) says what it is about at its start;
 * past these the work grows with the words times the hits (the ranking), or with the length squared (a name at the
 * end of the query is found by a regular expression), and one slow query holds up every keystroke after it.
 */
export const MAX_QUERY_WORDS = 32;
export const MAX_QUERY_LENGTH = 500;
/**
 * The word being typed matches the terms it starts; the most common ones, so a short prefix loads little: a single
 * letter (the first key of a search) the few commonest, which is what a reader who types it is likely to mean.
 */
const MAX_PREFIX_TERMS = 24;
const MAX_LETTER_TERMS = 6;

/** The words of a query, lowercased, without lunr's syntax characters. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/[:~^*+]|(^|\s)-/g, ' ')
    .split(SEPARATOR)
    .filter(Boolean);
}

/** What ends a word of a query: a separator, or lunr's syntax, which queryWords drops (a+b+c is three words). */
const SEPARATORS = new RegExp(`(?:${SEPARATOR.source}|[:~^*+])+`, 'g');

/** The part of a query that is searched: its first MAX_QUERY_WORDS words, within its first MAX_QUERY_LENGTH characters. */
export function searchedPart(query: string): string {
  const part = query.length > MAX_QUERY_LENGTH ? query.slice(0, MAX_QUERY_LENGTH) : query;
  let words = 0;
  let at = 0;
  for (const { index, 0: separator } of part.matchAll(SEPARATORS)) {
    // The separator ends a word: after the last word searched, the rest goes if it holds another.
    if (index > at && ++words === MAX_QUERY_WORDS && index + separator.length < part.length)
      return part.slice(0, index);
    at = index + separator.length;
  }
  return part;
}

/** Makes the clauses of a lunr query. */
type QueryBuilder = (query: lunr.Query) => void;

/** What a query asks, read before any index file is loaded. */
export interface QueryPlan {
  /** Its words, lowercased. */
  words: string[];
  /** Its words that are not stop words: the ranking wants each. */
  content: string[];
  /** The names typed whole (google-services.json), lowercased. */
  identifiers: string[];
  /** The name being typed, at the end of the query, if any. */
  typing: string | undefined;
  /** The query in lunr's syntax, when it is valid syntax. */
  syntax: QueryBuilder | undefined;
  /** The first characters whose vocabularies it needs. */
  letters: Set<string>;
}

/** What a query looks up, once the vocabularies of its plan are loaded. */
export interface LookUp {
  query: QueryBuilder;
  /** The index terms its clauses expand to: the postings to load. */
  terms: Set<string>;
  /** Each content word's corrections (see typos.ts corrections). */
  fixes: Map<string, string[]>;
}

/** The plan of the searched part of `asked`; undefined when it has no words. `letters`: those the index has. */
export function planQuery(asked: string, pipeline: lunr.Pipeline, letters: Set<string>): QueryPlan | undefined {
  const query = searchedPart(asked);
  const words = queryWords(query);
  if (words.length === 0) return undefined;
  const identifiers = [...new Set(identifiersOf(query).whole)];
  const typing = /([A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+)[-_.]*$/.exec(query.trim())?.[1]?.toLowerCase();
  const syntax = SYNTAX.test(query) ? parsed(query) : undefined;
  // The vocabularies of the words' first letters (every letter for a leading wildcard).
  const wanted = new Set<string>();
  const want = (term: string) => {
    if (term.startsWith('*')) for (const letter of letters) wanted.add(letter);
    else if (letters.has(letterOf(term))) wanted.add(letterOf(term));
  };
  if (syntax) for (const { terms } of clausesOf(syntax, pipeline)) terms.forEach(want);
  else for (const term of [...words, ...words.map(stem), ...identifiers]) if (term) want(term);
  const content = words.filter((word) => !isStopWord(word));
  return { words, content, identifiers, typing, syntax, letters: wanted };
}

/** The lunr query of a plan and the terms it expands to, from the vocabularies of its letters (`known`). */
export function lookUp(plan: QueryPlan, known: Map<string, Vocabulary>, pipeline: lunr.Pipeline): LookUp {
  const fixes = new Map(
    plan.content.map((word) => [word, known.has(letterOf(word)) ? corrections(word, known.get(letterOf(word))!) : []]),
  );
  const query = plan.syntax ?? plainQuery(plan, fixes);
  // The terms each clause expands to, from the vocabularies (the commonest few for a prefix).
  const terms = new Set<string>();
  for (const { clause, terms: looked } of clausesOf(query, pipeline)) {
    for (const term of looked) {
      const sets = term.startsWith('*')
        ? [...known.values()]
        : known.has(letterOf(term))
          ? [known.get(letterOf(term))!]
          : [];
      let found = sets.flatMap((set) => expand(set, clause, term));
      const most = term.length > 2 ? MAX_PREFIX_TERMS : MAX_LETTER_TERMS;
      if (clause.wildcard === lunr.Query.wildcard.TRAILING && !plan.syntax && found.length > most)
        found = commonest(found, known, most);
      for (const t of found) terms.add(t);
    }
  }
  return { query, terms, fixes };
}

/** The query as lunr syntax, or undefined when lunr's parser rejects it. */
function parsed(query: string): QueryBuilder | undefined {
  const parse = (q: lunr.Query) => {
    new lunrInternals.QueryParser(query, q).parse();
    // `term~9` would build an automaton of billions of states: the edit distance is capped.
    for (const clause of q.clauses) {
      if (clause.editDistance === undefined) continue;
      const edits = editsFor(clause.term, clause.editDistance);
      if (edits > 0) clause.editDistance = edits;
      else delete (clause as { editDistance?: number }).editDistance;
    }
  };
  try {
    parse(new lunr.Query(FIELDS as unknown as string[]));
    return parse;
  } catch (error) {
    // SPEC §5: a query the parser rejects is searched as plain words, never shown as an error.
    if (!(error instanceof lunr.QueryParseError)) throw error;
    return undefined;
  }
}

/** The clauses of a plain query: each word as typed and stemmed, a prefix for the last, one typo for long words. */
function plainQuery({ words, identifiers, typing }: QueryPlan, fixes: Map<string, string[]>): QueryBuilder {
  return (query) => {
    words.forEach((word, i) => {
      query.term(word, { boost: 10 });
      if (isStopWord(word)) return;
      if (i === words.length - 1)
        query.term(word, { usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING, boost: 3 });
      if (typoTolerant(word)) {
        // Against the index's stemmed terms, the stemmed form of a typo is usually one edit away; but one edit
        // from a stem of three letters ("boxes" → "box") is any short word ("bot", "fox").
        const stemmed = stem(word);
        if (stemmed.length > 3) query.term(stemmed, { usePipeline: false, editDistance: 1, boost: 1 });
        query.term(word, { usePipeline: false, editDistance: 1, boost: 1 });
        // A word the index does not have is a typo: its corrections stand for it as fully as the word would have.
        for (const term of fixes.get(word) ?? []) query.term(term, { usePipeline: false, boost: 10 });
      }
    });
    // A name typed whole (google-services.json, NEXT_PUBLIC_API_URL) outranks pages that only use its words.
    for (const name of identifiers) {
      query.term(name, { usePipeline: false, boost: 20 });
      if (name === typing) query.term(name, { usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING, boost: 6 });
    }
  };
}

/** The clauses a query function makes, each with the terms lunr would look up for it. */
function clausesOf(build: QueryBuilder, pipeline: lunr.Pipeline): { clause: lunr.Query.Clause; terms: string[] }[] {
  const scratch = new lunr.Query(FIELDS as unknown as string[]);
  build(scratch);
  return scratch.clauses.map((clause) => ({
    clause,
    terms: clause.usePipeline
      ? (pipeline.runString as (text: string, metadata: object) => string[])(clause.term, { fields: clause.fields })
      : [clause.term],
  }));
}

/** The terms of a vocabulary that a clause names, without lunr's automaton for the clauses plain queries make. */
function expand(vocabulary: Vocabulary, clause: lunr.Query.Clause, term: string): string[] {
  const stars = term.split('*').length - 1;
  if (clause.editDistance === undefined && stars === 0) return vocabulary.terms.has(term) ? [term] : [];
  if (clause.editDistance === 1 && stars === 0)
    return vocabulary.list.filter((candidate) => withinOneEdit(candidate, term));
  if (clause.editDistance === undefined && stars === 1 && term.endsWith('*')) {
    const prefix = term.slice(0, -1);
    const { list } = vocabulary;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (list[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < list.length && list[i].startsWith(prefix); i++) found.push(list[i]);
    return found;
  }
  return vocabulary
    .tokens()
    .intersect(lunrInternals.TokenSet.fromClause({ ...clause, term }))
    .toArray();
}

/** The `most` terms in the most sections, alphabetical at equal counts. */
function commonest(terms: string[], known: Map<string, Vocabulary>, most: number): string[] {
  const df = (t: string) => known.get(letterOf(t))?.df.get(t) ?? 0;
  return terms.sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1)).slice(0, most);
}
