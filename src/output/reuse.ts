// A build's output differs from the one before it in a few files. Creating 500 files and their folders costs far
// more than opening existing ones (on ext4 here, 0.6 s against 0.07 s), so the writer keeps the output it replaces
// and makes the next one from it: only the files whose bytes differ are written, the ones no longer built go. The
// unchanged files keep their modification time, so a deploy by `rsync` sends only what changed. The folder's ledger
// (output-ledger.ts) tells most files apart by `stat` alone: only a file it cannot vouch for is read.
import { copyFile, link, mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  entryOf,
  foldersOf,
  hashOf,
  keptIntact,
  type Ledger,
  unchanged,
  walkFolder,
} from '../incremental/output-ledger.ts';
import type { OutputFile } from '../shared/model/types.ts';

/**
 * Turns the folder `dir` (an earlier output, or an empty folder) into exactly `files`: entries that are not wanted go
 * (anything but a plain file or folder too), missing folders are made, and a file is written only when it is missing
 * or differs. `each` runs the writes in bounded batches (the writer stops between them on an abort). `ledger` is
 * what the writer recorded of `dir` when it last wrote it; `fresh`, that nothing else is in it. Returns the ledger of
 * `dir` as it is left, and the files linked to a kept file (writeOne).
 */
export async function reuseFolder(
  dir: string,
  files: OutputFile[],
  each: (jobs: (() => Promise<void>)[]) => Promise<void>,
  ledger: Ledger = new Map(),
  { fresh = false }: { fresh?: boolean } = {},
): Promise<{ ledger: Ledger; linked: Set<string> }> {
  const wanted = new Map(files.map((file) => [path.posix.normalize(file.path), file]));
  const folders = foldersOf(wanted.keys());
  // A fresh folder (made empty by this write, and written into only by this build's render: write-ahead.ts) holds
  // the ledger's files and their folders: listing it (10,000 folders at 10,000 docs) would find no more. Any other
  // wanted file is written whole, which replaces one a render thread wrote at the same path.
  const { present, unwanted } = fresh
    ? { present: new Set([...ledger.keys(), ...foldersOf(ledger.keys())]), unwanted: [] }
    : walkFolder(dir, (file) => wanted.has(file), folders);
  // An unwanted folder goes with what is under it (the walk did not go into it).
  for (const entry of unwanted) await rm(path.join(dir, entry), { recursive: true, force: true });
  const missing = [...folders].filter((folder) => !present.has(folder));
  await Promise.all(missing.map((folder) => mkdir(path.join(dir, folder), { recursive: true })));

  const written: Ledger = new Map();
  const linked = new Set<string>();
  await each(
    [...wanted].map(([relative, file]) => async () => {
      const target = path.join(dir, relative);
      const hash = hashOf(file);
      // Stat and read at once, not through the thread pool: for thousands of small files the hops cost more.
      const before = present.has(relative) ? statSync(target) : undefined;
      const entry = ledger.get(relative);
      if (entry?.[0] === hash && unchanged(entry, before)) {
        written.set(relative, entry);
        return;
      }
      let differs = true;
      // The ledger knows this file and its bytes are others: written without reading it. A file it cannot vouch for
      // is read, so that an unchanged one is left as it is (its time kept) whatever it costs to tell; but a kept file
      // is linked to the output's, whose time it then has, and that costs less than reading this one; and a large
      // file of content/ is copied again rather than read twice to compare.
      if (before && !file.kept && !file.copy && !unchanged(entry, before))
        differs = !sameBytes(readFileSync(target), file.contents);
      if (differs && (await writeOne(target, file, before !== undefined))) linked.add(relative);
      written.set(relative, entryOf(hash, differs ? statSync(target) : before!));
    }),
  );
  return { ledger: written, linked };
}

/**
 * Writes one file; true when it is a link to a kept file. An error names the file (a full disk's carries no path).
 */
async function writeOne(target: string, file: OutputFile, existing: boolean): Promise<boolean> {
  try {
    // A file is replaced, never written into: it may share its bytes with the live output's (a link, below).
    if (existing) await unlink(target);
    // A kept file whose source is as the ledger says is linked to it (a second name for the same bytes, which a later
    // write replaces rather than changes): with no spare, copying cost 14 s of a 10,000-page build. Any other is
    // written from its contents, which a kept file reads and checks against its hash.
    if (file.kept && keptIntact(file)) {
      const from = file.kept.from;
      return await link(from, target).then(
        () => true,
        () => copyFile(from, target).then(() => false),
      );
    }
    // A large file of content/ is copied as it is on the disk (the kernel copies it, in pieces): never held whole.
    if (file.copy) await copyFile(file.copy.from, target);
    else await writeFile(target, file.contents);
    return false;
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= target;
    throw error;
  }
}

function sameBytes(existing: Buffer, contents: string | Uint8Array): boolean {
  if (typeof contents === 'string')
    return existing.length === Buffer.byteLength(contents) && existing.toString('utf8') === contents;
  return existing.equals(contents);
}
