// Pages rendered by earlier builds, so that a build that finds a page unchanged does not parse it again: markdown is
// the largest step of a warm build (about half a second for this repository's site, most of it the parser's code
// being compiled on first use in a fresh process). Serve keeps them in memory (PageCache); a build in a process of
// its own keeps them on disk, in node_modules/.cache/egdocs/pages/ (PageStore).
//
// A page depends on its source and on what it looked up while rendering (parser.ts): the routes of the files its
// `.md` links name, the bytes of its images and the texts of the files it includes. Recording those lookups means a
// save renders only the pages it can change: the edited one, those including it, and those linking to a page that
// was added, moved or removed.
//
// The store is the cache's data made serialisable: a source is known by a hash of its contents and route, and each
// lookup by a key of the value it gave (a route, the hash of an image's bytes or of an included text). It is keyed by
// what every page depends on: egdocs' own code, the config, the highlighter, and KaTeX (loaded from node_modules, so
// not part of egdocs' code). It is kept in shards (build-store.ts), so that an edit rewrites the few pages of one
// shard, not every page.
import {
  codeKey,
  keyedConfig,
  readShardedStore,
  type StoreWrites,
  writeNow,
  writeShardedStore,
} from '../incremental/build-store.ts';
import { sha256 } from '../platform/hash.ts';
import type { Diagnostic } from '../shared/model/diagnostics.ts';
import type { Config, Page, Source } from '../shared/model/types.ts';
import type { Lookup, LookupTables } from './parser.ts';
import type { CodeHighlighter } from './plugins/highlight.ts';
import { katexVersion } from './katex.ts';

/** Pages rendered by earlier builds, by file (serve's, in memory). */
export type PageCache = Map<string, CachedPage>;

export interface CachedPage {
  source: Source;
  page: Page;
  /** What rendering reported (missing images...), given again each time the page is reused. */
  diagnostics: Diagnostic[];
  lookups: Lookup[];
}

/** Whether a kept page may be reused: it was rendered from this source, and each lookup gives the same value now. */
export function unchanged(entry: CachedPage | undefined, source: Source, tables: LookupTables): entry is CachedPage {
  return entry?.source === source && entry.lookups.every(([table, key, value]) => tables[table].get(key) === value);
}

/** A page as the page store keeps it: the source by its key, each lookup by the key of its value. */
interface StoredPage {
  sourceKey: string;
  page: Omit<Page, 'source'>;
  diagnostics: Diagnostic[];
  lookups: [table: Lookup[0], key: string, value: string | null][];
}

/** The page store as one build reads it, and writes back what it changed. */
export class PageStore {
  /**
   * Reads the pages stored in `folder` for this code, config and highlighter; without a folder (a build that keeps
   * nothing on disk), a store that holds nothing and writes nothing.
   */
  static async open(options: {
    folder: string | undefined;
    config: Config;
    code: CodeHighlighter;
    tables: LookupTables;
  }): Promise<PageStore> {
    const { folder, config, code, tables } = options;
    if (!folder) return new PageStore(undefined, '', new Map(), tables);
    const key = sha256(
      JSON.stringify([await codeKey(), keyedConfig(config), code.cacheKey, katexVersion()]),
      'base64url',
    );
    return new PageStore(folder, key, await readShardedStore<StoredPage>(folder, key), tables);
  }

  private constructor(
    private readonly folder: string | undefined,
    private readonly key: string,
    private readonly stored: Map<string, StoredPage>,
    private readonly tables: LookupTables,
  ) {}

  /** The files the store holds a page of. */
  files(): Iterable<string> {
    return this.stored.keys();
  }

  /** The stored page of `source`, as a cached one, when the source and the values of its lookups are the same. */
  find(source: Source): CachedPage | undefined {
    const { tables } = this;
    const entry = this.stored.get(source.file);
    if (!entry || entry.sourceKey !== sourceKey(source)) return undefined;
    if (!entry.lookups.every(([table, key, value]) => valueKey(tables[table].get(key)) === value)) return undefined;
    const lookups = entry.lookups.map(([table, key]): Lookup => [table, key, tables[table].get(key)]);
    return { source, page: { ...entry.page, source }, diagnostics: entry.diagnostics, lookups };
  }

  /**
   * Stores the pages of `cache` (by `writes`: at once by default). Only the shards holding a page of `changed`
   * (rendered or gone) are written: an edit to one doc does not write 10,000 pages.
   */
  async write(cache: PageCache, changed: Set<string>, writes: StoreWrites = writeNow): Promise<void> {
    const { folder } = this;
    if (!folder || changed.size === 0) return;
    await writes(() =>
      writeShardedStore(folder, this.key, cache, {
        changed,
        all: this.stored.size === 0,
        value: ({ source, page, diagnostics, lookups }): StoredPage => {
          const { source: _, ...rest } = page;
          const keyed = lookups.map(([table, key, value]): StoredPage['lookups'][number] => [
            table,
            key,
            valueKey(value),
          ]);
          return { sourceKey: sourceKey(source), page: rest, diagnostics, lookups: keyed };
        },
      }),
    );
  }
}

/** A key for the value a lookup gave: strings as they are, bytes by their hash, nothing as null. */
function valueKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Uint8Array) return `#${sha256(value, 'base64url')}`;
  // A large file of content/ (LargeFile), by what tells its bytes apart.
  if (typeof value === 'object' && 'key' in value) return `~${String(value.key)}`;
  return `=${String(value)}`;
}

/** A key for a source: everything a page is rendered from, its route and front matter included. */
function sourceKey(source: Source): string {
  return sha256(JSON.stringify(source), 'base64url');
}
