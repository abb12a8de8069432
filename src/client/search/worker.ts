// The search worker: on the first sign that the reader will search, it reads the index's manifest; each query then
// loads the few index files it needs (src/shared/search/engine.ts) and answers. The page never waits on it: it only
// posts messages.
import {
  createEngine,
  type Engine,
  type EngineOptions,
  readManifest,
  type SearchHit,
} from '../../shared/search/engine.ts';
import { fileName } from '../../shared/search/format.ts';

export type WorkerRequest =
  | { type: 'init'; indexUrl: string; options: EngineOptions }
  | { type: 'query'; id: number; query: string; limit: number };
export type WorkerResponse =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; hits: SearchHit[]; ms: number }
  | { type: 'error'; id?: number; message: string };

const scope = self as unknown as {
  onmessage: (event: MessageEvent<WorkerRequest>) => void;
  postMessage(message: WorkerResponse): void;
};
let engine: Promise<Engine> | undefined;

/** One of the index's files, parsed; a failed request or a file that is not JSON is an error naming the file. */
async function fetchJson(url: URL, name: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index file ${name}: ${response.status} ${response.statusText}`.trim());
  try {
    return await response.json();
  } catch {
    throw new Error(`search index file ${name} is damaged`);
  }
}

scope.onmessage = async ({ data: message }) => {
  if (message.type === 'init') {
    const start = performance.now();
    const manifestUrl = new URL(message.indexUrl, location.href);
    engine = fetchJson(manifestUrl, 'manifest').then((value) => {
      const manifest = readManifest(value);
      return createEngine(
        manifest,
        (name) => fetchJson(new URL(fileName(name, manifest.hash), manifestUrl), name),
        message.options,
      );
    });
    engine.then(
      () => scope.postMessage({ type: 'ready', ms: performance.now() - start }),
      (error: Error) => scope.postMessage({ type: 'error', message: error.message }),
    );
    return;
  }
  try {
    const ready = await engine!;
    const start = performance.now();
    const hits = await ready.search(message.query, message.limit);
    scope.postMessage({ type: 'results', id: message.id, hits, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ type: 'error', id: message.id, message: (error as Error).message });
  }
};
