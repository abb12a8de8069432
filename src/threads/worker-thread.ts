// Starting a worker thread on a module of its own (the render stage's, the highlighter's). Compiled, the module is
// an entry of dist/ (scripts/compile.js). Running the sources (tests, benchmarks under tsx), it is the .ts file, and a
// worker thread does not inherit the `--import tsx` hooks, so a small module registers them first.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { codeFolder } from '../incremental/build-store.ts';

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

/** Threads a build may use, this one included: the cores the process may use, at most 4 (each holds its share). */
export function usableCores(): number {
  return Math.min(4, os.availableParallelism());
}

/**
 * Sends `job` to a started worker and resolves with the answer `answer` finds in its messages (it sees every one,
 * the answer's too); the worker is stopped then. The build waits for a worker while it has a job.
 */
export function runJob<Message, Answer>(
  { worker, failure }: StartedWorker,
  job: unknown,
  answer: (message: Message) => Answer | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    worker.ref();
    worker.on('message', (message: Message) => {
      const found = answer(message);
      if (found === undefined) return;
      resolve(found);
      void worker.terminate();
    });
    void failure.then(reject);
    // A worker that ends without answering (and without an error) must not leave the build waiting for ever.
    worker.once('exit', (code) => reject(new Error(`the worker stopped (exit code ${code}) before its answer`)));
    worker.postMessage(job);
  });
}
