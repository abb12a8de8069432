// Watching the sources and scheduling rebuilds: one build at a time, changes that arrive during a build collected
// for the next one, a short debounce so a save that touches several files builds once, and a recheck after each
// build so the last save always shows even when the watcher dropped its event.
import { type Stats, unwatchFile, watchFile } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import chokidar from 'chokidar';
import { isInside } from './sources.ts';

export interface WatchOptions {
  /** The project's folder: its content/, its config file and its templates/ (overrides) are watched. */
  root: string;
  configFile: string;
  /** The templates folder, watched whole. */
  templatesDir: string;
  /** Builds after a change of `changed` (absolute paths); never called while another call runs. */
  rebuild(changed: string[]): Promise<void>;
  log(line: string): void;
}

export interface Watch {
  /** Resolves once no build runs or waits to run: every change seen so far is built. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long to wait for more changes after one, so a save that touches several files rebuilds once. The events of
 * such a save come together: ten files written back to back, in place or each renamed over its old self (an atomic
 * save), reached the watcher within a millisecond of one another. Every millisecond here is one more before the page
 * reloads; a change that comes later still builds, with the next build.
 */
const DEBOUNCE_MS = 3;

/** chokidar's window for dropping repeated 'change' events of one file, plus a margin. */
const THROTTLE_MS = 60;

/**
 * How often the config file's `stat` is polled, besides the watcher. An editor that saves by rename (vim's
 * backup-write) replaces the file chokidar watches; on a busy machine its event for the second such save was seen to
 * go missing, and the config decides everything. Polling one path costs nothing and follows any replacement.
 */
const CONFIG_POLL_MS = 250;

/** Starts watching; resolves once the watcher is ready (a change from then on is seen). */
export async function watchSources({ root, configFile, templatesDir, rebuild, log }: WatchOptions): Promise<Watch> {
  const contentDir = path.join(root, 'content');
  const overridesDir = path.join(root, 'templates');
  let pending = new Set<string>();
  const lastEvent = new Map<string, number>();
  const rechecks = new Set<NodeJS.Timeout>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  /** The config's modification time as the last build that had it among its changes read it (see CONFIG_POLL_MS). */
  let configBuilt = await mtimeOf(configFile);

  const build = async () => {
    // content/ gone (a branch switch, a tool swapping folders): keep the last site until it is back, rather than
    // reload every page with an empty one. Its return is an event of its own, which rebuilds.
    if (!(await stat(contentDir).catch(() => undefined))) {
      log('content/ is gone; waiting for it to come back');
      return;
    }
    const changed = [...pending];
    pending = new Set();
    const read = new Map(await Promise.all(changed.map(async (file) => [file, await mtimeOf(file)] as const)));
    if (read.has(configFile)) configBuilt = read.get(configFile)!;
    await rebuild(changed);
    // chokidar drops a second 'change' of a file within 50 ms of the first. Once that window has passed, a file whose
    // modification time is no longer the one this build read is built again, so the last save always shows.
    for (const file of changed) {
      const wait = Math.max(0, (lastEvent.get(file) ?? 0) + THROTTLE_MS - Date.now());
      const check = setTimeout(async () => {
        rechecks.delete(check);
        if ((await mtimeOf(file)) !== read.get(file)) schedule(file);
      }, wait);
      rechecks.add(check);
    }
  };
  const schedule = (file: string) => {
    pending.add(path.resolve(file));
    lastEvent.set(path.resolve(file), Date.now());
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      // A build that throws (a bug: rebuild reports failed builds itself) must not stop every later one.
      running = running.then(build).catch((error: unknown) => log(`rebuilding failed: ${String(error)}`));
    }, DEBOUNCE_MS);
  };

  // The project's folder is watched, not content/ and the config themselves: a watch on a folder that is deleted and
  // made again (a branch switch) or on a file replaced by a rename (vim's backup-write) would go quiet for good.
  // Everything in it but content/, templates/ and the config is ignored, so node_modules, build/ and .git are never
  // walked.
  const watched = (file: string) =>
    file === root ||
    isInside(contentDir, file) ||
    file === configFile ||
    isInside(templatesDir, file) ||
    isInside(overridesDir, file);
  const watcher = chokidar.watch([root, templatesDir], {
    ignoreInitial: true,
    ignored: (file: string) => !watched(path.resolve(file)),
  });
  watcher.on('all', (_event, file) => schedule(file));
  watcher.on('error', (error) =>
    log(`watching for changes failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  // A change the watcher did not report: built unless a build already has it, or is about to.
  const onConfigStat = (now: Stats) => {
    if (now.mtimeMs !== configBuilt && !pending.has(configFile)) schedule(configFile);
  };
  watchFile(configFile, { interval: CONFIG_POLL_MS, persistent: false }, onConfigStat);

  return {
    async idle() {
      // A build may schedule another (a file changed while it ran, or the after-build recheck found one).
      for (;;) {
        const current = running;
        await current;
        if (timer === undefined && rechecks.size === 0 && running === current) return;
        await new Promise((resolve) => setTimeout(resolve, rechecks.size > 0 ? THROTTLE_MS : DEBOUNCE_MS));
      }
    },
    async close() {
      clearTimeout(timer);
      for (const check of rechecks) clearTimeout(check);
      unwatchFile(configFile, onConfigStat);
      await watcher.close();
    },
  };
}

/** A file's modification time, or 0 when it is gone. */
const mtimeOf = (file: string): Promise<number> =>
  stat(file).then(
    (stats) => stats.mtimeMs,
    () => 0,
  );
