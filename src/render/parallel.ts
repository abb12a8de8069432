// The render stage across threads, for large sites: renderToString is most of a big build and runs one page at a
// time, so the routes are cut into contiguous runs and each extra core renders one in a worker while this thread
// renders the first. Output order and content are the same as rendering in one thread.
import { EarlyWorkers, runJob, type StartedWorker, usableCores } from '../threads/worker-thread.ts';
import { AheadWriter, writtenAhead } from '../threads/write-ahead.ts';
import type { OutputFile } from '../shared/model/types.ts';
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

/** Threads to render every route with, by default: one below PARALLEL_MIN_ROUTES, else the cores (usableCores). */
export function renderThreads(routes: number): number {
  return routes < PARALLEL_MIN_ROUTES ? 1 : usableCores();
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

/**
 * Renders every route, using `threads` threads (this one included); templates must be the compiled-in ones. Each
 * thread writes its routes' files into `writeTo` when given (write-ahead.ts).
 */
export function renderInParallel(
  context: RenderContext,
  options: RenderOptions,
  threads: number,
  writeTo?: string,
): Promise<OutputFile[]> {
  const { root, shareSidebars, memo } = options;
  const workers = new RenderWorkers(threads - 1).take();
  const keys = memo !== undefined;
  return startRenderInParallel(context, { root, shareSidebars, keys, writeTo }, workers).finish(options);
}

/**
 * The render across threads in two parts: the `workers` get their routes now, and `finish` renders this thread's
 * share and gathers theirs. In between this thread may do other work (the build makes the search index), for which
 * `ownShare` leaves it fewer routes than each worker gets.
 */
export function startRenderInParallel(
  context: RenderContext,
  { root, shareSidebars, keys, writeTo }: { root: string; shareSidebars?: boolean; keys: boolean; writeTo?: string },
  workers: StartedWorker[],
  ownShare = 1 / (workers.length + 1),
): { finish(options: RenderOptions): Promise<OutputFile[]> } {
  const routes = context.site.routes;
  const own = Math.ceil(routes.length * ownShare);
  const size = Math.ceil((routes.length - own) / workers.length);
  const { chrome, assets, generator, lateUrls } = context;
  // Each worker gets only what rendering reads: the config, the sidebars and its own routes.
  const jobs = workers.map((worker, i) => {
    const slice = routes.slice(own + i * size, own + (i + 1) * size);
    const site = {
      config: context.site.config,
      sidebars: context.site.sidebars,
      routes: slice,
    } as RenderContext['site'];
    const job: RenderJob = {
      context: { site, chrome, assets, generator, lateUrls },
      root,
      keys,
      shareSidebars,
      writeTo,
    };
    return runJob(worker, job, (done: RenderDone) => done);
  });
  // A worker that fails while this thread is busy elsewhere is reported by finish, not as an unhandled rejection.
  const all = Promise.all(jobs);
  all.catch(() => {});
  return {
    async finish(options) {
      // This thread writes its routes ahead too: held until the write step, they were a fifth of a large build's memory.
      const ahead = writeTo === undefined ? undefined : new AheadWriter(writeTo);
      const emit = ahead && ((files: OutputFile[]) => writtenAhead(ahead.folder, ahead.write(files)));
      const ownRoutes = { ...context, site: { ...context.site, routes: routes.slice(0, own) } };
      const mine = await renderRoutes(ownRoutes, { ...options, emit });
      const done = (await all).map((result) => ({
        ...result,
        files: result.written ? writtenAhead(writeTo!, result.written) : result.files,
      }));
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
