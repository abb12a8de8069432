// The ranking of a query's lunr results (engine.ts composes it with the loader and the query planner): lunr's score,
// weighed by how many of the query's words a section has, a name typed whole, the product part the words name and
// a headline that holds them all; then the best other section of the page, and the words side by side in the text.
// Then what the shown hits are: title, place, URL and an excerpt (excerpts.ts).
import type { PageRecord } from './format.ts';
import { excerptOf, matchesIn, type Segment } from './excerpts.ts';
import type { SectionRecord } from './index-loader.ts';
import { MAX_QUERY_WORDS, queryWords } from './query-plan.ts';
import type { Found, Marking } from './scoring.ts';
import { stem } from './tokens.ts';
import { typoTolerant, withinOneEdit } from './typos.ts';

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

/**
 * Without every text loaded, the texts of the hits ranked after those shown, up to this many times as many, are
 * fetched ahead: the words typed next most likely bring them up.
 */
const AHEAD = 3;
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

/** What the ranking reads of a query (query-plan.ts). */
export interface RankedQuery {
  /** Its words that are not stop words. */
  content: string[];
  /** The names typed whole. */
  identifiers: string[];
  /** Each content word's corrections. */
  fixes: Map<string, string[]>;
}

/** Where the ranking finds the sections' pages and texts (index-loader.ts). */
export interface SectionTexts {
  pageOf(section: number): number;
  loadTexts(sections: Iterable<number>): Promise<void>;
  recordOf(section: number): Promise<SectionRecord>;
  /** Loads ahead, when they are not all loaded, the texts of these sections. */
  fetchAhead(likely: readonly { section: number }[]): void;
}

export interface RankingOptions {
  /** How many hits are shown. */
  limit: number;
  /** Called past each costly part: throws once a newer query waits (index-loader.ts checkpoint). */
  goOn: () => Promise<void>;
  texts: SectionTexts;
  baseUrl: string;
  excerptLength: number;
}

/** A section lunr found, as the ranking weighs it. */
interface Scored {
  section: number;
  /** Its place in what lunr found (Found). */
  slot: number;
  page: number;
  /** The share of the query's words it answers. */
  coverage: number;
  /** lunr's score, weighed by the words it has (WordMarks.weigh). */
  lunr: number;
  /** Its score before its page's support: `lunr`, or more with the words side by side. */
  own: number;
  score: number;
}

/** The `limit` best hits of the sections lunr found for a query (marked by `marks`), best first, with excerpts. */
export async function rankedHits(found: Found, marks: WordMarks, options: RankingOptions): Promise<SearchHit[]> {
  const { limit, goOn, texts } = options;
  const scored: Scored[] = found.sections.map((section, slot) => {
    const [coverage, lunrScore] = marks.weigh(found.scores[slot], found.marks, slot * marks.width);
    return { section, slot, page: texts.pageOf(section), coverage, lunr: lunrScore, own: lunrScore, score: 0 };
  });
  supportByPage(scored);
  await goOn();
  const records = await withAdjacentWords(scored, marks.query.content, options);
  const ranked = best(scored, limit * AHEAD);
  // What is shown: excerpts only for these.
  texts.fetchAhead(ranked.slice(limit));
  const top = ranked.slice(0, limit);
  await Promise.all(
    top
      .filter(({ section }) => !records.has(section))
      .map(async ({ section }) => records.set(section, await texts.recordOf(section))),
  );
  return top.map((hit) => hitOf(hit, found.termsOf(hit.slot), records.get(hit.section)!, options));
}

// A query's words fit the bits of a mask: the searched part of a query has at most MAX_QUERY_WORDS words, and so
// at most as many content words and names typed whole.
if (MAX_QUERY_WORDS > 32) throw new Error('WordMarks keeps one bit per query word in 32-bit masks');

// What WordMarks marks a section's index terms with, one mask each: the query's words they answer; those they
// answer in the section's part of the product (its categories and their keywords); those they answer in its headline
// (page title, heading or categories); the names typed whole they are.
const ANSWERED = 0;
const IN_PART = 1;
const IN_HEADLINE = 2;
const NAMES = 3;

/**
 * What the ranking weighs of the index terms a section has (scoring.ts Marking), as bits: which of the query's
 * words they answer, anywhere, in the section's part of the product and in its headline; and which names typed
 * whole it has.
 */
export class WordMarks implements Marking {
  readonly width = 4;
  /** For each name typed whole, the query's words it answers (a name answers each of its words). */
  private readonly named: number[];
  /** Each word's test: whether an index term answers it. */
  private readonly answers: ((term: string) => boolean)[];
  /** Every content word. */
  private readonly all: number;
  private readonly answered = new Map<string, number>();

  constructor(readonly query: RankedQuery) {
    const { content, identifiers, fixes } = query;
    this.answers = content.map((word) => answersWord(word, fixes.get(word) ?? []));
    this.named = identifiers.map((name) => {
      const words = queryWords(name);
      return maskOf(content.map((word) => words.includes(word)));
    });
    this.all = maskOf(content.map(() => true));
  }

  marksOf(term: string, field: string): number[] {
    const answered = this.answeredBy(term);
    return [
      answered,
      field === 'part' ? answered : 0,
      field === 'title' || field === 'heading' || field === 'part' ? answered : 0,
      maskOf(this.query.identifiers.map((name) => name === term)),
    ];
  }

  /** The words a term answers, worked out once per term (the scoring asks for each field it has the term in). */
  private answeredBy(term: string): number {
    let answered = this.answered.get(term);
    if (answered === undefined) {
      answered = maskOf(this.answers.map((answers) => answers(term)));
      this.answered.set(term, answered);
    }
    return answered;
  }

  /**
   * A section's coverage of the query's words, and lunr's score weighed by it: every word counts, and a page about
   * the subject as a whole outranks a page that mentions it. Its marks are `marks[at…at + width]`.
   */
  weigh(score: number, marks: Int32Array, at: number): [coverage: number, score: number] {
    const count = this.query.content.length;
    const names = marks[at + NAMES];
    let answered = marks[at + ANSWERED];
    if (names) this.named.forEach((words, name) => names & (1 << name) && (answered |= words));
    const coverage = count ? bitCount(answered) / count : 1;
    // The exact name is stronger evidence than its words anywhere, even in a title.
    let weighed = score * coverage * coverage * (names ? NAMED : 1);
    // A query that names a part of the product ("install admin panel") wants that part's pages: each word found
    // in the section's categories (or their keywords) counts more than the same word in another part's text.
    const inPart = bitCount(marks[at + IN_PART]);
    if (inPart && count) weighed *= 1 + PART * (inPart / count);
    // A section whose headline (page title, heading, categories) holds every word is about the query, not a
    // passing mention: "which php version" wants the heading "PHP version".
    if (count && marks[at + IN_HEADLINE] === this.all) weighed *= HEADLINE;
    return [coverage, weighed];
  }
}

/** Flags, one per query word or name, as the bits of a mask. */
function maskOf(flags: boolean[]): number {
  return flags.reduce((mask, flag, i) => (flag ? mask | (1 << i) : mask), 0);
}

function bitCount(mask: number): number {
  let n = mask - ((mask >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Scores each section: its own score plus the support of its page, from the best other section of its page that has
 * every query word. (The two best scores per page are kept.)
 */
function supportByPage(scored: Scored[]): void {
  const first = new Map<number, number>();
  const second = new Map<number, number>();
  for (const { coverage, page, own } of scored) {
    if (coverage < 1) continue;
    const best = first.get(page) ?? 0;
    const next = second.get(page) ?? 0;
    first.set(page, Math.max(best, own));
    second.set(page, own > best ? best : Math.max(next, own));
  }
  for (const hit of scored) {
    const best = first.get(hit.page);
    hit.score = hit.own + (best !== undefined ? PAGE_SUPPORT * (best === hit.own ? second.get(hit.page)! : best) : 0);
  }
}

/**
 * The `count` best sections, best first: by score, then by number. Picked in one pass rather than sorted: thousands
 * match a word being typed, and a handful are shown.
 */
function best(scored: readonly Scored[], count: number): Scored[] {
  const top: Scored[] = [];
  if (count <= 0) return top;
  for (const hit of scored) {
    if (top.length === count) {
      if (!ranksBefore(hit, top[count - 1])) continue;
      top.pop();
    }
    let at = top.length;
    while (at > 0 && ranksBefore(hit, top[at - 1])) at--;
    top.splice(at, 0, hit);
  }
  return top;
}

const ranksBefore = (a: Scored, b: Scored): boolean =>
  a.score > b.score || (a.score === b.score && a.section < b.section);

/**
 * Words side by side count, which takes the sections' text: it is loaded for the sections that could reach the
 * shown results with that bonus (at most ADJACENT times their score now), not for every match. Scores `scored`
 * again; gives the texts it loaded, by section.
 */
async function withAdjacentWords(
  scored: Scored[],
  content: string[],
  { limit, goOn, texts }: RankingOptions,
): Promise<Map<number, SectionRecord>> {
  const records = new Map<number, SectionRecord>();
  const phrase =
    content.length > 1 ? new RegExp(content.map(escapeRegExp).join('[\\W_]+(?:[^\\W_]+[\\W_]+)?'), 'i') : undefined;
  const shown = best(scored, limit);
  const bar = phrase && shown.length ? shown[shown.length - 1].score : Infinity;
  // Those shown are among them: their score is at least the bar.
  const needed =
    bar === Infinity
      ? shown
      : best(
          scored.filter((hit) => hit.score * ADJACENT >= bar),
          Infinity,
        );
  await texts.loadTexts(needed.map(({ section }) => section));
  await Promise.all(needed.map(async ({ section }) => records.set(section, await texts.recordOf(section))));
  await goOn();
  if (phrase) {
    for (const hit of needed) {
      const { heading, text, page } = records.get(hit.section)!;
      if (phrase.test(page[0]) || phrase.test(heading) || phrase.test(text)) hit.own = hit.lunr * ADJACENT;
    }
    supportByPage(scored);
  }
  return records;
}

/** What a hit shows: its page, its place, its URL, an excerpt with the matched words marked. */
function hitOf(
  { page, score }: Scored,
  matched: string[],
  { anchor, heading, text, page: record }: SectionRecord,
  { baseUrl, excerptLength }: RankingOptions,
): SearchHit {
  const [title, path, breadcrumb, kind] = record;
  return {
    page,
    title,
    breadcrumb,
    kind,
    heading,
    url: baseUrl + path + (anchor ? `#${anchor}` : ''),
    excerpt: excerptOf(text, matchesIn(text, new Set(matched)), excerptLength),
    score,
  };
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
