// A build's output differs from the one before it in a few files. Creating 500 files and their folders costs far
// more than opening existing ones (on ext4 here, 0.6 s against 0.07 s), so the writer keeps the output it replaces
// and makes the next one from it: only the files whose bytes differ are written, the ones no longer built go. The
// unchanged files keep their modification time, so a deploy by `rsync` sends only what changed.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../types.ts';

/**
 * Turns the folder `dir` (an earlier output) into exactly `files`: entries that are not wanted go (anything but a
 * plain file or folder too), missing folders are made, and a file is written only when it is missing or differs.
 * `each` runs the writes in bounded batches (the writer stops between them on an abort).
 */
export async function reuseFolder(
  dir: string,
  files: OutputFile[],
  each: (jobs: (() => Promise<void>)[]) => Promise<void>,
  write: (file: string, contents: string | Uint8Array) => Promise<void>,
): Promise<void> {
  const wanted = new Map(files.map((file) => [path.posix.normalize(file.path), file.contents]));
  const folders = new Set<string>();
  for (const file of wanted.keys())
    for (let parent = path.posix.dirname(file); parent !== '.'; parent = path.posix.dirname(parent))
      folders.add(parent);

  const present = new Set<string>();
  const unwanted: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    // parentPath from Node 20.12; `path` before it.
    const parent = entry.parentPath ?? (entry as { path?: string }).path ?? dir;
    const relative = path.relative(dir, path.join(parent, entry.name)).split(path.sep).join('/');
    const keep = entry.isFile() ? wanted.has(relative) : entry.isDirectory() && folders.has(relative);
    if (keep) present.add(relative);
    else unwanted.push(relative);
  }
  // A removed folder takes what is under it: its entries are not removed again.
  const removed = new Set<string>();
  const under = (entry: string) => {
    for (let parent = path.posix.dirname(entry); parent !== '.'; parent = path.posix.dirname(parent))
      if (removed.has(parent)) return true;
    return false;
  };
  for (const entry of unwanted.sort())
    if (!under(entry)) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
      removed.add(entry);
    }
  const missing = [...folders].filter((folder) => !present.has(folder));
  await Promise.all(missing.map((folder) => mkdir(path.join(dir, folder), { recursive: true })));

  await each(
    [...wanted].map(([relative, contents]) => async () => {
      const file = path.join(dir, relative);
      // Read at once, not through the thread pool: for thousands of small files the hops cost more than the reads.
      if (present.has(relative) && sameBytes(readFileSync(file), contents)) return;
      await write(file, contents);
    }),
  );
}

function sameBytes(existing: Buffer, contents: string | Uint8Array): boolean {
  if (typeof contents === 'string')
    return existing.length === Buffer.byteLength(contents) && existing.toString('utf8') === contents;
  return existing.equals(contents);
}
