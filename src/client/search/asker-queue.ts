// How the search worker takes queries in (answers.ts). Each asker (a search box, the search page) is answered one
// query at a time, and only its newest: a query that a newer one from the same asker replaced before it was begun is
// dropped. A keystroke posts a query, so a slow query (a slow network, a long paste) would otherwise leave a queue of
// stale ones to work through before the query the reader sees in the field.

/** A query as the queue sees it: its id, its text and who asked. */
export interface Queued {
  id: number;
  query: string;
  asker: string;
}

export interface AskerQueueOptions<Q extends Queued> {
  /**
   * Answers a query; never throws. `superseded`: whether a newer query of its asker waits, which drops this one at
   * its next wait for index files (a first search, typed faster than the index loads, answers the last query sooner).
   */
  answer(query: Q, superseded: () => Promise<boolean>): Promise<void>;
  /** Told of a query that a newer one from its asker replaced before it was begun. */
  drop(query: Q): void;
  /** How long a query of one or two letters waits for a newer one before it is answered. */
  shortQueryWaitMs: number;
}

/** An asker being answered: its newest query waiting, and what ends a short query's wait when a newer one comes. */
interface Asker<Q> {
  waiting?: Q;
  wake?: () => void;
}

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

/** The askers with a query being answered, each with the newest of its queries waiting. */
export class AskerQueue<Q extends Queued> {
  private readonly askers = new Map<string, Asker<Q>>();
  private whenIdle: { promise: Promise<void>; resolve: () => void } | undefined;

  constructor(private readonly options: AskerQueueOptions<Q>) {}

  /** Takes a query in: answered once its asker's query being answered is done, unless a newer one comes first. */
  ask(message: Q): void {
    const busy = this.askers.get(message.asker);
    if (busy) {
      if (busy.waiting) this.options.drop(busy.waiting);
      busy.waiting = message;
      busy.wake?.();
      return;
    }
    const asker: Asker<Q> = { waiting: message };
    this.askers.set(message.asker, asker);
    void this.answerInTurn(message.asker, asker);
  }

  /** Whether an asker has a query being answered or waiting. */
  get busy(): boolean {
    return this.askers.size > 0;
  }

  /**
   * Resolves after a turn of the event loop (a query posted meanwhile is received), once no asker has a query being
   * answered or waiting: the background fill goes on then.
   */
  async idle(): Promise<void> {
    await nextTurn();
    if (this.askers.size === 0) return;
    if (!this.whenIdle) {
      let resolve!: () => void;
      this.whenIdle = { promise: new Promise<void>((done) => (resolve = done)), resolve };
    }
    return this.whenIdle.promise;
  }

  /** Answers an asker's newest query, then the one that came meanwhile, until none waits. */
  private async answerInTurn(name: string, asker: Asker<Q>): Promise<void> {
    for (;;) {
      await nextTurn();
      const next = await this.newest(asker);
      if (!next) break;
      asker.waiting = undefined;
      // Asked at each wait for index files and after each costly part of the search; once the query has taken a
      // few milliseconds, with a turn of the event loop first, so that a key typed meanwhile is seen.
      const begun = performance.now();
      await this.options.answer(next, async () => {
        if (performance.now() - begun > PREEMPT_AFTER_MS) await nextTurn();
        return asker.waiting !== undefined;
      });
    }
    this.askers.delete(name);
    if (this.askers.size === 0 && this.whenIdle) {
      this.whenIdle.resolve();
      this.whenIdle = undefined;
    }
  }

  /**
   * The asker's newest query. A query of one or two letters matches a large part of a large site (60-90 ms at
   * 10,000 pages) and is rarely what the reader is after: it waits a moment for the next key, which replaces it.
   */
  private async newest(asker: Asker<Q>): Promise<Q | undefined> {
    for (let short = asker.waiting; short && short.query.trim().length <= 2;) {
      await this.shortWait(asker);
      asker.wake = undefined;
      // Replaced by a newer query: that one, if short too, waits in turn.
      if (asker.waiting === short) break;
      short = asker.waiting;
    }
    return asker.waiting;
  }

  /** Waits shortQueryWaitMs, or until the asker's next query comes. */
  private shortWait(asker: Asker<Q>): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.shortQueryWaitMs);
      asker.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
