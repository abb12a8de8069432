// The render stage across threads, for large sites: renderToString is most of a big build and runs one page at a
// time, so the routes are cut into contiguous runs and each extra core renders one in a worker while this thread
// renders the first. Output order and content are the same as rendering in one thread.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { EarlyWorkers, type StartedWorker, startWorker } from '../worker-thread.ts';
import type { OutputFile } from '../types.ts';
import { type RenderContext, type RenderOptions, renderRoutes } from './index.ts';
import type { RenderDone, RenderJob } from './worker.ts';

/** The worker: dist/render-worker.js when compiled, else worker.ts. */
const WORKER = new URL('./worker.ts', import.meta.url);

/**
 * Below this many routes one thread is as fast: a worker needs about 0.2 s to load React and the templates, and its
 * routes are copied to it (0.4 s for 5,000). Measured on 2 vCPUs at 10,000 routes: render 12.8 s in one thread,
 * 10.1 to 10.5 s in two (each half takes about 9 s when both run: the two vCPUs do not double the throughput).
 */
export const PARALLEL_MIN_ROUTES = 2000;

/**
 * With workers started early (RenderWorkers), their load is paid while the first steps leave a core idle, and only
 * the copy of the routes is left. From this many content files two threads render faster than one (1,000 synthetic
 * docs, 2 vCPUs: render 1.22-1.38 s to 1.05-1.16 s; at 300 and 600 docs no faster).
 */
export const EARLY_MIN_FILES = 800;

/** Threads to render with: the cores the process may use, at most 4 (each holds a copy of the site's routes). */
export function renderThreads(routes: number, early?: RenderWorkers): number {
  const cores = Math.min(4, os.availableParallelism());
  if (early) return Math.min(cores, early.count + 1);
  return routes < PARALLEL_MIN_ROUTES ? 1 : cores;
}

/**
 * Render workers started before the render step, when a build will likely render every route (a large site with no
 * render memo): each loads React and the templates while this thread reads and parses the content.
 */
export class RenderWorkers extends EarlyWorkers {
  constructor(count: number) {
    super('render-worker', WORKER, count);
  }
}

/** Renders every route, using `threads` threads (this one included); templates must be the compiled-in ones. */
export function renderInParallel(
  context: RenderContext,
  options: RenderOptions,
  threads: number,
  early?: RenderWorkers,
): Promise<OutputFile[]> {
  const { root, shareSidebars, memo } = options;
  return startRenderInParallel(context, { root, shareSidebars, keys: memo !== undefined }, threads, early).finish(
    options,
  );
}

/**
 * The render across threads in two parts: the workers get their routes now, and `finish` renders this thread's
 * share and gathers theirs. In between this thread may do other work (the build makes the search index), for which
 * `ownShare` leaves it fewer routes than the workers get.
 */
export function startRenderInParallel(
  context: RenderContext,
  { root, shareSidebars, keys }: { root: string; shareSidebars?: boolean; keys: boolean },
  threads: number,
  early?: RenderWorkers,
  ownShare = 1 / threads,
): { finish(options: RenderOptions): Promise<OutputFile[]> } {
  const started = early?.take() ?? [];
  const routes = context.site.routes;
  const own = Math.ceil(routes.length * ownShare);
  const size = Math.ceil((routes.length - own) / (threads - 1));
  const slices = [
    routes.slice(0, own),
    ...Array.from({ length: threads - 1 }, (_, i) => routes.slice(own + i * size, own + (i + 1) * size)),
  ];
  // Each worker gets only what rendering reads: the config, the sidebars and its own routes.
  const jobs = slices.slice(1).map((slice, i) => {
    const site = {
      config: context.site.config,
      sidebars: context.site.sidebars,
      routes: slice,
    } as RenderContext['site'];
    const { chrome, assets, generator, lateUrls } = context;
    return runWorker({ context: { site, chrome, assets, generator, lateUrls }, root, keys, shareSidebars }, started[i]);
  });
  // A worker that fails while this thread is busy elsewhere is reported by finish, not as an unhandled rejection.
  const all = Promise.all(jobs);
  all.catch(() => {});
  return {
    async finish(options) {
      const mine = await renderRoutes({ ...context, site: { ...context.site, routes: slices[0] } }, options);
      const done = await all;
      for (const result of done) {
        options.diagnostics.items.push(...result.diagnostics);
        // The workers' routes go into the memo as this thread's do, so the next build finds them.
        const byPath = new Map(result.files.map((file) => [file.path, file]));
        for (const [outFile, key, paths] of result.keys ?? []) {
          options.memo!.routes.set(outFile, { key, files: paths.map((path) => byPath.get(path)!) });
          options.memo!.rendered++;
        }
      }
      return [mine, ...done.map((result) => result.files)].flat();
    },
  };
}

function runWorker(job: RenderJob, started?: StartedWorker): Promise<RenderDone> {
  return new Promise((resolve, reject) => {
    const worker = started?.worker ?? startRenderWorker();
    // A started worker was unreferenced: while it has a job, the build waits for it.
    worker.ref();
    worker.once('message', (done: RenderDone) => {
      resolve(done);
      void worker.terminate();
    });
    if (started) void started.failure.then(reject);
    else worker.once('error', reject);
    worker.postMessage(job);
  });
}

function startRenderWorker(): Worker {
  return startWorker('render-worker', WORKER);
}
