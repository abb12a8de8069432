// Files written before the write step, into the folder the writer will swap in (output/writer.ts: FsWriter.ahead).
// When threads share the render of a large build, each writes its routes' files as soon as it has rendered them: the
// pages' bytes are neither sent between threads nor held until the write step, and the write step is left with the
// other files (10,000 synthetic docs: peak memory 1,160-1,180 MB to 950-990 MB, write step 3.8-4.8 s to 1.8-3.0 s).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { entryOf, hashOf, keptFile, type LedgerEntry } from '../incremental/output-ledger.ts';
import type { OutputFile } from '../shared/model/types.ts';

/**
 * A file written ahead, as the main thread is told of it: where it is in the folder, and its ledger entry; or the
 * file itself, when another route had written its path first (a duplicate route, which the build warns of).
 */
export type WrittenAhead = [path: string, entry: LedgerEntry] | OutputFile;

/** Writes files into `folder`, a folder of its own that nothing else writes to until the write step. */
export class AheadWriter {
  private readonly made = new Set<string>();

  constructor(readonly folder: string) {}

  /**
   * Writes `files` now, one after another (the thread has nothing else to do meanwhile), and records each. A path
   * written already is left as it is, and its file returned as given: two routes to one path may be rendered by two
   * threads, and the build keeps the first route's file whichever wrote first (the write step then writes it).
   */
  write(files: OutputFile[]): WrittenAhead[] {
    return files.map((file): WrittenAhead => {
      assertInside(file);
      const target = path.join(this.folder, file.path);
      try {
        this.makeFolderOf(path.posix.normalize(file.path));
        writeFileSync(target, file.contents, { flag: 'wx' });
        return [file.path, entryOf(hashOf(file), statSync(target))];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return file;
        // A full disk's error carries no path.
        (error as NodeJS.ErrnoException).path ??= target;
        throw error;
      }
    });
  }

  /**
   * Makes the folders of `file` under the folder, never the folder itself: once a stopped build has removed it
   * (FsWriter.discard), a write still under way fails rather than make it again.
   */
  private makeFolderOf(file: string): void {
    const parent = path.posix.dirname(file);
    if (parent === '.' || this.made.has(parent)) return;
    this.makeFolderOf(parent);
    try {
      mkdirSync(path.join(this.folder, parent));
    } catch (error) {
      // Another thread writing ahead into the same folder made it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.made.add(parent);
  }
}

/** Refuses to write outside the output folder (a route or asset path with '..'). */
export function assertInside(file: OutputFile): void {
  const normal = path.posix.normalize(file.path);
  if (normal.startsWith('..') || path.posix.isAbsolute(normal))
    throw new Error(`refusing to write ${file.path} outside the output folder`);
}

/**
 * The files written ahead into `folder`, as output files for the rest of the build: their bytes are read only if
 * asked for (the check step weighs them by the size the ledger entry holds), and the writer leaves them in place.
 */
export function writtenAhead(folder: string, written: WrittenAhead[]): OutputFile[] {
  return written.map((file) => (Array.isArray(file) ? keptFile(file[0], path.join(folder, file[0]), file[1]) : file));
}
