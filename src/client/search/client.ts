// The page's side of search: starts the worker on first use and turns its messages into promises.
import type { EngineOptions, SearchHit } from '../../shared/search/engine.ts';
import type { WorkerRequest, WorkerResponse } from './answers.ts';

export interface SearchClient {
  /**
   * Hits for a query, best first. Starts the worker on the first call; each query loads the index files it needs.
   * The worker answers each asker (a search box, the search page) one query at a time, and only its newest: a query
   * that a newer one from the same asker replaced before the worker began it gives `undefined`.
   */
  query(query: string, limit: number, asker: string): Promise<SearchHit[] | undefined>;
  /**
   * Starts the worker, which reads the index's manifest, without a query: called at the first sign that the reader
   * will search (a pointer over the search box, focus in it, the shortcut), never on a plain page view.
   */
  prepare(): void;
}

/** Where the worker and its data are, and the engine's options, which the worker is given. */
export type SearchClientOptions = EngineOptions & { workerUrl: string; indexUrl: string };

export function createSearchClient({ workerUrl, indexUrl, ...engine }: SearchClientOptions): SearchClient {
  let worker: Worker | undefined;
  let answers: BroadcastChannel | undefined;
  let next = 0;
  const pending = new Map<number, { resolve: (hits?: SearchHit[]) => void; reject: (error: Error) => void }>();
  const start = () => {
    worker = new Worker(workerUrl);
    answers = answerChannel();
    const receive = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'ready') return;
      if (data.type === 'error' && data.id === undefined) {
        // The data could not be loaded: every waiting query fails, and the next one starts a new worker.
        for (const { reject } of pending.values()) reject(new Error(data.message));
        pending.clear();
        worker?.terminate();
        worker = undefined;
        answers?.close();
        answers = undefined;
        return;
      }
      const waiting = pending.get(data.id!);
      pending.delete(data.id!);
      if (data.type === 'results') waiting?.resolve(data.hits);
      else if (data.type === 'dropped') waiting?.resolve(undefined);
      else waiting?.reject(new Error(data.message));
    };
    worker.onmessage = receive;
    if (answers) answers.onmessage = receive;
    const init: WorkerRequest = { type: 'init', indexUrl, options: engine, channel: answers?.name };
    worker.postMessage(init);
  };
  const prepare = () => {
    if (!worker) start();
  };
  return {
    prepare,
    query(query, limit, asker) {
      prepare();
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: WorkerRequest = { type: 'query', id, query, limit, asker };
        worker!.postMessage(request);
      });
    },
  };
}

/**
 * The channel the worker answers on: a BroadcastChannel of a name no other page has, where the browser has one.
 * Chromium holds a worker's posted messages back after a key press until it has drawn the key's frame (the page shows
 * the key sooner), so an answer ready 3 ms after the key, posted, is drawn a frame later (16.7 ms); a
 * BroadcastChannel's message is not held back, and the answer is drawn in the key's own frame when it is ready
 * before that frame begins. Measured with keys typed at full speed: the last key to the final list in 19-31 ms
 * through postMessage, 8-19 ms through the channel.
 */
function answerChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const id = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
  return new BroadcastChannel(`egdocs-search-${id}`);
}
