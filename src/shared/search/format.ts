// The search index's files, as the build writes them (src/search/index-files.ts) and the worker reads them
// (engine.ts). Numbers are delta-coded where they ascend, which keeps the JSON short and compresses well.

/** Changes whenever the files change shape, so a worker never misreads files from another build. */
export const FORMAT = 4;

/**
 * At most this many postings per term: a word on nearly every page of a very large site keeps the sections where it
 * weighs most (its title, its headings, where it is frequent), so no postings file grows with the site.
 */
export const MAX_POSTINGS = 2_000;

export interface Manifest {
  format: typeof FORMAT;
  /** Name of the docs version the docs sections belong to (SPEC: current). */
  docsVersion: string;
  /**
   * The hash each group of files carries in its names (groupOf), by group; none under serve. A group is named by its
   * own files, so an edit renames the groups it changed, not every file of a large index.
   */
  hashes: Record<string, string>;
  /** How many sections (search records) there are. */
  sections: number;
  /** First characters that have a vocabulary (a file of its own, unless `vocabularies` holds them). */
  letters: string[];
  /**
   * Every vocabulary, by first character, when together they are small (this site: 48 KB, 16 KB gzip): they come
   * with the manifest, which the worker reads on the first sign of a search, so a first query waits for one file
   * less. A larger site has a file per character instead.
   */
  vocabularies?: Record<string, VocabFile>;
  /**
   * What the worker loads in the background once the reader has searched (after its first answer), so that later
   * queries never wait on the network: all postings, all texts, or either. Decided by the build from the index's
   * size: a small site's whole index, a large one's postings; a large site's texts load as queries need them.
   */
  fill: { postings: boolean; texts: boolean };
  /** For each kind the fill loads: the first file of each part of its bundle (see BUNDLE). */
  bundles: { t?: number[]; d?: number[] };
  /** The first term of each postings file, in sorted order: file n holds the terms from shards[n] to shards[n+1]. */
  shards: string[];
  /** Delta-coded: the first section of each page. */
  pageStarts: number[];
  /** Delta-coded: the first section of each text file. */
  chunkStarts: number[];
}

/** The terms that start with one character, sorted, and the number of sections each is in. */
export interface VocabFile {
  terms: string[];
  df: number[];
}

/** Term → for each field (tokens.ts FIELDS), delta-coded section numbers each followed by lunr's weight × 1000. */
export type ShardFile = Record<string, number[][]>;

/** Page number → [title, path, breadcrumb, kind], for the pages of the sections in the file. */
export type PageRecord = [title: string, path: string, breadcrumb: string, kind: 'docs' | 'blog' | 'pages'];

export interface DocsFile {
  pages: Record<number, PageRecord>;
  /** From the file's first section on: anchor ('' for the top of the page), heading, plain text. */
  sections: [anchor: string, heading: string, text: string][];
}

/** The name of one of the index's files, relative to the manifest's folder. */
export function fileName(name: string, hash: string): string {
  return `${name}${hash ? `.${hash}` : ''}.json`;
}

/** Numbered files per group: an edit to one page renames its text file and the 63 others of its group. */
const GROUP_SIZE = 64;

/**
 * The group of an index file (`v97`, `t12`, `d300`): the vocabularies are one group, numbered files one per 64, and
 * each part of a bundle (`t-all0`, `d-all3`) a group of its own.
 */
export function groupOf(name: string): string {
  const kind = name[0];
  if (kind === 'v') return 'v';
  if (name.includes(BUNDLE)) return name;
  return `${kind}${Math.floor(Number(name.slice(1)) / GROUP_SIZE)}`;
}

/**
 * In a bundle's name: `t-all<n>` holds a run of postings files, `d-all<n>` of text files, for an index whose fill loads
 * them all (Manifest.fill, Manifest.bundles): the background fill and a query that needs many of them load a few
 * files rather than dozens (a browser asks for six at a time over HTTP/1.1). Parts of about 1 MB, so that reading
 * one keeps the worker from a query only briefly.
 */
export const BUNDLE = '-all';

/** The name of part `n` of the bundle of postings (`t`) or text (`d`) files. */
export function bundleName(kind: 't' | 'd', n: number): string {
  return `${kind}${BUNDLE}${n}`;
}

/** A part of a bundle: the files it holds, from the one its manifest entry names. */
export type Bundle<T> = T[];

/** Where the manifest says an index file is, relative to the manifest's folder. */
export function indexFileName(name: string, manifest: Pick<Manifest, 'hashes'>): string {
  return fileName(name, manifest.hashes[groupOf(name)] ?? '');
}

/** The vocabulary file a term is in: its first character (a whole code point). */
export function letterOf(term: string): string {
  return String.fromCodePoint(term.codePointAt(0) ?? 0);
}

/** The name of the vocabulary file of a first character. */
export function vocabName(letter: string): string {
  return `v${letter.codePointAt(0)}`;
}

/**
 * A flat list of tuples of `width` numbers whose first number ascends, with that number delta-coded:
 * deltas([3, 9, 5, 1], 2) is [3, 9, 2, 1].
 */
export function deltas(flat: number[], width: number): number[] {
  const out = flat.slice();
  for (let i = out.length - width; i >= width; i -= width) out[i] -= out[i - width];
  return out;
}

/** The inverse of deltas for tuples of `width` numbers. */
export function undeltas(flat: number[], width: number): number[][] {
  const out: number[][] = [];
  let last = 0;
  for (let i = 0; i < flat.length; i += width) {
    last += flat[i];
    out.push([last, ...flat.slice(i + 1, i + width)]);
  }
  return out;
}
