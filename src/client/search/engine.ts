// The search engine: a lunr index over the pre-generated search data (src/search/data.ts), and the query handling
// on top of it. It runs in the search worker (worker.ts) and, for tests and `npm run bench:search`, in node.
// Pure: no DOM, no network.
import lunr from 'lunr';
import type { Config, SearchData, SearchKind } from '../../types.ts';

/** A run of excerpt text; `match` marks a query term. Rendered as text, never as HTML. */
export interface Segment {
  text: string;
  match: boolean;
}

export interface SearchHit {
  /** Index of the page in the data, for grouping results by page. */
  page: number;
  title: string;
  breadcrumb: string;
  kind: SearchKind;
  /** Section heading, or '' for the top of the page. */
  heading: string;
  /** URL of the section: base URL, page path, `#anchor`. */
  url: string;
  excerpt: Segment[];
  score: number;
}

export interface EngineOptions {
  baseUrl: string;
  bm25: Config['search']['bm25'];
  excerptLength: number;
}

export interface Engine {
  search(query: string, limit: number): SearchHit[];
}

// Words are split at spaces and at the punctuation inside names (php.ini, APP_URL, /admin/login, v2.1.2), so that
// "php ini" finds php.ini and "app url" finds APP_URL.
const SEPARATOR = /[\s\-_./:()[\],;"'`=<>|!?@#]+/;
// Characters of lunr's query syntax: a query with any of them is first tried as a lunr query.
const SYNTAX = /[:~^*]|(^|\s)[+-]\S/;
/** How much of the best other section of its page (one with every query word) a section's score gains. */
const PAGE_SUPPORT = 0.3;
/** Terms of five letters or more may have one typo (SPEC: typo tolerance). */
const FUZZY_MIN_LENGTH = 5;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const stem = (word: string): string => lunr.stemmer(new lunr.Token(word, {})).toString();
const isStopWord = (word: string): boolean => lunr.stopWordFilter(new lunr.Token(word, {})) === undefined;

/** The words of a query, lowercased, without lunr's syntax characters. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/[:~^*+]|(^|\s)-/g, ' ')
    .split(SEPARATOR)
    .filter(Boolean);
}

export function createEngine(data: SearchData, options: EngineOptions): Engine {
  lunr.tokenizer.separator = SEPARATOR;
  const index = lunr(function () {
    this.ref('id');
    this.field('title', { boost: 6 });
    this.field('heading', { boost: 3 });
    this.field('body');
    this.b(options.bm25.b);
    this.k1(options.bm25.k1);
    this.metadataWhitelist = ['position'];
    data.sections.forEach(([page, anchor, heading, text], id) => {
      // The top of a page is where a reader who searched for the page's subject wants to land.
      this.add({ id: String(id), title: data.pages[page][0], heading, body: text }, { boost: anchor === '' ? 1.3 : 1 });
    });
  });

  const vocabulary = new Set(Object.keys((index as unknown as { invertedIndex: object }).invertedIndex));
  const corrected = new Map<string, string[]>();
  /**
   * The index's terms that a word one typo away from `word` stems to: "remnder" → "remind" (from "reminder"). The
   * index holds stems, and a typo often changes how a word stems, so an edit of the stem alone misses these.
   */
  const corrections = (word: string): string[] => {
    if (word.length < FUZZY_MIN_LENGTH || vocabulary.has(stem(word))) return [];
    let found = corrected.get(word);
    if (!found) {
      const terms = new Set<string>();
      const consider = (candidate: string) => {
        const term = stem(candidate);
        if (vocabulary.has(term)) terms.add(term);
      };
      for (let i = 0; i <= word.length; i++) {
        const head = word.slice(0, i);
        const tail = word.slice(i);
        if (tail) consider(head + tail.slice(1));
        if (tail.length > 1) consider(head + tail[1] + tail[0] + tail.slice(2));
        for (const letter of ALPHABET) {
          consider(head + letter + tail);
          if (tail) consider(head + letter + tail.slice(1));
        }
      }
      found = [...terms];
      corrected.set(word, found);
    }
    return found;
  };

  /** Whether an index term answers a query word: its stem, a prefix, one typo away, or a correction (per query). */
  const answersWord = (word: string): ((term: string) => boolean) => {
    const stemmed = stem(word);
    const fuzzy = word.length >= FUZZY_MIN_LENGTH;
    const fixes = corrections(word);
    return (term) =>
      term === stemmed || term.startsWith(word) || term.startsWith(stemmed) || (fuzzy && (withinOneEdit(term, stemmed) || withinOneEdit(term, word))) || fixes.includes(term);
  };

  /** Each word as typed, stemmed, with a prefix for the word being typed and one typo for long words. */
  const plainQuery = (words: string[]) =>
    index.query((query) => {
      words.forEach((word, i) => {
        query.term(word, { boost: 10 });
        if (isStopWord(word)) return;
        if (i === words.length - 1) query.term(word, { usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING, boost: 3 });
        if (word.length >= FUZZY_MIN_LENGTH) {
          // Against the index's stemmed terms, the stemmed form of a typo is usually one edit away; but one edit
          // from a stem of three letters ("boxes" → "box") is any short word ("bot", "fox").
          const stemmed = stem(word);
          if (stemmed.length > 3) query.term(stemmed, { usePipeline: false, editDistance: 1, boost: 1 });
          query.term(word, { usePipeline: false, editDistance: 1, boost: 1 });
          for (const term of corrections(word)) query.term(term, { usePipeline: false, boost: 1 });
        }
      });
    });

  const run = (query: string, words: string[]): lunr.Index.Result[] => {
    if (SYNTAX.test(query)) {
      try {
        return index.search(query);
      } catch (error) {
        // SPEC §5: a query the parser rejects is searched as plain words, never shown as an error.
        if (!(error instanceof lunr.QueryParseError)) throw error;
      }
    }
    return plainQuery(words);
  };

  return {
    search(query, limit) {
      const words = queryWords(query);
      if (words.length === 0) return [];
      const content = words.filter((word) => !isStopWord(word));
      const answers = content.map(answersWord);
      const phrase = content.length > 1 ? new RegExp(content.map(escapeRegExp).join('[\\W_]+(?:[^\\W_]+[\\W_]+)?'), 'i') : undefined;
      const scored = run(query, words).map((result) => {
        const section = Number(result.ref);
        const [page, , heading, text] = data.sections[section];
        const matched = Object.keys(result.matchData.metadata);
        // Readers expect every word they typed to count: a section that has them all outranks one that repeats one.
        const covered = answers.filter((answered) => matched.some(answered)).length;
        const coverage = content.length ? covered / content.length : 1;
        const adjacent = phrase && (phrase.test(data.pages[page][0]) || phrase.test(heading) || phrase.test(text)) ? 1.5 : 1;
        return { result, section, page, coverage, own: result.score * coverage * coverage * adjacent, score: 0 };
      });
      // A section gains from the best other section of its page that has every query word: a page about the
      // subject as a whole outranks a page that mentions it once. (The two best scores per page are kept.)
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
      scored.sort((a, b) => b.score - a.score || a.page - b.page);
      // Excerpts only for what is shown.
      return scored.slice(0, limit).map(({ result, section, page, score }) => {
        const [, anchor, heading, text] = data.sections[section];
        const [title, path, breadcrumb, kind] = data.pages[page];
        return {
          page,
          title,
          breadcrumb,
          kind,
          heading,
          url: options.baseUrl + path + (anchor ? `#${anchor}` : ''),
          excerpt: excerptOf(text, result.matchData.metadata as Metadata, options.excerptLength),
          score,
        };
      });
    },
  };
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

type Metadata = Record<string, Record<string, { position?: [number, number][] }>>;

/** Up to `length` characters of the text around the first match, cut at word boundaries, matches marked. */
export function excerptOf(text: string, metadata: Metadata, length: number): Segment[] {
  const positions = Object.values(metadata)
    .flatMap((fields) => fields.body?.position ?? [])
    .sort((a, b) => a[0] - b[0]);
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
