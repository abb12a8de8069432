// What a build keeps for the next one in the project's node_modules/.cache/egdocs/: each file holds one step's
// results under a key of everything they depend on, egdocs' own code included, so a stale file is never used (a
// different key reads as empty). The markdown stage keeps its pages (markdown/page-store.ts), the search step its
// index files.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256, smallHash } from '../platform/hash.ts';
import type { Config } from '../shared/model/types.ts';

const CACHE_DIR = 'node_modules/.cache/egdocs';

/** Where a project's build keeps a step's results. */
export function storeFile(root: string, name: string): string {
  return path.join(root, CACHE_DIR, `${name}.json`);
}

/** Where a project's build keeps a step's results that are spread over many files (a sharded store, below). */
export function storeFolder(root: string, name: string): string {
  return path.join(root, CACHE_DIR, name);
}

/** Where `egdocs build` keeps the output folder it replaced, to make the next one from (output/reuse.ts). */
export function spareOutputDir(root: string): string {
  return path.join(root, CACHE_DIR, 'output');
}

/**
 * egdocs' code as it runs: src/ (a checkout run by tsx, this module in src/incremental/) or dist/ (compiled; this
 * module in dist/ or dist/chunks/): the nearest folder of those names above this module.
 */
export function codeFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!CODE_FOLDERS.has(path.basename(dir)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
const CODE_FOLDERS = new Set(['src', 'dist']);

let codeKeyMemo: Promise<string> | undefined;

/**
 * A hash of egdocs' own code as it runs: every file of src/ (a checkout) or dist/ (compiled), and of templates/ (the
 * server renders with them), so a changed stage or template never reuses what an older one made, even without a new
 * version number.
 */
export function codeKey(): Promise<string> {
  codeKeyMemo ??= (async () => {
    const code = codeFolder();
    const root = path.dirname(code);
    const files: string[] = [];
    // Read one after another: for these few dozen files (in the page cache) that takes half the time that promise
    // reads through the thread pool do, and it is in every build that reads a store.
    for (const dir of [code, path.join(root, 'templates')]) {
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(dir, { recursive: true, withFileTypes: true });
      } catch {
        // No such folder: nothing of it in the key.
      }
      for (const entry of entries)
        if (entry.isFile() && /\.(m?js|tsx?|css)$/.test(entry.name))
          // parentPath from Node 20.12; `path` before it.
          files.push(path.join(entry.parentPath ?? (entry as { path?: string }).path ?? dir, entry.name));
    }
    files.sort();
    return sha256(
      files.map((file) => `${path.relative(root, file)}:${sha256(readFileSync(file), 'base64url')}`).join('\n'),
      'base64url',
    );
  })();
  return codeKeyMemo;
}

/**
 * The config as a store's key holds it: where the output goes (`-o`) changes no page or index, so building into
 * another folder does not make them again.
 */
export function keyedConfig(config: Config): unknown {
  const { paths, ...rest } = config;
  return { ...rest, root: paths.root };
}

/**
 * What a store holds, or undefined when its file is missing, unreadable or was written under another key. The key
 * comes first in the file (writeStore), so a store written under another key is not parsed: after an edit to one of
 * 10,000 docs, the search index's store (19 MB) is such a store.
 */
export async function readStore<Value>(file: string, key: string): Promise<Value | undefined> {
  return valueOf<Value>(await readFile(file, 'utf8').catch(() => undefined), key);
}

/** A store file's value, when its text was written under `key`. */
function valueOf<Value>(text: string | undefined, key: string): Value | undefined {
  if (text === undefined || !text.startsWith(storeHead(key))) return undefined;
  try {
    return (JSON.parse(text) as { key: string; value: Value }).value;
  } catch {
    return undefined;
  }
}

/** How a store's file begins: its key, before the value. */
const storeHead = (key: string) => `{"key":${JSON.stringify(key)},`;

/**
 * How a step has its stores written: at once, or left for later (BuildOptions.deferStores): the CLI's build
 * writes them while the output is written, when this thread would otherwise wait for the disk. A step's stores
 * must not change once handed over.
 */
export type StoreWrites = (save: () => Promise<void>) => Promise<void>;

/** Writes a store at once. */
export const writeNow: StoreWrites = (save) => save();

/** Writes a store whole or not at all (two builds at once each write a file of their own, then rename it). */
export async function writeStore<Value>(file: string, key: string, value: Value): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  // The key first, as readStore expects (and as a key made before the value always is in JSON.stringify).
  await writeFile(temp, JSON.stringify({ key, value }));
  await rename(temp, file);
}

/** How many files a sharded store spreads its entries over. */
const SHARDS = 64;

/** The shard of an entry, by its name. */
function shardOf(name: string): number {
  return smallHash(name) % SHARDS;
}

/**
 * A store too large to write whole after a small change (the markdown stage's pages: 84 MB for 10,000 docs), kept
 * in the folder `dir` as SHARDS files by a hash of each entry's name. Reads every shard written under `key`; a shard
 * under another key, or missing, reads as empty.
 */
export async function readShardedStore<Value>(dir: string, key: string): Promise<Map<string, Value>> {
  const entries = new Map<string, Value>();
  // One file after another, not through the thread pool: each promise read takes several trips through it, which
  // cost more than the reads themselves for files in the page cache.
  for (let i = 0; i < SHARDS; i++) {
    let text: string | undefined;
    try {
      text = readFileSync(path.join(dir, `${i}.json`), 'utf8');
    } catch {
      // Missing or unreadable: the shard reads as empty.
    }
    for (const [name, value] of valueOf<[string, Value][]>(text, key) ?? []) entries.set(name, value);
  }
  return entries;
}

/**
 * Writes the shards that hold a name in `changed` (an entry made, changed or gone since the store was read) with
 * their entries from `entries`, which has every entry of the store; `value` makes an entry's stored form. Every shard
 * is written when `all` (the store was read empty or under another key).
 */
export async function writeShardedStore<Entry, Value>(
  dir: string,
  key: string,
  entries: Map<string, Entry>,
  { changed, all, value }: { changed: Iterable<string>; all: boolean; value: (entry: Entry) => Value },
): Promise<void> {
  const dirty = new Set<number>();
  if (all) for (let i = 0; i < SHARDS; i++) dirty.add(i);
  else for (const name of changed) dirty.add(shardOf(name));
  if (dirty.size === 0) return;
  const shards = new Map<number, [string, Value][]>([...dirty].map((i) => [i, []]));
  for (const [name, entry] of entries) shards.get(shardOf(name))?.push([name, value(entry)]);
  await Promise.all([...shards].map(([i, list]) => writeStore(path.join(dir, `${i}.json`), key, list)));
}
