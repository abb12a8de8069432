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
// The weights are what lunr's index builder computes (postings.ts), so the worker assembles a lunr index from the
// files it has loaded and lunr scores exactly as over the whole index. What the worker loads when, and the bundle
// parts of the background fill, are decided by size (load-policy.ts). Format and reading: src/shared/search/format.ts.
//
// The manifest's name has no hash, so that an edit to one page's text changes the index files but not the other
// pages, which all point at the manifest (a deploy then uploads the page and the index, and a build rewrites only
// them). The worker asks for it with `cache: 'no-cache'`, so a browser or CDN revalidates it; the files it names
// carry their group's hash and may be kept for ever.
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
  vocabName,
} from '../shared/search/format.ts';
import { termsOf } from '../shared/search/tokens.ts';
import { codeKey, keyedConfig, readStore, type StoreWrites, writeNow, writeStore } from '../incremental/build-store.ts';
import { contentHash, sha256, smallHash } from '../platform/hash.ts';
import { type Pace, type Sliced, UNPACED, whole } from '../platform/pace.ts';
import type { Config, OutputFile, SearchData, Site } from '../shared/model/types.ts';
import { searchData } from './data.ts';
import { type FilesOfKind, LOAD_POLICY, type LoadPolicy, loadingOf } from './load-policy.ts';
import { documentFrequencies, weighPostings } from './postings.ts';

/** Target raw size of a postings file and of a text file: small enough that a query loads a few of each. */
const SHARD_BYTES = 8_000;
const DOCS_BYTES = 6_000;

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

/**
 * searchIndexFiles, yielding between two sections, terms or files: the build may stop there (pace.ts). The current
 * version's index, then each older version's (docs.versions) in a folder of its own, as they share file names.
 */
export function* searchIndexFilesInSlices(
  site: Site,
  { hashed = true, memo, data = searchData(site) }: { hashed?: boolean; memo?: TermsMemo; data?: SearchData } = {},
): Sliced<SearchIndexFiles> {
  const files = yield* versionIndexFiles(site, data, { hashed, memo });
  for (const { name } of site.config.docs.versions)
    files.push(...(yield* versionIndexFiles(site, searchData(site, name), { hashed, memo, version: name })));
  memo?.done();
  return { files, url: searchManifestUrl(site) };
}

/** One version's index files: its manifest, and the files it names beside it. */
function* versionIndexFiles(
  site: Site,
  data: SearchData,
  { hashed, memo, version }: { hashed: boolean; memo?: TermsMemo; version?: string },
): Sliced<OutputFile[]> {
  const [manifest, ...rest] = yield* indexFilesInSlices(data, site.config.search.bm25, memo);
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
  const manifestAt = manifestPath(site, version);
  const folder = manifestAt.slice(0, manifestAt.lastIndexOf('/') + 1);
  return [
    { path: manifestAt, contents: JSON.stringify(written) },
    ...rest.map(({ name }, i) => ({ path: folder + indexFileName(name, written), contents: texts[i] })),
  ];
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
  const older = site.config.docs.versions.map(({ name }) => searchData(site, name));
  // No older version keys the index as it was keyed before versions (older is then left out).
  const key = sha256(
    JSON.stringify([code, keyedConfig(site.config), data, ...(older.length ? [older] : [])]),
    'base64url',
  );
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

/**
 * The manifest's output path: the current version's in assets/search/, an older version's (`version`, its name) in
 * assets/search/versions/<name>/ with the files it names, as each version's index has files named as the others'.
 */
export function manifestPath(site: Site, version?: string): string {
  if (version === undefined) return `assets/search/${fileName(`search-${site.config.docs.version.name}`, '')}`;
  return `assets/search/versions/${version}/${fileName(`search-${version}`, '')}`;
}

/**
 * Where the pages find the index of the current version, or of an older one (`version`, its name): known before the
 * index is made, as its name has no hash. A version's name is checked to be URL-safe (shared/config/versions.ts);
 * it is encoded all the same.
 */
export function searchManifestUrl(site: Site, version?: string): string {
  const path = manifestPath(site, version);
  return site.config.baseUrl + (version === undefined ? path : path.split('/').map(encodeURIComponent).join('/'));
}

/** The manifest URL of each older version's index by its name, for the pages of that version and the search page. */
export function versionManifestUrls(site: Site): Record<string, string> {
  return Object.fromEntries(site.config.docs.versions.map(({ name }) => [name, searchManifestUrl(site, name)]));
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
  const documentFrequency = yield* documentFrequencies(terms, postings, data.sections.length);
  const vocabularies = vocabulariesOf(terms, documentFrequency);
  const shards = yield* postingsFiles(terms, postings);
  const docs = yield* textFiles(data);
  // What the fill loads: the postings and the texts, each when it is small enough once compressed, in bundle parts.
  const loading = loadingOf(vocabularies, shards, docs, policy);
  const letters = [...vocabularies.keys()].sort();
  const manifest: Manifest = {
    format: FORMAT,
    docsVersion: data.docsVersion,
    hashes: {},
    sections: data.sections.length,
    letters,
    ...(loading.inline
      ? { vocabularies: Object.fromEntries(letters.map((letter) => [letter, vocabularies.get(letter)!])) }
      : {}),
    fill: { postings: loading.postings !== undefined, texts: loading.texts !== undefined },
    bundles: { t: loading.postings?.map(({ start }) => start), d: loading.texts?.map(({ start }) => start) },
    shards: shards.starts,
    pageStarts: deltas(pageStartsOf(data), 1),
    chunkStarts: deltas(docs.starts, 1),
  };
  return [
    { name: 'manifest', data: manifest },
    ...(loading.inline ? [] : letters.map((letter) => ({ name: vocabName(letter), data: vocabularies.get(letter)! }))),
    ...shards.files.map((data, i) => ({ name: `t${i}`, data })),
    ...docs.files.map((data, i) => ({ name: `d${i}`, data })),
    ...(loading.postings ?? []).map(({ files }, n) => ({ name: bundleName('t', n), data: files })),
    ...(loading.texts ?? []).map(({ files }, n) => ({ name: bundleName('d', n), data: files })),
  ];
}

/** Numbered files of one kind: the files, where each starts (a term, a section), their size as they were made. */
interface NumberedFiles<T, S> extends FilesOfKind<T> {
  starts: S[];
}

/** The vocabularies: the terms (sorted) by first character, with the number of sections each is in. */
function vocabulariesOf(terms: string[], documentFrequency: Map<string, number>): Map<string, VocabFile> {
  const vocabularies = new Map<string, VocabFile>();
  for (const term of terms) {
    const letter = letterOf(term);
    let vocabulary = vocabularies.get(letter);
    if (!vocabulary) vocabularies.set(letter, (vocabulary = { terms: [], df: [] }));
    vocabulary.terms.push(term);
    vocabulary.df.push(documentFrequency.get(term)!);
  }
  return vocabularies;
}

/** Postings files: runs of terms in sorted order, cut at about SHARD_BYTES. Yields between two terms. */
function* postingsFiles(terms: string[], postings: Map<string, number[][]>): Sliced<NumberedFiles<ShardFile, string>> {
  const files: ShardFile[] = [];
  const starts: string[] = [];
  let shard: ShardFile | undefined;
  let size = 0;
  let roughBytes = 0;
  for (const term of terms) {
    yield;
    const encoded = postings.get(term)!.map((list) => deltas(list, 2));
    const bytes = term.length + encoded.reduce((sum, list) => sum + list.length * 4, 8);
    if (!shard || size + bytes > SHARD_BYTES) {
      files.push((shard = {}));
      starts.push(term);
      size = 0;
    }
    shard[term] = encoded;
    size += bytes;
    roughBytes += bytes;
  }
  return { files, starts, roughBytes };
}

/**
 * Text files: runs of sections in order, each with the pages its sections are on, of about DOCS_BYTES. Where one
 * ends is decided by the content (a section's own hash, once the file holds DOCS_BYTES), not by counting bytes from
 * the first: an edit to a page moves the cuts next to it only, and the other files keep their bytes and their names.
 * Yields between two sections.
 */
function* textFiles(data: SearchData): Sliced<NumberedFiles<DocsFile, number>> {
  const files: DocsFile[] = [];
  const starts: number[] = [];
  let chunk: DocsFile | undefined;
  let size = 0;
  let roughBytes = 0;
  for (const [id, [page, anchor, heading, text]] of data.sections.entries()) {
    yield;
    const cut = size > DOCS_BYTES && smallHash(`${data.pages[page][1]}#${anchor}`) % 2 === 0;
    if (!chunk || cut || size > DOCS_BYTES * 2) {
      files.push((chunk = { pages: {}, sections: [] }));
      starts.push(id);
      size = 0;
    }
    if (!chunk.pages[page]) {
      // What a hit shows; the keywords are only searched.
      chunk.pages[page] = data.pages[page].slice(0, 4) as PageRecord;
      size += data.pages[page].join('').length;
    }
    chunk.sections.push([anchor, heading, text]);
    size += heading.length + text.length + anchor.length;
    roughBytes += heading.length + text.length + anchor.length;
  }
  return { files, starts, roughBytes };
}

/** The first section of each page. */
function pageStartsOf(data: SearchData): number[] {
  const pageStarts: number[] = [];
  data.sections.forEach(([page], id) => {
    // A page with no sections (a title and nothing under it) starts where the next page starts: it owns none.
    while (pageStarts.length <= page) pageStarts.push(id);
  });
  return pageStarts;
}
