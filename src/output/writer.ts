// The disk sits behind a Writer: `build` writes through FsWriter (into a temporary folder that is swapped in
// whole), while tests and `serve` keep the files in memory.
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  dropLedger,
  keptEntry,
  type Ledger,
  ledgerFiles,
  readLedger,
  writeLedger,
} from '../incremental/output-ledger.ts';
import type { OutputFile } from '../shared/model/types.ts';
import { reuseFolder } from './reuse.ts';
import { assertInside } from '../threads/write-ahead.ts';

export interface Writer {
  write(files: OutputFile[]): Promise<void>;
}

/** Keeps files in a map: for tests and the dev server. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();
  /** Large files of content/ (OutputFile.copy), by output path: the file on disk to serve, never held in memory. */
  readonly copies = new Map<string, string>();
  async write(files: OutputFile[]): Promise<void> {
    for (const file of files) {
      if (file.copy) this.copies.set(file.path, file.copy.from);
      else this.files.set(file.path, file.contents);
    }
  }
}

/** Thrown by a write that abort() stopped; the output folder is as it was. */
export class WriteAborted extends Error {
  constructor() {
    super('the write was stopped; the output folder is as it was');
    this.name = 'WriteAborted';
  }
}

/**
 * Writes a complete site to `outDir` atomically enough for a static host: everything goes to a sibling temporary
 * folder first; only when all files are written is the old folder moved aside and the new one renamed into place.
 * `abort()` (Ctrl+C) stops between batches and removes the temporary folder; folders left by a build that was killed
 * outright are swept by the next one.
 */
export class FsWriter implements Writer {
  private aborted = false;
  /** Set once the new folder is in place: from then on the write is done, whatever happens. */
  private swapped = false;
  private running: Promise<void> | undefined;
  /** The temporary folder `ahead` made, which files were written into before the write. */
  private prepared: string | undefined;
  private preparing: Promise<string | undefined> | undefined;

  /**
   * `spare`: where the output this write replaces is kept, for the next write to start from (output/reuse.ts); the
   * CLI's is in the project's node_modules/.cache/egdocs/. Without it (or on another file system) every write starts
   * from an empty folder.
   */
  constructor(
    readonly outDir: string,
    private readonly spare?: string,
  ) {}

  /** The sibling folders a build with process id `pid` works in. */
  private siblings(pid: number): { temp: string; old: string } {
    const parent = path.dirname(this.outDir);
    const base = path.basename(this.outDir);
    return { temp: path.join(parent, `.${base}.tmp-${pid}`), old: path.join(parent, `.${base}.old-${pid}`) };
  }

  /**
   * `alongside`: work that runs while the files are written (the build's stores, BuildResult.saveStores) and must
   * succeed for the new output to be swapped in; if it fails, the output folder stays as it was.
   */
  write(files: OutputFile[], alongside?: Promise<unknown>): Promise<void> {
    // Its failure is this write's, once the files are written: not an unhandled rejection meanwhile.
    alongside?.catch(() => {});
    this.running = this.writeAll(files, alongside);
    return this.running;
  }

  /**
   * The folder this write will swap in, made now so that files can be written into it before the write (a render
   * worker's pages: write-ahead.ts); the write then leaves in place each file given to it as written there. Undefined
   * when there is a spare to start from instead (an earlier build's output: writing only what differs from it costs
   * less), or after an abort. A build that fails or stops before writing removes the folder (`discard`, `abort`).
   */
  ahead(): Promise<string | undefined> {
    if (this.aborted || this.running) return Promise.resolve(undefined);
    return (this.preparing ??= this.prepare());
  }

  private async prepare(): Promise<string | undefined> {
    if (this.spare !== undefined && existsSync(this.spare)) return undefined;
    const { temp } = this.siblings(process.pid);
    // A folder that cannot be made now is the write's to report, naming the output folder.
    const made = await rm(temp, { recursive: true, force: true })
      .then(() => mkdir(temp, { recursive: true }))
      .then(
        () => true,
        () => false,
      );
    if (!made) return undefined;
    // Stopped while the folder was being made: it goes at once.
    if (this.aborted) {
      await rm(temp, { recursive: true, force: true });
      return undefined;
    }
    return (this.prepared = temp);
  }

  /**
   * A failed build's error, told with the output folder's path where it names a file written ahead (a full disk
   * while rendering): the name a user knows.
   */
  explain(error: unknown): unknown {
    const { temp } = this.siblings(process.pid);
    for (let cause = error; cause instanceof Error; cause = cause.cause) asOutputPath(cause, [temp], this.outDir);
    return error;
  }

  /** Removes the folder `ahead` made, for a build that will not write: the output folder stays as it was. */
  async discard(): Promise<void> {
    await this.preparing?.catch(() => {});
    if (!this.prepared || this.running) return;
    const folder = this.prepared;
    this.prepared = undefined;
    // A render thread may still be writing into it. Renamed first, the folder takes no new file: a write under its
    // old name fails, and does not make it again (write-ahead.ts). What cannot go is swept by the next build.
    const stopped = `${folder}${STOPPED}`;
    const gone = await rename(folder, stopped).then(
      () => stopped,
      () => folder,
    );
    await rm(gone, { recursive: true, force: true }).catch(() => {});
  }

  /**
   * Stops a write in progress (or any to come) and resolves once the disk is settled: true when the new output had
   * already been swapped in (an abort during the swap waits for it), false when the output folder is as it was.
   */
  async abort(): Promise<boolean> {
    this.aborted = true;
    await this.running?.catch(() => {});
    await this.discard();
    return this.swapped;
  }

  private async writeAll(files: OutputFile[], alongside?: Promise<unknown>): Promise<void> {
    const { temp, old } = this.siblings(process.pid);
    const ledgers = this.spare ? ledgerFiles(this.spare) : undefined;
    let written: Awaited<ReturnType<typeof reuseFolder>> = { ledger: new Map(), linked: new Set() };
    files.forEach(assertInside);
    await sweepStale(this.outDir);
    const prepared = this.prepared === temp;
    try {
      if (!prepared) await rm(temp, { recursive: true, force: true });
      if (this.aborted) throw new WriteAborted();
      // Bounded batches: thousands of simultaneous writes exhaust file descriptors on small machines. Between two
      // batches is where an abort takes effect: no write is left running into a folder being removed.
      const inBatches = async (jobs: (() => Promise<void>)[]) => {
        for (let i = 0; i < jobs.length; i += 256) {
          if (this.aborted) throw new WriteAborted();
          await Promise.all(jobs.slice(i, i + 256).map((job) => job()));
        }
      };
      // Claiming the spare is a rename, so two builds at once never share it; a missing one starts from empty. Its
      // ledger (output-ledger.ts) is trusted only if it describes this very folder.
      const claimed =
        !prepared &&
        this.spare !== undefined &&
        (await isOwnSpare(this.spare)) &&
        (await rename(this.spare, temp).then(
          () => true,
          () => false,
        ));
      if (!claimed && !prepared) await mkdir(temp, { recursive: true });
      // Files written ahead into the prepared folder are known as the ledger of a spare would know them.
      const known = prepared
        ? aheadLedger(files, temp)
        : claimed && ledgers
          ? await readLedger(ledgers.spare, temp)
          : undefined;
      written = await reuseFolder(temp, files, inBatches, known, { fresh: prepared });
      await alongside;
      if (this.aborted) throw new WriteAborted();
      // The swap is two renames, too quick to be worth stopping in the middle: an abort now waits for it.
      await this.swap(temp, old);
    } catch (error) {
      // Whatever failed, no half-written folder is left behind.
      await rm(temp, { recursive: true, force: true });
      throw asOutputPath(error, [temp, old], this.outDir);
    } finally {
      this.prepared = undefined;
    }
    this.swapped = true;
    const spared = this.spare !== undefined && (await keepAsSpare(old, this.spare));
    if (ledgers) await keepLedgers(ledgers, spared ? this.spare : undefined, this.outDir, written);
    // The site is in place; an old copy that will not go (a file held open) is swept by the next build.
    if (!spared) await rm(old, { recursive: true, force: true }).catch(() => {});
  }

  /** Moves the old output aside and the new one in; if the second move fails, the old output goes back. */
  private async swap(temp: string, old: string): Promise<void> {
    await rm(old, { recursive: true, force: true });
    let moved = true;
    await rename(this.outDir, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      moved = false;
    });
    try {
      await rename(temp, this.outDir);
    } catch (error) {
      // Put the previous output back rather than leave no site at all.
      if (moved) await rename(old, this.outDir).catch(() => {});
      throw error;
    }
  }
}

/** The ledger entries of the files written ahead into `folder` (write-ahead.ts): kept files that are already there. */
function aheadLedger(files: OutputFile[], folder: string): Ledger {
  const ledger: Ledger = new Map();
  for (const file of files) {
    const entry = keptEntry(file);
    if (entry && file.kept!.from === path.join(folder, file.path)) ledger.set(path.posix.normalize(file.path), entry);
  }
  return ledger;
}

/**
 * After the swap: the ledger of the output replaced goes with it to the spare (`spared`), and this write's is recorded
 * for the output folder. A ledger that could not be written only costs the next build some reads.
 */
async function keepLedgers(
  ledgers: { live: string; spare: string },
  spared: string | undefined,
  outDir: string,
  { ledger, linked }: { ledger: Ledger; linked: Set<string> },
): Promise<void> {
  try {
    // The output replaced, now the spare, keeps its ledger; without a spare, the spare's ledger describes nothing.
    if (spared) await spareLedger(ledgers, spared, ledger, linked).catch(() => dropLedger(ledgers.spare));
    else await dropLedger(ledgers.spare);
    await writeLedger(ledgers.live, outDir, ledger);
  } catch {
    await dropLedger(ledgers.live).catch(() => {});
  }
}

/**
 * The ledger of the output replaced becomes the spare's. A file this write linked to one of that output's (a kept
 * file, at the same path) is one file under two names, and the link changed its change time: its entry is this
 * write's, or the next build could not vouch for it and would link it again, and so on every build.
 */
async function spareLedger(
  ledgers: { live: string; spare: string },
  spare: string,
  written: Ledger,
  linked: Set<string>,
): Promise<void> {
  if (linked.size === 0) return rename(ledgers.live, ledgers.spare);
  const before = await readLedger(ledgers.live, spare);
  if (!before) return dropLedger(ledgers.spare);
  for (const file of linked) if (before.has(file)) before.set(file, written.get(file)!);
  await writeLedger(ledgers.spare, spare, before);
  await dropLedger(ledgers.live);
}

/**
 * Whether `spare` is a folder the writer left there to make the next output from: a real folder, not a symbolic link,
 * which an older egdocs could park there when the output folder was one. The next write removes whatever of the spare
 * is not wanted, so a link is never claimed: it is dropped (the link alone, never what it leads to).
 */
async function isOwnSpare(spare: string): Promise<boolean> {
  const info = await lstat(spare).catch(() => undefined);
  if (!info) return false;
  if (info.isSymbolicLink()) {
    await unlink(spare).catch(() => {});
    return false;
  }
  return info.isDirectory();
}

/**
 * Moves the replaced output to `spare`, unless there was none, it is not a real folder (see isOwnSpare), a spare is
 * there already or it is another disk.
 */
async function keepAsSpare(old: string, spare: string): Promise<boolean> {
  try {
    if (!(await lstat(old)).isDirectory()) return false;
    await mkdir(path.dirname(spare), { recursive: true });
    await rename(old, spare);
    return true;
  } catch {
    return false;
  }
}

/**
 * An error about the temporary or the set-aside folder, told with the output folder's path: the name a user knows
 * (a rename's error carries both paths, `path` and `dest`).
 */
function asOutputPath(error: unknown, workFolders: string[], outDir: string): unknown {
  const failure = error as NodeJS.ErrnoException & { dest?: string };
  const mapped = (where: string) => {
    const folder = workFolders.find((work) => where === work || where.startsWith(work + path.sep));
    return folder ? outDir + where.slice(folder.length) : where;
  };
  if (typeof failure?.path === 'string') failure.path = mapped(failure.path);
  if (typeof failure?.dest === 'string') failure.dest = mapped(failure.dest);
  return error;
}

/** Added to the name of a temporary folder a stopped build is removing (FsWriter.discard). */
const STOPPED = '-stopped';

/**
 * Removes `.build.tmp-<pid>` (`-stopped` after it when a stopped build was removing it) and `.build.old-<pid>` folders
 * beside `outDir` whose build is gone (killed, or the machine restarted). A folder of a build that is still running
 * (its process exists) is left alone. A build killed between the two renames of its swap left no output folder, only
 * the previous one set aside: that one is put back.
 */
export async function sweepStale(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(
    `^\\.${escapeRegExp(path.basename(outDir))}\\.(?:(tmp)-(\\d+)(?:${STOPPED})?|(old)-(\\d+))$`,
  );
  const names = await readdir(parent).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const [, tmp, tmpPid, old, oldPid] = pattern.exec(name) ?? [];
    const pid = Number(tmp ? tmpPid : oldPid);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    const full = path.join(parent, name);
    if (!(await stat(full).catch(() => undefined))?.isDirectory()) continue;
    if (old && !(await stat(outDir).catch(() => undefined))) {
      await rename(full, outDir);
      continue;
    }
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}

/** Whether a process with this id exists (signal 0 tests without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
