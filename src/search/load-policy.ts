// How the search worker loads the index (index-files.ts writes it into the manifest), decided by size at build
// time: whether the vocabularies come with the manifest, and what the worker loads in the background once a reader
// has searched (Manifest.fill), in bundle parts (`t-all<n>`, `d-all<n>`) of about a megabyte.
import { gzipSync } from 'node:zlib';
import type { VocabFile } from '../shared/search/format.ts';

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

/** A part of a bundle: the number of its first file, and its files. */
export interface BundlePart<T> {
  start: number;
  files: T[];
}

/** Files of one kind, and their size as estimated while they were made. */
export interface FilesOfKind<T> {
  files: T[];
  roughBytes: number;
}

/** How the worker loads an index: the policy applied to its files. */
export interface Loading<P, D> {
  /** The vocabularies come with the manifest. */
  inline: boolean;
  /** The bundle of every postings file, when the fill loads them (Manifest.fill.postings). */
  postings: BundlePart<P>[] | undefined;
  /** The bundle of every text file, when the fill loads them (Manifest.fill.texts). */
  texts: BundlePart<D>[] | undefined;
}

/** The loading of an index of these vocabularies, postings files and text files under `policy`. */
export function loadingOf<P, D>(
  vocabularies: Map<string, VocabFile>,
  postings: FilesOfKind<P>,
  texts: FilesOfKind<D>,
  policy: LoadPolicy,
): Loading<P, D> {
  const vocabularyBytes = [...vocabularies.values()].reduce(
    (sum, vocabulary) => sum + JSON.stringify(vocabulary).length,
    0,
  );
  return {
    inline: vocabularyBytes <= policy.vocabularyInline,
    postings: bundleOf(postings, policy.fillPostingsGzip, policy.bundlePart),
    texts: bundleOf(texts, policy.fillTextsGzip, policy.bundlePart),
  };
}

/**
 * `files` cut into bundle parts of about `partBytes` (of JSON), each with the number of its first file; undefined when
 * the whole is more than `limit` bytes gzipped (fast compression, a bound on what a host sends), or when its size
 * (`roughBytes`, estimated as the files were made) leaves no doubt of it.
 */
function bundleOf<T>(
  { files, roughBytes }: FilesOfKind<T>,
  limit: number,
  partBytes: number,
): BundlePart<T>[] | undefined {
  // Even text compresses less than 50:1.
  if (roughBytes > limit * 50) return undefined;
  const parts: (BundlePart<T> & { json: string[]; bytes: number })[] = [];
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
