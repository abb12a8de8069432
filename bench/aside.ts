// Folders a benchmark is done with are moved aside, not deleted, until every measurement is over.
//
// On ext4 without a journal (this machine's disk; `/proc/fs/jbd2` is empty), an inode freed in the last minute (five
// if its table block is still dirty) is not given out again, and every file created meanwhile scans past each such
// inode first. After deleting a 10,000-page output, writing the same files again took 11-22 s instead of 2.2 s, with
// the kernel's time in `recently_deleted` (perf). Deleting one build's output right before timing the next measured
// the deletion, not the build; a rename frees no inode.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const trash = path.join(os.tmpdir(), `egdocs-bench-aside-${process.pid}`);
let moved = 0;

/** Moves `dir` out of the way (removed by `removeSetAside`), or removes it at once if it cannot be moved. */
export function setAside(dir: string): void {
  mkdirSync(trash, { recursive: true });
  try {
    renameSync(dir, path.join(trash, String(moved++)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    // Another file system: a rename cannot move it there.
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Removes what was set aside: once nothing is timed any more, the benchmark's last act (on exit, as it fails too). */
function removeSetAside(): void {
  rmSync(trash, { recursive: true, force: true });
}

process.on('exit', removeSetAside);
