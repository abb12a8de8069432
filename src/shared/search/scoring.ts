// lunr's scoring of a query over the index parts a query loaded (loaded-postings.ts indexOver), without lunr's
// bookkeeping for clauses that require or forbid a term. lunr.Index.query makes, for every term and field it looks at,
// a set of the sections that have it (kept for `+term` and `-term` clauses even when there are none), an object per
// field of each matching section and another to name it again when it scores: at 10,000 pages a word being typed
// matches thousands of sections, and that bookkeeping was over half of a warm query's time in the worker (6 ms for
// "payment"), which decides whether its answer reaches the frame of the key that asked. The queries the search box
// makes have only optional clauses: for them this runs the same steps in the same order (the same query vectors, the
// same sums of lunr's similarity, the results in the same order, the same match data); any other query goes to lunr.
import { lunr, lunrInternals, type IndexParts } from './lunr.ts';

type Metadata = Record<string, Record<string, object>>;

/** What a section's field matched: the section, the field, and the terms it has there. */
interface FieldMatch {
  section: string;
  field: string;
  terms: string[];
}

/** The results of the query `build` makes over `parts`, best first, as lunr.Index.query gives them. */
export function scoreQuery(parts: IndexParts, build: (query: lunr.Query) => void): lunr.Index.Result[] {
  const query = new lunr.Query(parts.fields);
  build.call(query, query);
  if (query.clauses.some((clause) => (clause as { presence?: number }).presence !== lunr.Query.presence.OPTIONAL))
    return new lunrInternals.Index(parts).query(build);

  const { invertedIndex, fieldVectors, tokenSet, pipeline } = parts;
  const queryVectors: Record<string, lunr.Vector> = Object.create(null);
  for (const field of parts.fields) queryVectors[field] = new lunr.Vector([]);
  // Each field's matching sections, and every section's field in the order lunr first meets it (its sums follow it).
  const matching = new Map<string, Map<string, FieldMatch>>(parts.fields.map((field) => [field, new Map()]));
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
        const posting = invertedIndex[found] as Record<string, Record<string, unknown>> & { _index: number };
        for (const field of clause.fields) {
          queryVectors[field].upsert(posting._index, clause.boost, sum);
          const termField = `${found}/${field}`;
          if (looked.has(termField)) continue;
          looked.add(termField);
          const inField = matching.get(field)!;
          for (const section in posting[field]) {
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
  const bySection = new Map<string, lunr.Index.Result>();
  for (const { section, field, terms } of order) {
    // lunr's key of a section's field.
    const score = queryVectors[field].similarity(fieldVectors[`${field}/${section}`]);
    let result = bySection.get(section);
    if (result) result.score += score;
    else {
      result = { ref: section, score, matchData: { metadata: Object.create(null) } as lunr.MatchData };
      bySection.set(section, result);
      results.push(result);
    }
    const metadata = result.matchData.metadata as Metadata;
    for (const term of terms) (metadata[term] ??= Object.create(null))[field] = Object.create(null);
  }
  return results.sort((a, b) => b.score - a.score);
}
