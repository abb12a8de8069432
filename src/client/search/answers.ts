// How the search worker answers the page: on `init` (the first sign of a search) it reads the index's manifest,
// which on most sites holds the vocabularies too; the first query loads the few postings and texts it needs
// (src/shared/search/engine.ts) and answers; then the worker loads in the background what the manifest says later
// queries will need (all of a small site's index, a large one's postings), so that they answer from memory.
// worker.ts only wires this to the worker's scope, so that node can test it.
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
  Superseded,
} from '../../shared/search/engine.ts';
import { indexFileName } from '../../shared/search/format.ts';

export type QueryRequest = { type: 'query'; id: number; query: string; limit: number; asker: string };
export type WorkerRequest = { type: 'init'; indexUrl: string; options: EngineOptions } | QueryRequest;
export type WorkerResponse =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; hits: SearchHit[]; ms: number }
  /** A newer query from the same asker came before this one was answered: it is not answered. */
  | { type: 'dropped'; id: number }
  | { type: 'error'; id?: number; message: string };

/** What the worker's global scope gives: the page to answer, the network, and the worker script's address. */
export interface WorkerScope {
  post(message: WorkerResponse): void;
  fetch(url: URL, init?: RequestInit): Promise<Response>;
  /** What the index's URL is relative to. */
  href: string;
}

/** An asker being answered: its newest query waiting, and what ends a short query's wait when a newer one comes. */
interface Asker {
  waiting?: QueryRequest;
  wake?: () => void;
}

/** A file the manifest names is not on the server: the site was deployed again since the manifest was read. */
class FileGone extends Error {}

/** One turn of the event loop: the messages the page posted meanwhile are received first. */
const nextTurn = (): Promise<void> => {
  // A message to itself, not setTimeout(0): a timer waits a millisecond or more (4 ms once nested), and this turn is
  // taken before every answer.
  const { port1, port2 } = new MessageChannel();
  return new Promise<void>((resolve) => {
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
};

/** A query that has run this long takes a turn of the event loop at each check whether a newer one came. */
const PREEMPT_AFTER_MS = 2;

/** How long a query of one or two letters waits for a newer one before it is answered. */
const SHORT_QUERY_WAIT_MS = 25;
/**
 * How long after an answer, with no newer query, the background fill starts (see answer): the reader has searched
 * and is reading the suggestions, and the fill does not compete with the keys of a first search.
 */
const FILL_AFTER_MS = 400;

/** The worker's message handler. The options are SHORT_QUERY_WAIT_MS and FILL_AFTER_MS (tests set them). */
export function answerSearches(
  scope: WorkerScope,
  {
    shortQueryWaitMs = SHORT_QUERY_WAIT_MS,
    fillAfterMs = FILL_AFTER_MS,
  }: { shortQueryWaitMs?: number; fillAfterMs?: number } = {},
): (message: WorkerRequest) => void {
  let fillTimer: ReturnType<typeof setTimeout> | undefined;
  /** Waits SHORT_QUERY_WAIT_MS, or until the asker's next query comes. */
  const shortWait = (asker: Asker) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, shortQueryWaitMs);
      asker.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
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

  /**
   * Answers a query: its hits, or the error that stopped it. Never throws. `superseded`: whether a newer query of its
   * asker waits, which drops this one at its next wait for index files (a first search, typed faster than the
   * index loads, answers the last query sooner).
   */
  const answer = async (message: QueryRequest, superseded: () => Promise<boolean>) => {
    const search = async (current: Promise<Engine>) => {
      const ready = await current;
      const begun = performance.now();
      const hits = await ready.search(message.query, message.limit, superseded);
      scope.post({ type: 'results', id: message.id, hits, ms: performance.now() - begun });
      // The reader has searched: once they pause, what the next queries need loads in the background (Manifest.fill),
      // so that none of them waits on the network; a file at a time, and only while no query is being answered.
      clearTimeout(fillTimer);
      fillTimer = setTimeout(() => void ready.fill(idle), fillAfterMs);
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
      if (error instanceof Superseded) scope.post({ type: 'dropped', id: message.id });
      else scope.post({ type: 'error', id: message.id, message: (error as Error).message });
    }
  };

  // The askers with a query being answered, each with the newest of its queries waiting.
  const askers = new Map<string, Asker>();
  /**
   * Resolves after a turn of the event loop (a query posted meanwhile is received), once no asker has a query being
   * answered or waiting: the background fill goes on then.
   */
  let whenIdle: { promise: Promise<void>; resolve: () => void } | undefined;
  const idle = async (): Promise<void> => {
    await nextTurn();
    if (askers.size === 0) return;
    if (!whenIdle) {
      let resolve!: () => void;
      whenIdle = { promise: new Promise<void>((done) => (resolve = done)), resolve };
    }
    return whenIdle.promise;
  };
  const ask = (message: QueryRequest) => {
    const busy = askers.get(message.asker);
    if (busy) {
      if (busy.waiting) scope.post({ type: 'dropped', id: busy.waiting.id });
      busy.waiting = message;
      busy.wake?.();
      return;
    }
    const asker: Asker = { waiting: message };
    askers.set(message.asker, asker);
    void (async () => {
      for (;;) {
        await nextTurn();
        // A query of one or two letters matches a large part of a large site (60-90 ms at 10,000 pages) and is
        // rarely what the reader is after: it waits a moment for the next key, which replaces it (see ask).
        for (let short = asker.waiting; short && short.query.trim().length <= 2;) {
          await shortWait(asker);
          asker.wake = undefined;
          // Replaced by a newer query: that one, if short too, waits in turn.
          if (asker.waiting === short) break;
          short = asker.waiting;
        }
        const next = asker.waiting;
        if (!next) break;
        asker.waiting = undefined;
        // Asked at each wait for index files and after each costly part of the search; once the query has taken a
        // few milliseconds, with a turn of the event loop first, so that a key typed meanwhile is seen.
        const begun = performance.now();
        await answer(next, async () => {
          if (performance.now() - begun > PREEMPT_AFTER_MS) await nextTurn();
          return asker.waiting !== undefined;
        });
      }
      askers.delete(message.asker);
      if (askers.size === 0 && whenIdle) {
        whenIdle.resolve();
        whenIdle = undefined;
      }
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
