// lunr 2.3, with the parts of its API this project uses that @types/lunr leaves out: building an index from parts
// (the build writes postings and weights; the worker assembles an index from the files it has loaded), token sets
// from a list or a query clause, and the query parser.
import lunr from 'lunr';

export interface IndexParts {
  invertedIndex: Record<string, Record<string, unknown>>;
  fieldVectors: Record<string, lunr.Vector>;
  tokenSet: lunr.TokenSet;
  fields: string[];
  pipeline: lunr.Pipeline;
}

interface Internals {
  TokenSet: { fromArray(sorted: string[]): lunr.TokenSet; fromClause(clause: lunr.Query.Clause): lunr.TokenSet };
  QueryParser: new (query: string, into: lunr.Query) => { parse(): lunr.Query };
  Index: new (parts: IndexParts) => lunr.Index;
}

export const lunrInternals = lunr as unknown as Internals;
export { lunr };
