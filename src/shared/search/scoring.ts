// lunr's scoring of a query over the index parts a query loaded (loaded-postings.ts indexOver), without lunr's
// bookkeeping for clauses that require or forbid a term. lunr.Index.query makes, for every term and field it looks at,
// a set of the sections that have it (kept for `+term` and `-term` clauses even when there are none), an object per
// field of each matching section and another to name it again when it scores, and finds each section's vector by a
// string made for it: at 10,000 pages a word being typed matches thousands of sections, and that bookkeeping was most
// of a warm query's time in the worker (6 ms for "payment"), which decides whether its answer reaches the frame of
// the key that asked. The queries the search box makes have only optional clauses: for them this runs the same steps
// in the same order over the same postings, kept as arrays of section numbers (the same query vectors, the same sums
// of lunr's similarity, the results in the same order, the same match data); any other query goes to lunr.
import { lunr, lunrInternals, type IndexParts } from './lunr.ts';

/** lunr's parts, and the same postings and vectors by number (loaded-postings.ts). */
export interface ScoringParts extends IndexParts {
  /** The sections that have `term` in field number `field` (of `fields`), ascending: lunr's order. */
  sectionsOf(term: string, field: number): readonly number[];
  /** The vector of field number `field` of a section. */
  vectorOf(field: number, section: number): lunr.Vector;
}

type Metadata = Record<string, Record<string, object>>;

/**
 * What lunr keeps of a term in a section's field (the positions it was not asked to record): nothing. One object
 * stands for all of them; the ranking only asks whether a term is in a field.
 */
const NOTHING = Object.freeze(Object.create(null) as object);

/** A section's field that matched: which, its score's place in lunr's order, and the terms it has there. */
interface FieldMatch {
  section: number;
  field: number;
  terms: string[];
}

/** The results of the query `build` makes over `parts`, best first, as lunr.Index.query gives them. */
export function scoreQuery(parts: ScoringParts, build: (query: lunr.Query) => void): lunr.Index.Result[] {
  const query = new lunr.Query(parts.fields);
  build.call(query, query);
  if (query.clauses.some((clause) => (clause as { presence?: number }).presence !== lunr.Query.presence.OPTIONAL))
    return new lunrInternals.Index(parts).query(build);

  const { fields, invertedIndex, tokenSet, pipeline } = parts;
  const queryVectors = fields.map(() => new lunr.Vector([]));
  // Each field's matching sections, and every section's field in the order lunr first meets it (its sums follow it).
  const matching = fields.map(() => new Map<number, FieldMatch>());
  const order: FieldMatch[] = [];
  const looked = new Set<string>();
  const sum = (a: number, b: number) => a + b;
  for (const clause of query.clauses) {
    const terms = clause.usePipeline
      ? (pipeline.runString as (text: string, metadata: object) => string[])(clause.term, { fields: clause.fields })
      : [clause.term];
    for (const term of terms) {
      // As lunr does: the clause names the term the pipeline gave when it is expanded.
      clause.term = term;
      const expanded = tokenSet.intersect(lunrInternals.TokenSet.fromClause(clause)).toArray();
      for (const found of expanded) {
        const termIndex = (invertedIndex[found] as { _index: number })._index;
        for (const name of clause.fields) {
          const field = fields.indexOf(name);
          queryVectors[field].upsert(termIndex, clause.boost, sum);
          const termField = `${found}/${name}`;
          if (looked.has(termField)) continue;
          looked.add(termField);
          const inField = matching[field];
          for (const section of parts.sectionsOf(found, field)) {
            const match = inField.get(section);
            if (!match) {
              const added = { section, field, terms: [found] };
              inField.set(section, added);
              order.push(added);
            } else if (!match.terms.includes(found)) match.terms.push(found);
          }
        }
      }
    }
  }

  const results: lunr.Index.Result[] = [];
  const bySection = new Map<number, lunr.Index.Result>();
  for (const { section, field, terms } of order) {
    const score = queryVectors[field].similarity(parts.vectorOf(field, section));
    let result = bySection.get(section);
    if (result) result.score += score;
    else {
      result = { ref: String(section), score, matchData: { metadata: Object.create(null) } as lunr.MatchData };
      bySection.set(section, result);
      results.push(result);
    }
    const metadata = result.matchData.metadata as Metadata;
    for (const term of terms) (metadata[term] ??= Object.create(null))[fields[field]] = NOTHING;
  }
  return results.sort((a, b) => b.score - a.score);
}
