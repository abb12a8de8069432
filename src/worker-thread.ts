// Starting a worker thread on a module of its own (the render stage's, the highlighter's). Compiled, the module is
// an entry of dist/ (scripts/compile.js). Running the sources (tests, benchmarks under tsx), it is the .ts file, and a
// worker thread does not inherit the `--import tsx` hooks, so a small module registers them first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { codeFolder } from './build-store.ts';

/** A worker on dist/`compiled`.js, or on the module `source` when egdocs runs from its sources. */
export function startWorker(compiled: string, source: URL, options?: WorkerOptions): Worker {
  if (!fileURLToPath(import.meta.url).endsWith('.ts'))
    return new Worker(path.join(codeFolder(), `${compiled}.js`), options);
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(source.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}

/** A worker started ahead of its job, and the error it failed with, should it fail before the job ends. */
export interface StartedWorker {
  worker: Worker;
  failure: Promise<Error>;
}

/**
 * Workers started before a build step needs them (render/parallel.ts, markdown/parallel.ts), so that their modules
 * load while this thread works on the steps before. Until a job is sent they do not keep the process alive; a build
 * that does not use them closes them.
 */
export class EarlyWorkers {
  private readonly started: StartedWorker[];

  constructor(compiled: string, source: URL, count: number) {
    this.started = Array.from({ length: count }, () => {
      const worker = startWorker(compiled, source);
      // A worker that fails before its job is a failed job, reported when the job is sent.
      const failure = new Promise<Error>((fail) => worker.once('error', fail));
      worker.unref();
      return { worker, failure };
    });
  }

  get count(): number {
    return this.started.length;
  }

  /** The workers, for one job each: a worker taken is the caller's to `ref` while it works, and to terminate. */
  take(): StartedWorker[] {
    return this.started.splice(0);
  }

  /** Stops the workers no job took. */
  close(): void {
    for (const { worker } of this.take()) void worker.terminate();
  }
}
