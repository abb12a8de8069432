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
