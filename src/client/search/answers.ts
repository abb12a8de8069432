// How the search worker answers the page: on `init` it reads the index's manifest; each query then loads the few
// index files it needs (src/shared/search/engine.ts) and answers. worker.ts only wires this to the worker's scope,
// so that node can test it.
//
// Each asker (a search box, the search page) is answered one query at a time, and only its newest: a query that a
// newer one from the same asker replaced before it was begun is dropped. A keystroke posts a query, so a slow query
// (a slow network, a long paste) would otherwise leave a queue of stale ones to work through before the query the
// reader sees in the field.
import {
  createEngine,
  type Engine,
  type EngineOptions,
  readManifest,
  type SearchHit,
} from '../../shared/search/engine.ts';
import { indexFileName } from '../../shared/search/format.ts';

export type QueryRequest = { type: 'query'; id: number; query: string; limit: number; asker: string };
export type WorkerRequest = { type: 'init'; indexUrl: string; options: EngineOptions } | QueryRequest;
export type WorkerResponse =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; hits: SearchHit[]; ms: number }
  /** A newer query from the same asker came before this one was begun: it is not answered. */
  | { type: 'dropped'; id: number }
  | { type: 'error'; id?: number; message: string };

/** What the worker's global scope gives: the page to answer, the network, and the worker script's address. */
export interface WorkerScope {
  post(message: WorkerResponse): void;
  fetch(url: URL, init?: RequestInit): Promise<Response>;
  /** What the index's URL is relative to. */
  href: string;
}

/** A file the manifest names is not on the server: the site was deployed again since the manifest was read. */
class FileGone extends Error {}

/** One turn of the event loop: the messages the page posted meanwhile are received first. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The worker's message handler. */
export function answerSearches(scope: WorkerScope): (message: WorkerRequest) => void {
  let engine: Promise<Engine> | undefined;
  let indexUrl = '';
  let options: EngineOptions;

  /**
   * One of the index's files, parsed; a failed request or a file that is not JSON is an error naming the file. The
   * manifest's name stays the same from one deploy to the next: it is revalidated (`no-cache`), never taken from a
   * cache unasked, so it names the index files the server has now.
   */
  const fetchJson = async (url: URL, name: string): Promise<unknown> => {
    const response = await scope.fetch(url, name === 'manifest' ? { cache: 'no-cache' } : undefined);
    if (!response.ok) {
      const message = `search index file ${name}: ${response.status} ${response.statusText}`.trim();
      throw response.status === 404 && name !== 'manifest' ? new FileGone(message) : new Error(message);
    }
    try {
      return await response.json();
    } catch {
      throw new Error(`search index file ${name} is damaged`);
    }
  };

  /** Reads the manifest and makes an engine that loads the files it names as queries need them. */
  const start = (): Promise<Engine> => {
    const manifestUrl = new URL(indexUrl, scope.href);
    return fetchJson(manifestUrl, 'manifest').then((value) => {
      const manifest = readManifest(value);
      return createEngine(
        manifest,
        (name) => fetchJson(new URL(indexFileName(name, manifest), manifestUrl), name),
        options,
      );
    });
  };

  /** Answers a query: its hits, or the error that stopped it. Never throws. */
  const answer = async (message: QueryRequest) => {
    const search = async (current: Promise<Engine>) => {
      const ready = await current;
      const begun = performance.now();
      const hits = await ready.search(message.query, message.limit);
      scope.post({ type: 'results', id: message.id, hits, ms: performance.now() - begun });
    };
    const used = engine!;
    try {
      try {
        await search(used);
      } catch (error) {
        // A page open across a deploy holds the manifest of the site before it: read the new one, and ask again.
        // Other askers' queries failed the same way; the first to fail reads it, the others wait for that one.
        if (!(error instanceof FileGone)) throw error;
        if (engine === used) engine = start();
        await search(engine!);
      }
    } catch (error) {
      scope.post({ type: 'error', id: message.id, message: (error as Error).message });
    }
  };

  // The askers with a query being answered, each with the newest of its queries waiting.
  const askers = new Map<string, { waiting?: QueryRequest }>();
  const ask = (message: QueryRequest) => {
    const busy = askers.get(message.asker);
    if (busy) {
      if (busy.waiting) scope.post({ type: 'dropped', id: busy.waiting.id });
      busy.waiting = message;
      return;
    }
    const asker: { waiting?: QueryRequest } = { waiting: message };
    askers.set(message.asker, asker);
    void (async () => {
      for (;;) {
        await nextTurn();
        const next = asker.waiting;
        if (!next) break;
        asker.waiting = undefined;
        await answer(next);
      }
      askers.delete(message.asker);
    })();
  };

  return (message) => {
    if (message.type === 'query') return ask(message);
    const begun = performance.now();
    ({ indexUrl, options } = message);
    engine = start();
    engine.then(
      () => scope.post({ type: 'ready', ms: performance.now() - begun }),
      (error: Error) => scope.post({ type: 'error', message: error.message }),
    );
  };
}
