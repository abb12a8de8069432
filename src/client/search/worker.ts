// The search worker: fetches the search data on first use, builds the lunr index off the main thread, and answers
// queries. The page never waits on it: it only posts messages.
import { createEngine, type Engine, type EngineOptions, type SearchHit } from './engine.ts';

export type WorkerRequest = { type: 'init'; dataUrl: string; options: EngineOptions } | { type: 'query'; id: number; query: string; limit: number };
export type WorkerResponse = { type: 'ready'; ms: number } | { type: 'results'; id: number; hits: SearchHit[]; ms: number } | { type: 'error'; id?: number; message: string };

const scope = self as unknown as { onmessage: (event: MessageEvent<WorkerRequest>) => void; postMessage(message: WorkerResponse): void };
let engine: Promise<Engine> | undefined;

scope.onmessage = async ({ data: message }) => {
  if (message.type === 'init') {
    const start = performance.now();
    engine = fetch(message.dataUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`search data: ${response.status} ${response.statusText}`);
        return response.json();
      })
      .then((data) => createEngine(data, message.options));
    engine.then(
      () => scope.postMessage({ type: 'ready', ms: performance.now() - start }),
      (error: Error) => scope.postMessage({ type: 'error', message: error.message }),
    );
    return;
  }
  try {
    const ready = await engine!;
    const start = performance.now();
    const hits = ready.search(message.query, message.limit);
    scope.postMessage({ type: 'results', id: message.id, hits, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ type: 'error', id: message.id, message: (error as Error).message });
  }
};
