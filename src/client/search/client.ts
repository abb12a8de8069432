// The page's side of search: starts the worker on first use and turns its messages into promises.
import type { SearchHit } from './engine.ts';
import type { WorkerRequest, WorkerResponse } from './worker.ts';

export interface SearchClient {
  /** Hits for a query, best first. Starts the worker (and the data download) on the first call. */
  query(query: string, limit: number): Promise<SearchHit[]>;
}

export interface SearchClientOptions {
  workerUrl: string;
  dataUrl: string;
  baseUrl: string;
  bm25: { b: number; k1: number };
  excerptLength: number;
}

export function createSearchClient(options: SearchClientOptions): SearchClient {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, { resolve: (hits: SearchHit[]) => void; reject: (error: Error) => void }>();
  const start = () => {
    worker = new Worker(options.workerUrl);
    worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
      if (data.type === 'results') pending.get(data.id)?.resolve(data.hits);
      else if (data.type === 'error') {
        // A failed data download fails every waiting query; the next query tries again with a new worker.
        const failed = data.id === undefined ? [...pending.keys()] : [data.id];
        for (const id of failed) pending.get(id)?.reject(new Error(data.message));
        if (data.id === undefined) {
          worker?.terminate();
          worker = undefined;
        }
      }
      if (data.type !== 'ready') (data.type === 'results' || data.id !== undefined) && pending.delete(data.id!);
    };
    const init: WorkerRequest = { type: 'init', dataUrl: options.dataUrl, options: { baseUrl: options.baseUrl, bm25: options.bm25, excerptLength: options.excerptLength } };
    worker.postMessage(init);
  };
  return {
    query(query, limit) {
      if (!worker) start();
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: WorkerRequest = { type: 'query', id, query, limit };
        worker!.postMessage(request);
      });
    },
  };
}
