// How the search worker answers the page: on `init` (the first sign of a search) it reads the index's manifest,
// which on most sites holds the vocabularies too (site-index.ts); the first query loads the few postings and texts it
// needs (src/shared/search/engine.ts) and answers; then the worker loads in the background what the manifest says
// later queries will need (all of a small site's index, a large one's postings), so that they answer from memory.
// Each asker (a search box, the search page) is answered one query at a time, and only its newest (asker-queue.ts).
// worker.ts only wires this to the worker's scope, so that node can test it.
import { type Engine, type EngineOptions, type SearchHit, Superseded } from '../../shared/search/engine.ts';
import { AskerQueue } from './asker-queue.ts';
import { type IndexHost, SiteIndex } from './site-index.ts';

export type QueryRequest = { type: 'query'; id: number; query: string; limit: number; asker: string };
export type WorkerRequest =
  /** `channel`: the name of the BroadcastChannel to answer on (client.ts answerChannel); else postMessage. */
  { type: 'init'; indexUrl: string; options: EngineOptions; channel?: string } | QueryRequest;
export type WorkerResponse =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; hits: SearchHit[]; ms: number }
  /** A newer query from the same asker came before this one was answered: it is not answered. */
  | { type: 'dropped'; id: number }
  | { type: 'error'; id?: number; message: string };

/** What the worker's global scope gives: the page to answer, the network, and the worker script's address. */
export interface WorkerScope extends IndexHost {
  post(message: WorkerResponse): void;
}

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
  const index = new SiteIndex(scope);
  const queue: AskerQueue<QueryRequest> = new AskerQueue({
    answer: (message, superseded) => answer(message, superseded),
    drop: ({ id }) => scope.post({ type: 'dropped', id }),
    shortQueryWaitMs,
  });
  const recent = new RecentQueries();
  const fillLater = fillScheduler(fillAfterMs, () => queue.idle(), {
    recent,
    // A warm-up query gives way to the reader's at its first check.
    busy: async () => queue.busy,
  });

  /** Answers a query: its hits, or the error that stopped it. Never throws. */
  const answer = async (message: QueryRequest, superseded: () => Promise<boolean>) => {
    try {
      await index.use(async (engine) => {
        const begun = performance.now();
        const hits = await engine.search(message.query, message.limit, superseded);
        scope.post({ type: 'results', id: message.id, hits, ms: performance.now() - begun });
        recent.add(message);
        fillLater(engine);
      });
    } catch (error) {
      if (error instanceof Superseded) scope.post({ type: 'dropped', id: message.id });
      else scope.post({ type: 'error', id: message.id, message: (error as Error).message });
    }
  };

  return (message) => {
    if (message.type === 'query') return queue.ask(message);
    const begun = performance.now();
    index.open(message.indexUrl, message.options).then(
      () => scope.post({ type: 'ready', ms: performance.now() - begun }),
      (error: Error) => scope.post({ type: 'error', message: error.message }),
    );
  };
}

/**
 * The reader has searched: once they pause (`afterMs` after the last answer), what the next queries need loads in
 * the background (Manifest.fill), so that none of them waits on the network; a file at a time, and only while no
 * query is being answered (`idle`). Then, once per engine, the queries answered lately run again, their answers
 * thrown away: their files are loaded, so nothing is fetched, and the engine's code is then compiled for speed
 * (a fresh worker's first queries take several times as long: 2-9 ms against under 1 ms here), which is the
 * difference between the next key's answer reaching its frame or the one after.
 */
function fillScheduler(
  afterMs: number,
  idle: () => Promise<void>,
  warm: { recent: RecentQueries; busy: () => Promise<boolean> },
): (engine: Engine) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const warmed = new WeakSet<Engine>();
  return (engine) => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      await engine.fill(idle);
      if (warmed.has(engine)) return;
      warmed.add(engine);
      for (const { query, limit } of warm.recent.list()) {
        await idle();
        // A newer query stops the warm-up (Superseded); an error is the real query's to report, not this one's.
        if (
          !(await engine.search(query, limit, warm.busy).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    }, afterMs);
  };
}

/** The last few distinct queries answered, with their limits (fillScheduler's warm-up). */
class RecentQueries {
  private readonly queries = new Map<string, number>();

  add({ query, limit }: { query: string; limit: number }): void {
    this.queries.delete(query);
    this.queries.set(query, limit);
    if (this.queries.size > RECENT_QUERIES) this.queries.delete(this.queries.keys().next().value!);
  }

  list(): { query: string; limit: number }[] {
    return [...this.queries].map(([query, limit]) => ({ query, limit }));
  }
}

/** How many answered queries the warm-up runs again. */
const RECENT_QUERIES = 6;
