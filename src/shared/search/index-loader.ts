// What of the search index the engine loads, and when (engine.ts composes it with the query planner and the ranking):
// a query's vocabularies, the postings files of its terms, the texts of the hits it shows, the bundle parts that hold
// them when it needs many; the background fill (Manifest.fill); the texts of the next hits, fetched ahead. Whatever
// is loaded stays for the life of the engine; a file that fails is forgotten, so that the next query asks again.
import {
  bundleName,
  type DocsFile,
  type Manifest,
  type PageRecord,
  type ShardFile,
  undeltas,
  type VocabFile,
  vocabName,
} from './format.ts';
import { LoadedPostings } from './loaded-postings.ts';
import type { lunr } from './lunr.ts';
import type { ScoringParts } from './scoring.ts';
import { floorIndex } from '../sorted.ts';
import { isVocabulary, type Vocabulary, vocabularyOf } from './vocabulary.ts';

/** Reads one of the index's files by name ('v102', 't3', 'd7'), parsed. */
export type IndexFiles = (name: string) => Promise<unknown>;

/** Thrown by a search that a newer query made pointless (see Engine.search). */
export class Superseded extends Error {
  constructor() {
    super('a newer query replaced this one');
    this.name = 'Superseded';
  }
}

/**
 * What a search calls after each wait for index files, and past each costly part: a query typed past meanwhile is
 * not worked through (it throws Superseded).
 */
export function checkpoint(superseded: () => boolean | Promise<boolean>): () => Promise<void> {
  return async () => {
    if (await superseded()) throw new Superseded();
  };
}

/** A section as results show it: its anchor ('' for the top of the page), heading and text, and its page. */
export interface SectionRecord {
  anchor: string;
  heading: string;
  text: string;
  page: PageRecord;
}

/** A query that needs more postings or text files than this loads the bundle parts that hold them, if any (BUNDLE). */
const FEW_FILES = 12;
/** How many files the background fill asks for at once: the rest of a browser's six connections stay for queries. */
const FILL_AT_ONCE = 4;

const isShard = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChunk = (v: unknown) => Array.isArray((v as DocsFile)?.sections) && typeof (v as DocsFile).pages === 'object';

/** The index files of one manifest, loaded as queries and the fill ask for them. */
export class IndexLoader {
  /** The first characters that have a vocabulary. */
  readonly letters: Set<string>;
  private readonly pageStarts: number[];
  private readonly chunkStarts: number[];
  /** Every file asked for, by name. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly vocabularies = new Map<string, Promise<Vocabulary>>();
  private readonly postings = new LoadedPostings();
  private readonly parts = new Map<string, Promise<void>>();
  private filling: Promise<void> | undefined;

  constructor(
    private readonly manifest: Manifest,
    private readonly files: IndexFiles,
  ) {
    this.letters = new Set(manifest.letters);
    this.pageStarts = undeltas(manifest.pageStarts, 1).map(([start]) => start);
    this.chunkStarts = undeltas(manifest.chunkStarts, 1).map(([start]) => start);
  }

  /** The vocabularies of these first characters, by character, in their order. */
  async vocabulariesOf(letters: Iterable<string>): Promise<Map<string, Vocabulary>> {
    return new Map(
      await Promise.all([...letters].map(async (letter) => [letter, await this.vocabulary(letter)] as const)),
    );
  }

  /** Loads the postings of these terms into the lunr index (see indexOver). */
  async loadPostings(terms: Iterable<string>): Promise<void> {
    const numbers = [...terms].map((term) => Math.max(0, floorIndex(this.manifest.shards, term)));
    await this.loadMany('t', numbers);
    await Promise.all([...new Set(numbers)].map((n) => this.shard(n)));
  }

  /** The parts of a lunr index over exactly these terms, of the postings loaded (LoadedPostings.indexOver). */
  indexOver(terms: Iterable<string>, pipeline: lunr.Pipeline): ScoringParts {
    return this.postings.indexOver(terms, pipeline);
  }

  /** The page a section is on (its number in the site's search records). */
  pageOf(section: number): number {
    return floorIndex(this.pageStarts, section);
  }

  /** Loads the text files of these sections, in bundle parts when they are many (see loadMany). */
  loadTexts(sections: Iterable<number>): Promise<void> {
    return this.loadMany(
      'd',
      [...sections].map((section) => floorIndex(this.chunkStarts, section)),
    );
  }

  /** A section's text and page, loading its text file if need be. */
  async recordOf(section: number): Promise<SectionRecord> {
    const n = floorIndex(this.chunkStarts, section);
    const file = await this.chunk(n);
    const [anchor, heading, text] = file.sections[section - this.chunkStarts[n]] ?? [];
    const page = file.pages[this.pageOf(section)];
    if (text === undefined || !page) throw new Error(`search index file d${n} is damaged`);
    return { anchor, heading, text, page };
  }

  /**
   * A site whose texts are not all loaded once the reader has searched (Manifest.fill) fetches ahead the texts of the
   * hits the ranking finds likely next (ranking.ts AHEAD).
   */
  fetchAhead(likely: readonly { section: number }[]): void {
    if (this.manifest.fill.texts) return;
    for (const { section } of likely) this.recordOf(section).catch(() => {});
  }

  /** See Engine.fill: the jobs of Manifest.fill, FILL_AT_ONCE at a time, each after `idle`. Runs once. */
  fill(idle: () => Promise<void>): Promise<void> {
    return (this.filling ??= (async () => {
      const jobs = this.fillJobs(idle);
      let next = 0;
      const worker = async () => {
        for (;;) {
          await idle();
          const job = jobs[next++];
          if (!job) return;
          await job().catch(() => {});
        }
      };
      await Promise.all(Array.from({ length: FILL_AT_ONCE }, worker));
    })());
  }

  /** What the fill loads, in order: the vocabularies' files, the bundle parts, the vocabularies' automata. */
  private fillJobs(idle: () => Promise<void>): (() => Promise<unknown>)[] {
    const { fill, bundles, vocabularies } = this.manifest;
    const jobs: (() => Promise<unknown>)[] = [];
    if (fill.postings && !vocabularies) for (const letter of this.letters) jobs.push(() => this.vocabulary(letter));
    for (const kind of ['t', 'd'] as const)
      (bundles[kind] ?? []).forEach((_, n) => jobs.push(() => this.part(kind, n, idle)));
    // The automaton of each vocabulary, which typo-tolerant and wildcard clauses walk: built on first use, 10-30 ms
    // for a letter of this site, which the first query of that letter would otherwise wait for.
    if (fill.postings)
      for (const letter of this.letters) jobs.push(async () => (await this.vocabulary(letter)).tokens());
    return jobs;
  }

  /** A file, checked; asked for once while it loads or has loaded, again once it has failed. */
  private load<T>(name: string, check: (value: unknown) => boolean): Promise<T> {
    let pending = this.loading.get(name);
    if (!pending) {
      pending = this.files(name).then((value) => {
        if (!check(value)) throw new Error(`search index file ${name} is damaged`);
        return value;
      });
      pending.catch(() => this.loading.delete(name));
      this.loading.set(name, pending);
    }
    return pending as Promise<T>;
  }

  /** The vocabulary of a first character: from the manifest when it holds them, else its file. */
  private vocabulary(letter: string): Promise<Vocabulary> {
    let found = this.vocabularies.get(letter);
    if (!found) {
      const inline = this.manifest.vocabularies?.[letter];
      found = (inline ? Promise.resolve(inline) : this.load<VocabFile>(vocabName(letter), isVocabulary)).then(
        (file) => {
          if (!isVocabulary(file)) throw new Error(`search index vocabulary ${vocabName(letter)} is damaged`);
          return vocabularyOf(file);
        },
      );
      found.catch(() => this.vocabularies.delete(letter));
      this.vocabularies.set(letter, found);
    }
    return found;
  }

  /** Postings file `n` in the lunr index. */
  private shard(n: number): Promise<void> {
    return this.postings.file(n, () => this.load<ShardFile>(`t${n}`, isShard));
  }

  private chunk(n: number): Promise<DocsFile> {
    return this.load<DocsFile>(`d${n}`, isChunk);
  }

  /**
   * Part `n` of the bundle of every postings (`t`) or text (`d`) file, for an index whose fill loads them all
   * (Manifest.bundles): once a part is loaded, each of its files counts as loaded (one already loaded on its own is
   * left as it is). Its postings go into the lunr index a few files at a time when `pause` is given (the fill), so
   * that a query that comes meanwhile is answered (LoadedPostings.addPart).
   */
  private part(kind: 't' | 'd', n: number, pause?: () => Promise<void>): Promise<void> {
    const name = bundleName(kind, n);
    let found = this.parts.get(name);
    if (!found) {
      const starts = this.manifest.bundles[kind] ?? [];
      const first = starts[n];
      const count = (starts[n + 1] ?? (kind === 't' ? this.manifest.shards.length : this.chunkStarts.length)) - first;
      const check = kind === 't' ? isShard : isChunk;
      found = this.load<unknown[]>(name, (v) => Array.isArray(v) && v.length === count && v.every(check)).then(
        (files) =>
          kind === 'd'
            ? this.textsOfPart(first, files as DocsFile[])
            : this.postings.addPart(first, files as ShardFile[], pause),
      );
      found.catch(() => this.parts.delete(name));
      this.parts.set(name, found);
    }
    return found;
  }

  /** A bundle part's text files, from file `first` on, count as loaded. */
  private textsOfPart(first: number, files: DocsFile[]): void {
    files.forEach(
      (file, i) => this.loading.has(`d${first + i}`) || this.loading.set(`d${first + i}`, Promise.resolve(file)),
    );
  }

  /**
   * Loads postings (`t`) or text (`d`) files by number: those not loaded yet one by one when they are few, else, when
   * the index has bundles of them, the parts that hold them (the search page's hundred results, in a request or two
   * rather than dozens).
   */
  private async loadMany(kind: 't' | 'd', numbers: Iterable<number>): Promise<void> {
    const missing = [...new Set(numbers)].filter((n) =>
      kind === 't' ? !this.postings.has(n) : !this.loading.has(`d${n}`),
    );
    const starts = this.manifest.bundles[kind];
    if (starts && missing.length > FEW_FILES)
      await Promise.all([...new Set(missing.map((n) => floorIndex(starts, n)))].map((n) => this.part(kind, n)));
    else await Promise.all(missing.map((n) => (kind === 't' ? this.shard(n) : this.chunk(n))));
  }
}
