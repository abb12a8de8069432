// The disk sits behind a Writer: `build` writes through FsWriter (into a temporary folder that is swapped in
// whole), while tests and `serve` keep the files in memory.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../types.ts';

export interface Writer {
  write(files: OutputFile[]): Promise<void>;
}

/** Keeps files in a map: for tests and the dev server. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  async write(files: OutputFile[]): Promise<void> {
    for (const file of files) this.files.set(file.path, file.contents);
  }
}

/**
 * Writes a complete site to `outDir` atomically enough for a static host: everything goes to a sibling temporary
 * folder first; only when all files are written is the old folder moved aside and the new one renamed into place.
 */
export class FsWriter implements Writer {
  constructor(readonly outDir: string) {}

  async write(files: OutputFile[]): Promise<void> {
    const parent = path.dirname(this.outDir);
    const base = path.basename(this.outDir);
    const temp = path.join(parent, `.${base}.tmp-${process.pid}`);
    const old = path.join(parent, `.${base}.old-${process.pid}`);
    files.forEach(assertInside);
    await rm(temp, { recursive: true, force: true });
    try {
      const dirs = new Set(files.map((file) => path.dirname(path.join(temp, file.path))));
      await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
      // Bounded batches: thousands of simultaneous writes exhaust file descriptors on small machines.
      for (let i = 0; i < files.length; i += 256) {
        await Promise.all(files.slice(i, i + 256).map((file) => writeFile(path.join(temp, file.path), file.contents)));
      }
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
    await rm(old, { recursive: true, force: true });
    await rename(this.outDir, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temp, this.outDir);
    await rm(old, { recursive: true, force: true });
  }
}

/** Refuses to write outside the output folder (a route or asset path with '..'). */
export function assertInside(file: OutputFile): void {
  const normal = path.posix.normalize(file.path);
  if (normal.startsWith('..') || path.posix.isAbsolute(normal)) throw new Error(`refusing to write ${file.path} outside the output folder`);
}
