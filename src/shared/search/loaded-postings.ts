// The postings files the search engine has loaded, by number: for each term, its number (the order it came in, as
// lunr numbers an index's terms) and, in each field, the sections that have it and its weight in each. A query is
// scored over exactly its own terms of them (scoring.ts), so that results depend on the query alone and not on what
// earlier queries happened to load. index-loader.ts hands it the files as they arrive, a bundle part's a few at a time.
// The weights in the files are lunr's own, so lunr scores over these exactly as over the whole index.
import { undeltas, type ShardFile } from './format.ts';
import { lunrInternals, type lunr } from './lunr.ts';
import type { Posting, ScoringParts } from './scoring.ts';
import { FIELDS } from './tokens.ts';

/** How long the worker adds a bundle's postings to its index before it lets a waiting query in. */
const SLICE_MS = 8;

/** Every postings file loaded so far, by number; kept for the life of the engine. */
export class LoadedPostings {
  /** Each term loaded: its number and its posting in each field (of FIELDS). */
  private readonly terms = new Map<string, { index: number; fields: Posting[] }>();
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
    for (const [term, fields] of Object.entries(file)) {
      if (this.terms.has(term)) continue;
      this.terms.set(term, {
        index: this.terms.size,
        fields: FIELDS.map((_, f) => {
          // In the order lunr meets them (the keys of its documents object: integers, ascending).
          const pairs = undeltas(fields[f] ?? [], 2).sort((a, b) => a[0] - b[0]);
          return { sections: pairs.map(([section]) => section), weights: pairs.map(([, weight]) => weight / 1000) };
        }),
      });
    }
  }

  /** The parts of an index over exactly `terms` (those loaded): scored by scoring.ts. */
  indexOver(terms: Iterable<string>, pipeline: lunr.Pipeline): ScoringParts {
    const known = [...terms].filter((term) => this.terms.has(term)).sort();
    return {
      terms: known,
      numberOf: (term) => this.terms.get(term)!.index,
      postingOf: (term, field) => this.terms.get(term)!.fields[field],
      tokenSet: lunrInternals.TokenSet.fromArray(known),
      fields: FIELDS as unknown as string[],
      pipeline,
    };
  }
}
