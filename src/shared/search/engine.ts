// The search engine: lunr over the index the build wrote (src/search/index-files.ts, format.ts), loaded piece by
// piece. A query loads the vocabulary of its words' first letters, then the postings of the terms its words expand
// to, and assembles a lunr index of what it has; lunr scores exactly as over the whole index, since each file holds
// lunr's own weights. Then the ranking on top (every word present, adjacent words, the page as a whole) and the
// texts of the hits it shows. Three parts: what is loaded when (index-loader.ts), what a query looks up
// (query-plan.ts) and the ranking (ranking.ts); this module puts them together. It runs in the search worker
// (src/client/search/worker.ts) and, for tests, `egdocs check` and `npm run bench:search`, in node. No DOM, no
// network: files come through `IndexFiles`.
import { FORMAT, type Manifest } from './format.ts';
import { checkpoint, type IndexFiles, IndexLoader } from './index-loader.ts';
import { lookUp, planQuery } from './query-plan.ts';
import { rankedHits, type SearchHit, WordMarks } from './ranking.ts';
import { scoreQuery } from './scoring.ts';
import { queryPipeline } from './tokens.ts';

export type { Segment } from './excerpts.ts';
export { type IndexFiles, Superseded } from './index-loader.ts';
export type { SearchHit } from './ranking.ts';

export interface EngineOptions {
  baseUrl: string;
  excerptLength: number;
}

export interface Engine {
  /**
   * At most `limit` hits, best first, for the query's searched part (query-plan.ts searchedPart). `superseded` is
   * asked each time the query has waited for index files: once it says yes (a newer query waits), the search gives
   * up with `Superseded`, and what it was loading stays loaded for the queries after it.
   */
  search(query: string, limit: number, superseded?: () => boolean | Promise<boolean>): Promise<SearchHit[]>;
  /**
   * Loads, a few files at a time, what the manifest says a reader who has searched will need (Manifest.fill), so that
   * later queries find it in memory. Before each file, and every few milliseconds of adding a large bundle to the
   * index, it waits for `idle` (the worker: a turn of its event loop, then no query being answered), so that it
   * never keeps a query waiting long. Resolves when done; a file that fails is left for a query to load.
   */
  fill(idle?: () => Promise<void>): Promise<void>;
}

/** A manifest, checked: a worker must never misread files from another build or another version of egdocs. */
export function readManifest(value: unknown): Manifest {
  const manifest = value as Manifest;
  if (
    !manifest ||
    manifest.format !== FORMAT ||
    !Array.isArray(manifest.shards) ||
    !Array.isArray(manifest.letters) ||
    typeof manifest.fill !== 'object'
  ) {
    throw new Error(
      `the search index is not one this version of egdocs reads (format ${String((manifest as { format?: unknown })?.format)})`,
    );
  }
  return manifest;
}

/** An engine over the index of `manifest`, which reads the other files as queries need them, through `files`. */
export function createEngine(manifest: Manifest, files: IndexFiles, options: EngineOptions): Engine {
  const pipeline = queryPipeline();
  const loader = new IndexLoader(manifest, files);

  const search = async (
    asked: string,
    limit: number,
    superseded: () => boolean | Promise<boolean> = () => false,
  ): Promise<SearchHit[]> => {
    const goOn = checkpoint(superseded);
    const plan = planQuery(asked, pipeline, loader.letters);
    if (!plan) return [];
    // 1. The vocabularies of the words' first letters.
    const known = await loader.vocabulariesOf(plan.letters);
    await goOn();
    // 2. The terms the query's clauses expand to, from the vocabularies.
    const { query, terms, fixes } = lookUp(plan, known, pipeline);
    if (terms.size === 0) return [];
    // 3. Their postings, and a lunr index over exactly these terms.
    await loader.loadPostings(terms);
    await goOn();
    const index = loader.indexOver(terms, pipeline);
    // Past each costly part (the lunr query, the ranking), a query typed past is given up.
    await goOn();
    const { content, identifiers } = plan;
    const marks = new WordMarks({ content, identifiers, fixes });
    const found = scoreQuery(index, query, marks);
    // 4. Ranking, and what is shown.
    return rankedHits(found, marks, {
      limit,
      goOn,
      texts: loader,
      baseUrl: options.baseUrl,
      excerptLength: options.excerptLength,
    });
  };

  return { search, fill: (idle = async () => {}) => loader.fill(idle) };
}
