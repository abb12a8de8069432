// What `egdocs build` put in its output folders, so that the next build knows a file without reading it. For each
// file the writer records the hash of its bytes and what `stat` said of it once written: size, modification and
// change times, inode. A file whose `stat` still says the same holds the same bytes, as git's index assumes: an edit
// by hand changes the change time, which nothing can set back. The ledger of a folder also records the folder's own
// inode, which a rename keeps, so it is never applied to another folder (two builds at once, an output folder
// replaced by hand).
//
// Two ledgers are kept beside the spare output (build-store.ts): the live one describes the output folder, the
// other the spare. The render memo reads the live one to keep a route's files without reading them (render/store.ts);
// the writer reads the spare's to leave its files as they are without reading them (output/reuse.ts).
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { readStore, writeStore } from './build-store.ts';
import { sha256 } from '../platform/hash.ts';
import type { OutputFile } from '../shared/model/types.ts';

/** A file as it was written: the hash of its bytes, then its size, modification and change times and inode. */
export type LedgerEntry = [hash: string, size: number, mtimeMs: number, ctimeMs: number, ino: number];

/** The files of one folder, by path relative to it ('/' separated). */
export type Ledger = Map<string, LedgerEntry>;

/** Where the ledgers of the output folder and of the spare `spare` are kept. */
export function ledgerFiles(spare: string): { live: string; spare: string } {
  return { live: `${spare}-live.json`, spare: `${spare}.json` };
}

/**
 * The ledger in `file` when it describes the folder `dir` as it is, else undefined. A store (build-store.ts) keyed by
 * the folder's inode: the same folder, renamed or not, and no other.
 */
export async function readLedger(file: string, dir: string): Promise<Ledger | undefined> {
  const folder = await stat(dir).catch(() => undefined);
  const files = folder && (await readStore<[string, ...LedgerEntry][]>(file, String(folder.ino)));
  return files && new Map(files.map(([file, ...entry]) => [file, entry]));
}

/** Records `ledger` as the one of the folder `dir`. */
export async function writeLedger(file: string, dir: string, ledger: Ledger): Promise<void> {
  const { ino } = await stat(dir);
  await writeStore(
    file,
    String(ino),
    [...ledger].map(([file, entry]) => [file, ...entry]),
  );
}

/** Forgets the ledger in `file` (its folder is gone or is being changed). */
export async function dropLedger(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The entry of a file with `hash` whose `stat` gave `stats`. */
export function entryOf(hash: string, stats: Stats): LedgerEntry {
  return [hash, stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino];
}

/** Whether `stats` is the file the entry recorded: the same bytes, without reading them. */
export function unchanged(entry: LedgerEntry | undefined, stats: Stats | undefined): boolean {
  if (!entry || !stats) return false;
  const [, size, mtimeMs, ctimeMs, ino] = entry;
  return stats.size === size && stats.mtimeMs === mtimeMs && stats.ctimeMs === ctimeMs && stats.ino === ino;
}

const hashes = new WeakMap<OutputFile, string>();

/** The hash of an output file's bytes, computed once per file object (the render memo and the writer both ask). */
export function hashOf(file: OutputFile): string {
  if (file.kept) return file.kept.hash;
  // A large file copied from content/ stands for its bytes by its key (LargeFile): hashing it would read it whole.
  if (file.copy) return `~${file.copy.key}`;
  let hash = hashes.get(file);
  if (hash === undefined) hashes.set(file, (hash = sha256(file.contents, 'base64url')));
  return hash;
}

/**
 * An output file whose bytes are those of `from`, a file the ledger vouches for: nothing is read unless its contents
 * are asked for, and then they are checked against the hash (the file may have changed since).
 */
export function keptFile(file: string, from: string, entry: LedgerEntry): OutputFile {
  const [hash, size, ...stat] = entry;
  return {
    path: file,
    kept: { from, hash, size, stat },
    get contents(): Buffer {
      const bytes = readFileSync(from);
      if (sha256(bytes, 'base64url') !== hash) throw new Error(`${from} changed while the build was using it`);
      return bytes;
    },
  };
}

/** The ledger entry a kept file was made from. */
export function keptEntry(file: OutputFile): LedgerEntry | undefined {
  return file.kept && [file.kept.hash, file.kept.size, ...file.kept.stat];
}

/** Whether a kept file's source is still as the ledger recorded it (by `stat`), so that it may be linked unread. */
export function keptIntact(file: OutputFile): boolean {
  return file.kept !== undefined && unchanged(keptEntry(file), statSync(file.kept.from, { throwIfNoEntry: false }));
}

/** Every folder that holds one of `files` (paths relative to an output folder, '/' separated), parents included. */
export function foldersOf(files: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const file of files)
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) folders.add(file.slice(0, at));
  return folders;
}

/**
 * Lists the folder `dir`: a file `wanted` accepts, or a folder of `folders` (listed in turn), is present; any other
 * entry is unwanted, a folder without what is under it. At once, not through the thread pool, naming entries by their
 * folder's path as it goes: for 40,000 entries a quarter of the time of an asynchronous recursive readdir.
 */
export function walkFolder(
  dir: string,
  wanted: (file: string) => boolean,
  folders: ReadonlySet<string>,
): { present: Set<string>; unwanted: string[] } {
  const present = new Set<string>();
  const unwanted: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder ? path.join(dir, folder) : dir, { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      const keep = entry.isFile() ? wanted(relative) : entry.isDirectory() && folders.has(relative);
      if (!keep) unwanted.push(relative);
      else {
        present.add(relative);
        if (entry.isDirectory()) walk(relative);
      }
    }
  };
  walk('');
  return { present, unwanted };
}

/**
 * Whether the folder `dir` holds exactly the files of `ledger`, each as it was written (by `stat`), and nothing
 * else: a file removed, added or edited by hand, or anything but files and folders, says no.
 */
export function describesFolder(ledger: Ledger, dir: string): boolean {
  try {
    const { present, unwanted } = walkFolder(dir, (file) => ledger.has(file), foldersOf(ledger.keys()));
    if (unwanted.length > 0) return false;
    for (const [file, entry] of ledger)
      if (!present.has(file) || !unchanged(entry, statSync(path.join(dir, file)))) return false;
    return true;
  } catch {
    return false;
  }
}
