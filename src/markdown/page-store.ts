// The markdown stage's pages kept on disk between builds (node_modules/.cache/egdocs/pages/), so a build that finds
// a page unchanged does not parse it again: markdown is the largest step of a warm build (about half a second for
// this repository's site, most of it the parser's code being compiled on first use in a fresh process).
//
// The store is the serve cache's data (PageCache) made serialisable: a source is known by a hash of its contents and
// route, and each lookup by a key of the value it gave (a route, the hash of an image's bytes or of an included
// text). It is keyed by what every page depends on: egdocs' own code, the config, and the highlighter. It is kept in
// shards (build-store.ts), so that an edit rewrites the few pages of one shard, not every page.
import { sha256 } from '../platform/hash.ts';
import type { Source } from '../shared/model/types.ts';

/** A key for the value a lookup gave: strings as they are, bytes by their hash, nothing as null. */
export function valueKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Uint8Array) return `#${sha256(value, 'base64url')}`;
  // A large file of content/ (LargeFile), by what tells its bytes apart.
  if (typeof value === 'object' && 'key' in value) return `~${String(value.key)}`;
  return `=${String(value)}`;
}

/** A key for a source: everything a page is rendered from, its route and front matter included. */
export function sourceKey(source: Source): string {
  return sha256(JSON.stringify(source), 'base64url');
}
