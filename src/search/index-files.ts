// The search stage's second half: the search records (data.ts) -> a lunr index built here, at build time, and cut
// into small files so that a query fetches a bounded amount whatever the size of the site:
//
//   search-<version>.json         the manifest: where the other files are, which pages and chunks hold which sections
//   v<code>.<hash>.json           the vocabulary of terms starting with one character, with document frequencies
//   t<n>.<hash>.json              postings: a run of terms (in sorted order) with, per field, sections and weights
//   d<n>.<hash>.json              what results show: a run of sections' headings and text, and their pages' titles
//
// A file's hash is its group's (format.ts groupOf: the vocabularies, then numbered files by 64), made from the
// group's files: an edit to one page changes its text file and the postings (BM25 weighs by the average length), so
// it renames the postings and one group of text files, not the thousands of text files of a large site.
//
// The weights are what lunr's index builder computes (BM25 with the field and document boosts applied, rounded as
// lunr rounds them), so the worker assembles a lunr index from the files it has loaded and lunr scores exactly as
// over the whole index. They are computed here rather than by lunr.Builder, which takes several times longer.
// Format and reading: src/shared/search/format.ts.
//
// The manifest's name has no hash, so that an edit to one page's text changes the index files but not the other
// pages, which all point at the manifest (a deploy then uploads the page and the index, and a build rewrites only
// them). The worker asks for it with `cache: 'no-cache'`, so a browser or CDN revalidates it; the files it names
// carry their group's hash and may be kept for ever.
import { gzipSync } from 'node:zlib';
import {
  type Bundle,
  bundleName,
  type DocsFile,
  FORMAT,
  type PageRecord,
  type Manifest,
  type ShardFile,
  type VocabFile,
  deltas,
  fileName,
  groupOf,
  indexFileName,
  letterOf,
  MAX_POSTINGS,
  vocabName,
} from '../shared/search/format.ts';
import { FIELD_BOOST, FIELDS, termsOf } from '../shared/search/tokens.ts';
import { codeKey, keyedConfig, readStore, type StoreWrites, writeNow, writeStore } from '../incremental/build-store.ts';
import { contentHash, sha256, smallHash } from '../platform/hash.ts';
import { type Pace, type Sliced, UNPACED, whole } from '../platform/pace.ts';
import type { Config, OutputFile, SearchData, Site } from '../shared/model/types.ts';
import { searchData } from './data.ts';

/** Target raw size of a postings file and of a text file: small enough that a query loads a few of each. */
const SHARD_BYTES = 8_000;
const DOCS_BYTES = 6_000;
/**
 * The loading policy, by size: vocabularies of up to `vocabularyInline` bytes (raw JSON) come with the manifest; once
 * a reader has searched, the worker loads every postings file when together they are at most `fillPostingsGzip`
 * bytes gzipped, and every text file likewise (Manifest.fill), in bundles of parts of about `bundlePart` bytes. This
 * site: 48 KB raw, 148 and 144 KB gzip: all of it. 10,000 synthetic pages: 91 KB raw, 68 and 600 KB gzip: all of it
 * too. A real site of that size, whose prose compresses less, loads its texts as queries need them.
 */
export const LOAD_POLICY = {
  vocabularyInline: 256_000,
  fillPostingsGzip: 1_000_000,
  fillTextsGzip: 1_000_000,
  bundlePart: 1_000_000,
};
export type LoadPolicy = typeof LOAD_POLICY;
/** The top of a page is where a reader who searched for the page's subject wants to land. */
const TOP_OF_PAGE_BOOST = 1.3;

export interface SearchIndexFiles {
  files: OutputFile[];
  /** URL of the manifest, which the pages hand to the worker. */
  url: string;
}

/**
 * The terms of each text indexed by earlier builds (serve): cutting and stemming is most of the index's cost, and a
 * save changes a few texts. Each build keeps only the texts it used, so the memo does not grow with the edits.
 */
export class TermsMemo {
  private last = new Map<string, string[]>();
  private next = new Map<string, string[]>();

  /**
   * `hashed`: texts are known by their hash, not kept whole (a memo kept on the disk, `entries` of the one before):
   * the texts are most of the index's input.
   */
  constructor(
    private readonly hashed = false,
    entries: [string, string[]][] = [],
  ) {
    this.last = new Map(entries);
  }

  /** What the last finished build (done) used, to make the next build's memo from. */
  entries(): [string, string[]][] {
    return [...this.last];
  }

  terms(text: string, joined: boolean): string[] {
    const written = `${joined ? 'j' : 'p'}${text}`;
    const key = this.hashed ? sha256(written, 'base64url') : written;
    let found = this.next.get(key) ?? this.last.get(key);
    if (!found) found = termsOf(text, { joined });
    this.next.set(key, found);
    return found;
  }

  /** Ends a build: what it did not use is forgotten. */
  done(): void {
    this.last = this.next;
    this.next = new Map();
  }
}

/**
 * The search index files of a site. `hashed: false` (serve) names the other files without a hash too; `memo`
 * (serve) keeps each text's terms from one build to the next.
 */
export function searchIndexFiles(
  site: Site,
  options: { hashed?: boolean; memo?: TermsMemo; data?: SearchData } = {},
): SearchIndexFiles {
  return whole(searchIndexFilesInSlices(site, options));
}

/** searchIndexFiles, yielding between two sections, terms or files: the build may stop there (pace.ts). */
export function* searchIndexFilesInSlices(
  site: Site,
  { hashed = true, memo, data = searchData(site) }: { hashed?: boolean; memo?: TermsMemo; data?: SearchData } = {},
): Sliced<SearchIndexFiles> {
  const [manifest, ...rest] = yield* indexFilesInSlices(data, site.config.search.bm25, memo);
  memo?.done();
  const texts: string[] = [];
  for (const file of rest) {
    yield;
    texts.push(JSON.stringify(file.data));
  }
  const hashes: Manifest['hashes'] = {};
  if (hashed) {
    const groups = new Map<string, string[]>();
    rest.forEach(({ name }, i) => {
      const group = groupOf(name);
      (groups.get(group) ?? groups.set(group, []).get(group)!).push(`${name}\n${texts[i]}`);
    });
    for (const [group, members] of groups) hashes[group] = contentHash(members.join('\n'));
  }
  const written: Manifest = { ...(manifest.data as Manifest), hashes };
  const manifestAt = manifestPath(site);
  const folder = manifestAt.slice(0, manifestAt.lastIndexOf('/') + 1);
  const files = [
    { path: manifestAt, contents: JSON.stringify(written) },
    ...rest.map(({ name }, i) => ({ path: folder + indexFileName(name, written), contents: texts[i] })),
  ];
  return { files, url: searchManifestUrl(site) };
}

/**
 * For a build from the disk: the last build's index files when they would be made from the same data (egdocs' code,
 * the config and the search data the same), else new ones, kept in `store` for the next build. `pace`: where making
 * them gives the event loop a turn, and stops once the build is stopped.
 */
export async function storedSearchIndexFiles(
  site: Site,
  store: string,
  termsStore: string,
  storeWrites: StoreWrites = writeNow,
  pace: Pace = UNPACED,
): Promise<SearchIndexFiles> {
  const data = searchData(site);
  const code = await codeKey();
  const key = sha256(JSON.stringify([code, keyedConfig(site.config), data]), 'base64url');
  const kept = await readStore<SearchIndexFiles>(store, key);
  if (kept) return kept;
  // A text's terms depend only on the text and egdocs' code: the ones the last index cut are kept in `termsStore`,
  // so an edit cuts and stems only the texts it changed.
  const memo = new TermsMemo(true, (await readStore<[string, string[]][]>(termsStore, code)) ?? []);
  const index = await pace.run(searchIndexFilesInSlices(site, { data, memo }));
  const entries = memo.entries();
  await storeWrites(async () => {
    await writeStore(store, key, index);
    await writeStore(termsStore, code, entries);
  });
  return index;
}

/**
 * For serve: the manifest's URL now (its name never has a hash), the files when `later` is called. `later` builds
 * them once, from this build's site, with the memo of earlier builds.
 */
export function searchIndexLater(site: Site, memo: TermsMemo): SearchIndexFiles & { later: () => OutputFile[] } {
  let files: OutputFile[] | undefined;
  return {
    files: [],
    url: searchManifestUrl(site),
    later: () => (files ??= searchIndexFiles(site, { hashed: false, memo }).files),
  };
}

function manifestPath(site: Site): string {
  return `assets/search/${fileName(`search-${site.config.docs.version.name}`, '')}`;
}

/** Where the pages find the index: known before the index is made, as its name has no hash. */
export function searchManifestUrl(site: Site): string {
  return site.config.baseUrl + manifestPath(site);
}

/** A file of the index before it is named: `name` without the hash and extension. */
export interface IndexFile {
  name: string;
  data: Manifest | VocabFile | ShardFile | DocsFile | Bundle<ShardFile> | Bundle<DocsFile>;
}

/** The index of the records: the manifest first, then vocabularies, postings and texts. Pure. */
export function indexFiles(
  data: SearchData,
  bm25: Config['search']['bm25'],
  memo?: TermsMemo,
  policy: LoadPolicy = LOAD_POLICY,
): IndexFile[] {
  return whole(indexFilesInSlices(data, bm25, memo, policy));
}

/** indexFiles, yielding between two sections or terms: the build may stop there (pace.ts). */
function* indexFilesInSlices(
  data: SearchData,
  bm25: Config['search']['bm25'],
  memo?: TermsMemo,
  policy: LoadPolicy = LOAD_POLICY,
): Sliced<IndexFile[]> {
  const postings = yield* weighPostings(
    data,
    bm25,
    memo ? (text, joined) => memo.terms(text, joined) : (text, joined) => termsOf(text, { joined }),
  );
  const terms = [...postings.keys()].sort();

  // The number of sections each term is in (a term in two fields of a section counts it once), marking each
  // section with the term's number as it is met.
  const documentFrequency = new Map<string, number>();
  const seen = new Int32Array(data.sections.length).fill(-1);
  for (const [n, term] of terms.entries()) {
    yield;
    const fields = postings.get(term)!;
    let count = 0;
    for (const list of fields) {
      for (let i = 0; i < list.length; i += 2) {
        if (seen[list[i]] !== n) {
          seen[list[i]] = n;
          count++;
        }
      }
    }
    documentFrequency.set(term, count);
    const total = fields.reduce((sum, list) => sum + list.length / 2, 0);
    if (total > MAX_POSTINGS) postings.set(term, heaviest(fields, MAX_POSTINGS));
  }

  // Vocabularies by first character.
  const vocabularies = new Map<string, VocabFile>();
  for (const term of terms) {
    const letter = letterOf(term);
    let vocabulary = vocabularies.get(letter);
    if (!vocabulary) vocabularies.set(letter, (vocabulary = { terms: [], df: [] }));
    vocabulary.terms.push(term);
    vocabulary.df.push(documentFrequency.get(term)!);
  }

  // Postings files: runs of terms in sorted order, cut at about SHARD_BYTES.
  const shards: ShardFile[] = [];
  const shardStarts: string[] = [];
  let shard: ShardFile | undefined;
  let size = 0;
  let postingsBytes = 0;
  for (const term of terms) {
    yield;
    const encoded = postings.get(term)!.map((list) => deltas(list, 2));
    const bytes = term.length + encoded.reduce((sum, list) => sum + list.length * 4, 8);
    if (!shard || size + bytes > SHARD_BYTES) {
      shards.push((shard = {}));
      shardStarts.push(term);
      size = 0;
    }
    shard[term] = encoded;
    size += bytes;
    postingsBytes += bytes;
  }

  // Text files: runs of sections in order, each with the pages its sections are on, of about DOCS_BYTES. Where one
  // ends is decided by the content (a section's own hash, once the file holds DOCS_BYTES), not by counting
  // bytes from the first: an edit to a page moves the cuts next to it only, and the other files keep their bytes and
  // their names.
  const docs: DocsFile[] = [];
  const chunkStarts: number[] = [];
  let chunk: DocsFile | undefined;
  size = 0;
  let textsBytes = 0;
  for (const [id, [page, anchor, heading, text]] of data.sections.entries()) {
    yield;
    const cut = size > DOCS_BYTES && smallHash(`${data.pages[page][1]}#${anchor}`) % 2 === 0;
    if (!chunk || cut || size > DOCS_BYTES * 2) {
      docs.push((chunk = { pages: {}, sections: [] }));
      chunkStarts.push(id);
      size = 0;
    }
    if (!chunk.pages[page]) {
      // What a hit shows; the keywords are only searched.
      chunk.pages[page] = data.pages[page].slice(0, 4) as PageRecord;
      size += data.pages[page].join('').length;
    }
    chunk.sections.push([anchor, heading, text]);
    size += heading.length + text.length + anchor.length;
    textsBytes += heading.length + text.length + anchor.length;
  }

  const pageStarts: number[] = [];
  data.sections.forEach(([page], id) => {
    // A page with no sections (a title and nothing under it) starts where the next page starts: it owns none.
    while (pageStarts.length <= page) pageStarts.push(id);
  });

  // What the fill loads: the postings and the texts, each when it is small enough once compressed, in bundle parts.
  const postingBundle = bundleOf(shards, postingsBytes, policy.fillPostingsGzip, policy.bundlePart);
  const textBundle = bundleOf(docs, textsBytes, policy.fillTextsGzip, policy.bundlePart);
  const letters = [...vocabularies.keys()].sort();
  const vocabularyBytes = letters.reduce((sum, letter) => sum + JSON.stringify(vocabularies.get(letter)).length, 0);
  const inline = vocabularyBytes <= policy.vocabularyInline;
  const manifest: Manifest = {
    format: FORMAT,
    docsVersion: data.docsVersion,
    hashes: {},
    sections: data.sections.length,
    letters,
    ...(inline
      ? { vocabularies: Object.fromEntries(letters.map((letter) => [letter, vocabularies.get(letter)!])) }
      : {}),
    fill: { postings: postingBundle !== undefined, texts: textBundle !== undefined },
    bundles: { t: postingBundle?.map(({ start }) => start), d: textBundle?.map(({ start }) => start) },
    shards: shardStarts,
    pageStarts: deltas(pageStarts, 1),
    chunkStarts: deltas(chunkStarts, 1),
  };
  return [
    { name: 'manifest', data: manifest },
    ...(inline ? [] : letters.map((letter) => ({ name: vocabName(letter), data: vocabularies.get(letter)! }))),
    ...shards.map((data, i) => ({ name: `t${i}`, data })),
    ...docs.map((data, i) => ({ name: `d${i}`, data })),
    ...(postingBundle ?? []).map(({ files }, n) => ({ name: bundleName('t', n), data: files })),
    ...(textBundle ?? []).map(({ files }, n) => ({ name: bundleName('d', n), data: files })),
  ];
}

/**
 * `files` cut into bundle parts of about `partBytes` (of JSON), each with the number of its first file; undefined when
 * the whole is more than `limit` bytes gzipped (fast compression, a bound on what a host sends), or when its size
 * (`roughBytes`, estimated as the files were made) leaves no doubt of it.
 */
function bundleOf<T>(
  files: T[],
  roughBytes: number,
  limit: number,
  partBytes: number,
): { start: number; files: T[] }[] | undefined {
  // Even text compresses less than 50:1.
  if (roughBytes > limit * 50) return undefined;
  const parts: { start: number; files: T[]; json: string[]; bytes: number }[] = [];
  files.forEach((file, n) => {
    const json = JSON.stringify(file);
    let part = parts.at(-1);
    if (!part || part.bytes + json.length > partBytes) parts.push((part = { start: n, files: [], json: [], bytes: 0 }));
    part.files.push(file);
    part.json.push(json);
    part.bytes += json.length;
  });
  let compressed = 0;
  for (const part of parts) {
    compressed += gzipSync(`[${part.json.join(',')}]`, { level: 1 }).length;
    if (compressed > limit) return undefined;
  }
  return parts.map(({ start, files }) => ({ start, files }));
}

/**
 * Postings of every term, per field, flat: section, weight × 1000, section, weight..., sections ascending. The
 * weight is lunr's: BM25 of the term in the field (lunr's idf, which counts a section once per field the term is
 * in), times the field's and the section's boost, rounded to three decimals. Flat arrays, not pairs: a large site
 * has millions of postings. Yields between two sections or terms.
 */
function* weighPostings(
  data: SearchData,
  { b, k1 }: Config['search']['bm25'],
  terms: (text: string, joined: boolean) => string[],
): Sliced<Map<string, number[][]>> {
  const totalLength = FIELDS.map(() => 0);
  const lengths = FIELDS.map(() => new Uint32Array(data.sections.length));
  // Each term gets a number when first met, and a field's counts are kept by number: one map lookup per word of the
  // site, which is most of the index's work (millions of words at 10,000 docs).
  const numbers = new Map<string, number>();
  const postingsOf: number[][][] = [];
  let frequency: Int32Array = new Int32Array(1024);
  const met: number[] = [];
  // Every section of a page repeats its title and categories: their terms are worked out once per page.
  let pageTerms: { page: number; title: string[]; part: string[] } | undefined;
  for (const [section, [page, , heading, text]] of data.sections.entries()) {
    yield;
    if (pageTerms?.page !== page) {
      const [title, , breadcrumb, , keywords] = data.pages[page];
      pageTerms = {
        page,
        title: terms(title, true),
        part: terms(keywords ? `${breadcrumb} ${keywords}` : breadcrumb, false),
      };
    }
    [pageTerms.title, terms(heading, true), terms(text, false), pageTerms.part].forEach((list, field) => {
      lengths[field][section] = list.length;
      totalLength[field] += list.length;
      for (const term of list) {
        let n = numbers.get(term);
        if (n === undefined) {
          numbers.set(term, (n = postingsOf.length));
          postingsOf.push(FIELDS.map(() => []));
          if (n === frequency.length) frequency = growTo(frequency, n * 2);
        }
        if (frequency[n]++ === 0) met.push(n);
      }
      // In the order the terms were first met in the field, as each term's list only grows by section.
      for (const n of met) {
        postingsOf[n][field].push(section, frequency[n]);
        frequency[n] = 0;
      }
      met.length = 0;
    });
  }
  const counts = new Map<string, number[][]>();
  for (const [term, n] of numbers) counts.set(term, postingsOf[n]);
  const documents = data.sections.length;
  const average = totalLength.map((total) => total / documents);
  const boost = FIELDS.map((field) => FIELD_BOOST[field]);
  for (const fields of counts.values()) {
    yield;
    const withTerm = fields.reduce((sum, list) => sum + list.length / 2, 0);
    const idf = Math.log(1 + Math.abs((documents - withTerm + 0.5) / (withTerm + 0.5)));
    fields.forEach((list, field) => {
      for (let i = 0; i < list.length; i += 2) {
        const section = list[i];
        const tf = list[i + 1];
        const sectionBoost = data.sections[section][1] === '' ? TOP_OF_PAGE_BOOST : 1;
        const score =
          ((idf * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (lengths[field][section] / average[field])) + tf)) *
          boost[field] *
          sectionBoost;
        list[i + 1] = Math.round(score * 1000);
      }
    });
  }
  return counts;
}

/** `numbers` in a larger array. */
function growTo(numbers: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(numbers);
  return grown;
}

/**
 * The value at index `k` of `values` sorted ascending (Hoare's selection, which reorders `values`): linear where a
 * sort is not, for the tens of thousands of weights of a word on every page.
 */
export function nthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swapped = values[i];
        values[i++] = values[j];
        values[j--] = swapped;
      }
    }
    // Now values[low..j] <= pivot <= values[i..high], and whatever lies between equals the pivot.
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k];
  }
  return values[k];
}

/**
 * A very common word keeps its `count` heaviest postings (at equal weight, the first in field order), so no term's
 * file grows with the site (see MAX_POSTINGS). The cut is found by sorting the weights alone, as numbers.
 */
function heaviest(fields: number[][], count: number): number[][] {
  const weights = new Float64Array(fields.reduce((sum, list) => sum + list.length / 2, 0));
  let n = 0;
  for (const list of fields) for (let i = 1; i < list.length; i += 2) weights[n++] = list[i];
  // The weight `count` places from the top, as sorting would place it, without sorting them all.
  const cut = nthSmallest(weights, weights.length - count);
  // Everything above the cut is kept; of the postings at the cut, as many as fit, in field and section order.
  let room = count - weights.filter((weight) => weight > cut).length;
  return fields.map((list) => {
    const kept: number[] = [];
    for (let i = 0; i < list.length; i += 2)
      if (list[i + 1] > cut || (list[i + 1] === cut && room-- > 0)) kept.push(list[i], list[i + 1]);
    return kept;
  });
}
