// The postings files the search engine has loaded, by number, as lunr holds them (an inverted index and a vector per
// field of each section), and a lunr index over a query's terms of them. index-loader.ts hands it the files as they
// arrive, a bundle part's a few at a time. The weights in the files are lunr's own, so lunr scores over these
// exactly as over the whole index.
import { undeltas, type ShardFile } from './format.ts';
import { lunr, lunrInternals } from './lunr.ts';
import type { Posting, ScoringParts } from './scoring.ts';
import { FIELDS } from './tokens.ts';

/**
 * What lunr keeps about a term in a section (positions, were they recorded): nothing, shared by every posting, so that
 * a large index's hundreds of thousands of postings allocate no object each. lunr only reads it (MatchData copies
 * its keys, of which there are none).
 */
const NO_METADATA = Object.freeze({});

/** How long the worker adds a bundle's postings to its index before it lets a waiting query in. */
const SLICE_MS = 8;

/** Every postings file loaded so far, by number, in lunr's shape; kept for the life of the engine. */
export class LoadedPostings {
  private readonly invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  private readonly fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  /**
   * The same postings as scoring.ts walks them: per term, per field, the sections that have it (ascending) and the
   * weight it has in each, as in the sections' vectors.
   */
  private readonly postings = new Map<string, Posting[]>();
  private termCount = 0;
  /** The files in the index, or on their way there. */
  private readonly files = new Map<number, Promise<void>>();
  /** Files a bundle part brought that are not in the index yet: added a few at a time, or when asked for. */
  private readonly held = new Map<number, ShardFile>();

  /** Whether file `n` is in the index, on its way there, or held. */
  has(n: number): boolean {
    return this.files.has(n) || this.held.has(n);
  }

  /** File `n` in the index: the one a bundle part brought, else `load`ed (and forgotten if that fails). */
  file(n: number, load: () => Promise<ShardFile>): Promise<void> {
    let found = this.files.get(n);
    if (!found) {
      if (this.held.has(n)) return this.addHeld(n);
      found = load().then((file) => this.add(file));
      found.catch(() => this.files.delete(n));
      this.files.set(n, found);
    }
    return found;
  }

  /**
   * A bundle part's files, from file `first` on (one already in the index on its own is left as it is), added a few
   * at a time when `pause` is given (the fill), pausing every SLICE_MS so that a query that comes meanwhile is
   * answered, adding the files it needs first (see file).
   */
  async addPart(first: number, files: ShardFile[], pause?: () => Promise<void>): Promise<void> {
    files.forEach((file, i) => this.files.has(first + i) || this.held.set(first + i, file));
    let since = Date.now();
    for (let i = 0; i < files.length; i++) {
      if (this.held.has(first + i)) await this.addHeld(first + i);
      if (pause && Date.now() - since > SLICE_MS) {
        await pause();
        since = Date.now();
      }
    }
  }

  private addHeld(n: number): Promise<void> {
    const file = this.held.get(n)!;
    this.held.delete(n);
    this.add(file);
    const added = Promise.resolve();
    this.files.set(n, added);
    return added;
  }

  /** Adds a postings file's terms (a term already there, from a bundle or the file, is skipped). */
  private add(file: ShardFile): void {
    const { invertedIndex, fieldVectors } = this;
    for (const [term, fields] of Object.entries(file)) {
      if (term in invertedIndex) continue;
      const termIndex = this.termCount++;
      const posting: Record<string, unknown> = { _index: termIndex };
      const inFields = FIELDS.map((field, f) => {
        const documents: Record<string, object> = Object.create(null);
        // In the order lunr meets them (its documents object's keys: integers, ascending).
        const pairs = undeltas(fields[f] ?? [], 2).sort((a, b) => a[0] - b[0]);
        const weights: number[] = [];
        for (const [section, weight] of pairs) {
          documents[section] = NO_METADATA;
          const key = `${field}/${section}`;
          const vector = (fieldVectors[key] ??= new lunr.Vector([]));
          vector.insert(termIndex, weight / 1000);
          weights.push(weight / 1000);
        }
        posting[field] = documents;
        return { sections: pairs.map(([section]) => section), weights };
      });
      invertedIndex[term] = posting;
      this.postings.set(term, inFields);
    }
  }

  /**
   * The parts of a lunr index over exactly `terms` (those loaded), so that results depend on the query alone and not
   * on what earlier queries happened to load (scored by scoring.ts).
   */
  indexOver(terms: Iterable<string>, pipeline: lunr.Pipeline): ScoringParts {
    const { invertedIndex, fieldVectors, postings } = this;
    const known = [...terms].filter((term) => term in invertedIndex).sort();
    return {
      postingOf: (term, field) => postings.get(term)![field],
      invertedIndex,
      fieldVectors,
      tokenSet: lunrInternals.TokenSet.fromArray(known),
      fields: FIELDS as unknown as string[],
      pipeline,
    };
  }
}
