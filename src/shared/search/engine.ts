// The search engine: lunr over the index the build wrote (src/search/index-files.ts, format.ts), loaded piece by
// piece. A query loads the vocabulary of its words' first letters, then the postings of the terms its words expand
// to, and assembles a lunr index of what it has; lunr scores exactly as over the whole index, since each file holds
// lunr's own weights. Then the ranking on top (every word present, adjacent words, the page as a whole) and the
// texts of the hits it shows. It runs in the search worker (src/client/search/worker.ts) and, for tests, `egdocs check`
// and
// `npm run bench:search`, in node. No DOM, no network: files come through `IndexFiles`.
import {
  bundleName,
  type DocsFile,
  FORMAT,
  letterOf,
  type Manifest,
  type PageRecord,
  type ShardFile,
  undeltas,
  type VocabFile,
  vocabName,
} from './format.ts';
import { floorIndex } from '../sorted.ts';
import { lunr, lunrInternals } from './lunr.ts';
import { FIELDS, identifiersOf, isStopWord, queryPipeline, SEPARATOR, stem } from './tokens.ts';

/** A run of excerpt text; `match` marks a query term. Rendered as text, never as HTML. */
export interface Segment {
  text: string;
  match: boolean;
}

export interface SearchHit {
  /** Index of the page in the site's search records, for grouping results by page. */
  page: number;
  title: string;
  /** Where the page lives: its sidebar categories ("Admin Panel › Firebase Settings"), or the blog's title. */
  breadcrumb: string;
  kind: PageRecord[3];
  /** Section heading, or '' for the top of the page. */
  heading: string;
  /** URL of the section: base URL, page path, `#anchor`. */
  url: string;
  excerpt: Segment[];
  score: number;
}

export interface EngineOptions {
  baseUrl: string;
  excerptLength: number;
}

/** Reads one of the index's files by name ('v102', 't3', 'd7'), parsed. */
export type IndexFiles = (name: string) => Promise<unknown>;

export interface Engine {
  /**
   * At most `limit` hits, best first, for the query's searched part (`searchedPart`). `superseded` is asked each
   * time the query has waited for index files: once it says yes (a newer query waits), the search gives up with
   * `Superseded`, and what it was loading stays loaded for the queries after it.
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

/** Thrown by a search that a newer query made pointless (see Engine.search). */
export class Superseded extends Error {
  constructor() {
    super('a newer query replaced this one');
    this.name = 'Superseded';
  }
}

/**
 * What lunr keeps about a term in a section (positions, were they recorded): nothing, shared by every posting, so that
 * a large index's hundreds of thousands of postings allocate no object each. lunr only reads it (MatchData copies
 * its keys, of which there are none).
 */
const NO_METADATA = Object.freeze({});

/** How long the worker adds a bundle's postings to its index before it lets a waiting query in. */
const SLICE_MS = 8;

/** A query that needs more postings or text files than this loads the bundle parts that hold them, if any (BUNDLE). */
const FEW_FILES = 12;

/** How many files the background fill asks for at once: the rest of a browser's six connections stay for queries. */
const FILL_AT_ONCE = 4;
/** Without every text loaded, a query fetches ahead the texts of the hits this many times its limit (see fill). */
const LIKELY_TEXTS = 3;

// Characters of lunr's query syntax: a query with any of them is first tried as a lunr query.
const SYNTAX = /[:~^*]|(^|\s)[+-]\S/;
/** How much of the best other section of its page (one with every query word) a section's score gains. */
const PAGE_SUPPORT = 0.3;
/** How much a section with the query's words side by side (or one word apart) gains. */
const ADJACENT = 1.5;
/** How much a section with a name typed whole (google-services.json) gains over one with only its words. */
const NAMED = 2;
/** How much more a section counts when all the query's words name its part of the product. */
const PART = 1;
/** How much more a section counts when its title, heading and categories hold every word of the query. */
const HEADLINE = 1.5;
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
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The words of a query, lowercased, without lunr's syntax characters. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/[:~^*+]|(^|\s)-/g, ' ')
    .split(SEPARATOR)
    .filter(Boolean);
}

const SEPARATORS = new RegExp(SEPARATOR.source, 'g');

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

/** How many edits a term may have when `asked` for: none past FUZZY_MAX_LETTERS, fewer the longer the term. */
function editsFor(term: string, asked: number): number {
  return Math.min(asked, MAX_EDITS, Math.floor(FUZZY_MAX_LETTERS / term.length));
}

/** Whether a word of a plain query may have a typo. */
const typoTolerant = (word: string) => word.length >= FUZZY_MIN_LENGTH && editsFor(word, 1) === 1;

interface Vocabulary {
  /** Sorted. */
  list: string[];
  terms: Set<string>;
  df: Map<string, number>;
  /** lunr's automaton of the terms, made only for a query in lunr's syntax (wildcards anywhere, edit distances). */
  tokens(): lunr.TokenSet;
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

export function createEngine(manifest: Manifest, files: IndexFiles, options: EngineOptions): Engine {
  const pipeline = queryPipeline();
  const pageStarts = undeltas(manifest.pageStarts, 1).map(([start]) => start);
  const chunkStarts = undeltas(manifest.chunkStarts, 1).map(([start]) => start);
  const letters = new Set(manifest.letters);

  // What has been loaded, kept for the life of the engine. A file that fails to load is forgotten, so a retry
  // loads it again.
  const loading = new Map<string, Promise<unknown>>();
  const load = <T>(name: string, check: (value: unknown) => boolean): Promise<T> => {
    let pending = loading.get(name);
    if (!pending) {
      pending = files(name).then((value) => {
        if (!check(value)) throw new Error(`search index file ${name} is damaged`);
        return value;
      });
      pending.catch(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending as Promise<T>;
  };

  const vocabularies = new Map<string, Promise<Vocabulary>>();
  const vocabulary = (letter: string): Promise<Vocabulary> => {
    let found = vocabularies.get(letter);
    if (!found) {
      const inline = manifest.vocabularies?.[letter];
      const checked = (v: unknown) => Array.isArray((v as VocabFile)?.terms) && Array.isArray((v as VocabFile).df);
      found = (inline ? Promise.resolve(inline) : load<VocabFile>(vocabName(letter), checked)).then((file) => {
        if (!checked(file)) throw new Error(`search index vocabulary ${vocabName(letter)} is damaged`);
        let tokens: lunr.TokenSet | undefined;
        return {
          list: file.terms,
          terms: new Set(file.terms),
          df: new Map(file.terms.map((term, i) => [term, file.df[i]])),
          tokens: () => (tokens ??= lunrInternals.TokenSet.fromArray(file.terms)),
        };
      });
      found.catch(() => vocabularies.delete(letter));
      vocabularies.set(letter, found);
    }
    return found;
  };

  // The lunr index of everything loaded so far: postings and field vectors, filled in as postings files arrive.
  const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  let termCount = 0;
  const isShard = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isChunk = (v: unknown) => Array.isArray((v as DocsFile)?.sections) && typeof (v as DocsFile).pages === 'object';
  /** Adds a postings file's terms to the lunr index (a term already there, from a bundle or the file, is skipped). */
  const addShard = (file: ShardFile) => {
    for (const [term, fields] of Object.entries(file)) {
      if (term in invertedIndex) continue;
      const termIndex = termCount++;
      const posting: Record<string, unknown> = { _index: termIndex };
      FIELDS.forEach((field, f) => {
        const documents: Record<string, object> = Object.create(null);
        for (const [section, weight] of undeltas(fields[f] ?? [], 2)) {
          documents[section] = NO_METADATA;
          const key = `${field}/${section}`;
          (fieldVectors[key] ??= new lunr.Vector([])).insert(termIndex, weight / 1000);
        }
        posting[field] = documents;
      });
      invertedIndex[term] = posting;
    }
  };
  const shards = new Map<number, Promise<void>>();
  /** Postings files a bundle brought that are not in the lunr index yet: added a few at a time, or when asked for. */
  const pendingShards = new Map<number, ShardFile>();
  const shard = (n: number): Promise<void> => {
    let found = shards.get(n);
    if (!found) {
      const pending = pendingShards.get(n);
      if (pending) {
        pendingShards.delete(n);
        addShard(pending);
        found = Promise.resolve();
      } else {
        found = load<ShardFile>(`t${n}`, isShard).then(addShard);
        found.catch(() => shards.delete(n));
      }
      shards.set(n, found);
    }
    return found;
  };
  const shardOf = (term: string) => Math.max(0, floorIndex(manifest.shards, term));

  const chunk = (n: number) => load<DocsFile>(`d${n}`, isChunk);

  /**
   * The parts of the bundles of every postings (`t`) or text (`d`) file, for an index whose fill loads them all
   * (Manifest.bundles): once a part is loaded, each of its files counts as loaded (one already loaded on its own is
   * left as it is). A part's postings go into the lunr index a few files at a time when `pause` is given (the fill),
   * pausing between, so that a query that comes meanwhile is answered, adding the files it needs first (see shard).
   */
  const parts = new Map<string, Promise<void>>();
  const part = (kind: 't' | 'd', n: number, pause?: () => Promise<void>): Promise<void> => {
    const name = bundleName(kind, n);
    let found = parts.get(name);
    if (!found) {
      const starts = manifest.bundles[kind] ?? [];
      const first = starts[n];
      const count = (starts[n + 1] ?? (kind === 't' ? manifest.shards.length : chunkStarts.length)) - first;
      const check = kind === 't' ? isShard : isChunk;
      found = load<unknown[]>(name, (v) => Array.isArray(v) && v.length === count && v.every(check)).then(
        async (files) => {
          if (kind === 'd') {
            files.forEach(
              (file, i) => loading.has(`d${first + i}`) || loading.set(`d${first + i}`, Promise.resolve(file)),
            );
            return;
          }
          files.forEach((file, i) => shards.has(first + i) || pendingShards.set(first + i, file as ShardFile));
          let since = Date.now();
          for (let i = 0; i < files.length; i++) {
            if (pendingShards.has(first + i)) await shard(first + i);
            if (pause && Date.now() - since > SLICE_MS) {
              await pause();
              since = Date.now();
            }
          }
        },
      );
      found.catch(() => parts.delete(name));
      parts.set(name, found);
    }
    return found;
  };
  /**
   * Loads postings (`t`) or text (`d`) files by number: those not loaded yet one by one when they are few, else, when
   * the index has bundles of them, the parts that hold them (the search page's hundred results, in a request or two
   * rather than dozens).
   */
  const loadMany = async (kind: 't' | 'd', numbers: Iterable<number>): Promise<void> => {
    const missing = [...new Set(numbers)].filter((n) =>
      kind === 't' ? !shards.has(n) && !pendingShards.has(n) : !loading.has(`d${n}`),
    );
    const starts = manifest.bundles[kind];
    if (starts && missing.length > FEW_FILES)
      await Promise.all([...new Set(missing.map((n) => floorIndex(starts, n)))].map((n) => part(kind, n)));
    else await Promise.all(missing.map((n) => (kind === 't' ? shard(n) : chunk(n))));
  };
  const pageOf = (section: number) => floorIndex(pageStarts, section);
  const recordOf = async (section: number) => {
    const n = floorIndex(chunkStarts, section);
    const file = await chunk(n);
    const [anchor, heading, text] = file.sections[section - chunkStarts[n]] ?? [];
    const page = file.pages[pageOf(section)];
    if (text === undefined || !page) throw new Error(`search index file d${n} is damaged`);
    return { anchor, heading, text, page };
  };

  /**
   * The index's terms that a word one typo away from `word` stems to: "remnder" → "remind" (from "reminder"). The
   * index holds stems, and a typo often changes how a word stems, so an edit of the stem alone misses these. Only
   * words with the same first letter: their vocabulary is the one loaded.
   */
  const corrections = (word: string, known: Vocabulary): string[] => {
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
  };

  /** The clauses of a plain query: each word as typed and stemmed, a prefix for the last, one typo for long words. */
  const plainQuery =
    (words: string[], identifiers: string[], typing: string | undefined, fixes: Map<string, string[]>) =>
    (query: lunr.Query) => {
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

  /** The clauses a query function makes, each with the terms lunr would look up for it. */
  const clausesOf = (build: (query: lunr.Query) => void): { clause: lunr.Query.Clause; terms: string[] }[] => {
    const scratch = new lunr.Query(FIELDS as unknown as string[]);
    build(scratch);
    return scratch.clauses.map((clause) => ({
      clause,
      terms: clause.usePipeline
        ? (pipeline.runString as (text: string, metadata: object) => string[])(clause.term, { fields: clause.fields })
        : [clause.term],
    }));
  };

  const search = async (
    asked: string,
    limit: number,
    superseded: () => boolean | Promise<boolean> = () => false,
  ): Promise<SearchHit[]> => {
    /** After each wait for index files: a query typed past while they loaded is not worked through. */
    const goOn = async () => {
      if (await superseded()) throw new Superseded();
    };
    const query = searchedPart(asked);
    const words = queryWords(query);
    if (words.length === 0) return [];
    const content = words.filter((word) => !isStopWord(word));
    const identifiers = [...new Set(identifiersOf(query).whole)];
    const lastName = /([A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+)[-_.]*$/.exec(query.trim())?.[1]?.toLowerCase();

    // The query as lunr syntax when it is valid syntax, else as words.
    let build: (query: lunr.Query) => void;
    let syntax = false;
    if (SYNTAX.test(query)) {
      try {
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
        parse(new lunr.Query(FIELDS as unknown as string[]));
        build = parse;
        syntax = true;
      } catch (error) {
        // SPEC §5: a query the parser rejects is searched as plain words, never shown as an error.
        if (!(error instanceof lunr.QueryParseError)) throw error;
      }
    }

    // 1. The vocabularies of the words' first letters (every letter for a leading wildcard).
    const wanted = new Set<string>();
    const want = (term: string) => {
      if (term.startsWith('*')) for (const letter of letters) wanted.add(letter);
      else if (letters.has(letterOf(term))) wanted.add(letterOf(term));
    };
    if (syntax) for (const { terms } of clausesOf(build!)) terms.forEach(want);
    else for (const term of [...words, ...words.map(stem), ...identifiers]) if (term) want(term);
    const known = new Map(
      await Promise.all([...wanted].map(async (letter) => [letter, await vocabulary(letter)] as const)),
    );
    await goOn();

    const fixes = new Map(
      content.map((word) => [word, known.has(letterOf(word)) ? corrections(word, known.get(letterOf(word))!) : []]),
    );
    if (!syntax) build = plainQuery(words, identifiers, lastName, fixes);

    // 2. The terms each clause expands to, from the vocabularies (the commonest few for a prefix).
    const expanded = new Set<string>();
    for (const { clause, terms } of clausesOf(build!)) {
      for (const term of terms) {
        const sets = term.startsWith('*')
          ? [...known.values()]
          : known.has(letterOf(term))
            ? [known.get(letterOf(term))!]
            : [];
        let found = sets.flatMap((set) => expand(set, clause, term));
        const most = term.length > 2 ? MAX_PREFIX_TERMS : MAX_LETTER_TERMS;
        if (clause.wildcard === lunr.Query.wildcard.TRAILING && !syntax && found.length > most) {
          const df = (t: string) => known.get(letterOf(t))?.df.get(t) ?? 0;
          found = found.sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1)).slice(0, most);
        }
        for (const t of found) expanded.add(t);
      }
    }
    if (expanded.size === 0) return [];

    // 3. Their postings, and a lunr index over exactly these terms, so results depend on the query alone and not
    // on what earlier queries happened to load.
    await loadMany('t', [...expanded].map(shardOf));
    await Promise.all([...new Set([...expanded].map(shardOf))].map(shard));
    await goOn();
    const terms = [...expanded].filter((term) => term in invertedIndex).sort();
    const index = new lunrInternals.Index({
      invertedIndex,
      fieldVectors,
      tokenSet: lunrInternals.TokenSet.fromArray(terms),
      fields: FIELDS as unknown as string[],
      pipeline,
    });
    // Past each costly part (the lunr query, the ranking), a query typed past is given up.
    await goOn();
    const results = index.query(build!);

    // 4. Ranking: every word counts, and a page about the subject as a whole outranks a page that mentions it.
    const answers = content.map((word) => answersWord(word, fixes.get(word) ?? []));
    const scored = results.map((result) => {
      const section = Number(result.ref);
      const matched = Object.keys(result.matchData.metadata);
      // A name typed whole answers each of its words.
      const names = identifiers.filter((name) => matched.includes(name));
      const named = names.flatMap(queryWords);
      const covered = content.filter((word, i) => named.includes(word) || matched.some(answers[i])).length;
      const coverage = content.length ? covered / content.length : 1;
      // The exact name is stronger evidence than its words anywhere, even in a title.
      let lunrScore = result.score * coverage * coverage * (names.length ? NAMED : 1);
      // A query that names a part of the product ("install admin panel") wants that part's pages: each word found
      // in the section's categories (or their keywords) counts more than the same word in another part's text.
      const metadata = result.matchData.metadata as Metadata;
      const inPart = content.filter((_, i) => matched.some((term) => answers[i](term) && metadata[term]?.part)).length;
      if (inPart && content.length) lunrScore *= 1 + PART * (inPart / content.length);
      // A section whose headline (page title, heading, categories) holds every word is about the query, not a
      // passing mention: "which php version" wants the heading "PHP version".
      const headline =
        content.length > 0 &&
        content.every((_, i) =>
          matched.some(
            (term) => answers[i](term) && (metadata[term]?.title || metadata[term]?.heading || metadata[term]?.part),
          ),
        );
      if (headline) lunrScore *= HEADLINE;
      return { section, page: pageOf(section), matched, coverage, lunr: lunrScore, own: 0, score: 0 };
    });
    const rank = () => {
      // A section gains from the best other section of its page that has every query word. (The two best scores
      // per page are kept.)
      const best = new Map<number, [number, number]>();
      for (const { coverage, page, own } of scored) {
        if (coverage < 1) continue;
        const [first, second] = best.get(page) ?? [0, 0];
        best.set(page, own > first ? [own, first] : [first, Math.max(second, own)]);
      }
      for (const hit of scored) {
        const top = best.get(hit.page);
        hit.score = hit.own + (top ? PAGE_SUPPORT * (top[0] === hit.own ? top[1] : top[0]) : 0);
      }
      scored.sort((a, b) => b.score - a.score || a.section - b.section);
    };
    for (const hit of scored) hit.own = hit.lunr;
    rank();

    await goOn();
    // Words side by side count, which takes the sections' text: it is loaded for the sections that could reach
    // the shown results with that bonus (at most ADJACENT times their score now), not for every match.
    const texts = new Map<number, Awaited<ReturnType<typeof recordOf>>>();
    const phrase =
      content.length > 1 ? new RegExp(content.map(escapeRegExp).join('[\\W_]+(?:[^\\W_]+[\\W_]+)?'), 'i') : undefined;
    const shown = Math.min(limit, scored.length);
    const bar = phrase && shown ? scored[shown - 1].score : Infinity;
    const needed = scored.filter((hit, i) => i < shown || hit.score * ADJACENT >= bar);
    await loadMany(
      'd',
      [...needed, ...scored.slice(0, limit)].map(({ section }) => floorIndex(chunkStarts, section)),
    );
    await Promise.all(needed.map(async ({ section }) => texts.set(section, await recordOf(section))));
    await goOn();
    if (phrase) {
      for (const hit of needed) {
        const { heading, text, page } = texts.get(hit.section)!;
        if (phrase.test(page[0]) || phrase.test(heading) || phrase.test(text)) hit.own = hit.lunr * ADJACENT;
      }
      rank();
    }

    // 5. What is shown: excerpts only for these. A site whose texts are not all loaded once the reader has searched
    // (Manifest.fill) fetches ahead those of the next hits: the words typed next most likely bring them up.
    if (!manifest.fill.texts)
      for (const { section } of scored.slice(limit, limit * LIKELY_TEXTS)) recordOf(section).catch(() => {});
    const top = scored.slice(0, limit);
    await Promise.all(
      top
        .filter(({ section }) => !texts.has(section))
        .map(async ({ section }) => texts.set(section, await recordOf(section))),
    );
    return top.map(({ section, page, matched, score }) => {
      const { anchor, heading, text, page: record } = texts.get(section)!;
      const [title, path, breadcrumb, kind] = record;
      return {
        page,
        title,
        breadcrumb,
        kind,
        heading,
        url: options.baseUrl + path + (anchor ? `#${anchor}` : ''),
        excerpt: excerptOf(text, matchesIn(text, new Set(matched)), options.excerptLength),
        score,
      };
    });
  };

  let filling: Promise<void> | undefined;
  const fill = (idle: () => Promise<void> = async () => {}): Promise<void> =>
    (filling ??= (async () => {
      const jobs: (() => Promise<unknown>)[] = [];
      if (manifest.fill.postings && !manifest.vocabularies)
        for (const letter of letters) jobs.push(() => vocabulary(letter));
      for (const kind of ['t', 'd'] as const)
        (manifest.bundles[kind] ?? []).forEach((_, n) => jobs.push(() => part(kind, n, idle)));
      // The automaton of each vocabulary, which typo-tolerant and wildcard clauses walk: built on first use, 10-30 ms
      // for a letter of this site, which the first query of that letter would otherwise wait for.
      if (manifest.fill.postings)
        for (const letter of letters) jobs.push(async () => (await vocabulary(letter)).tokens());
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

  return { search, fill };
}

/** Whether an index term answers a query word: its stem, a prefix, one typo away, or a correction. */
function answersWord(word: string, fixes: string[]): (term: string) => boolean {
  const stemmed = stem(word);
  const fuzzy = typoTolerant(word);
  return (term) =>
    term === stemmed ||
    term.startsWith(word) ||
    term.startsWith(stemmed) ||
    (fuzzy && (withinOneEdit(term, stemmed) || withinOneEdit(term, word))) ||
    fixes.includes(term);
}

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

type Metadata = Record<string, Record<string, unknown>>;

const WORD = /[^\s\-_./:()[\],;"'`=<>|!?@#]+/g;
const NAME = /[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+/g;

/**
 * Where the matched terms are in a text: each word whose term (lowercased, stemmed, or as written for a name) is
 * one of them. The index keeps no positions; the few texts that are shown are cut into words again here.
 */
export function matchesIn(text: string, terms: Set<string>): [start: number, length: number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(NAME))
    if (terms.has(match[0].toLowerCase())) found.push([match.index!, match[0].length]);
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase().replace(/^\W+|\W+$/g, '');
    if (!word || found.some(([start, length]) => match.index! >= start && match.index! < start + length)) continue;
    if (terms.has(word) || terms.has(stem(word))) found.push([match.index!, match[0].length]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** Up to `length` characters of the text around the first match, cut at word boundaries, matches marked. */
export function excerptOf(text: string, positions: [number, number][], length: number): Segment[] {
  const first = positions[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const segments: Segment[] = [];
  let at = start;
  for (const [from, size] of positions) {
    const to = Math.min(from + size, end);
    if (from < at || from >= end) continue;
    if (from > at) segments.push({ text: text.slice(at, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < end) segments.push({ text: text.slice(at, end), match: false });
  if (start > 0) segments.unshift({ text: '…', match: false });
  if (end < text.length) segments.push({ text: '…', match: false });
  return segments;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
