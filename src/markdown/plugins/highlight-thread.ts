// Shiki in a worker thread of its own (highlight-worker.ts), for a build where Shiki has to start from nothing: the
// worker loads Shiki and highlights blocks as this thread's pages send them, while this thread goes on parsing.
//
// Most of a cold highlight is Oniguruma compiling a grammar's patterns on its first use (1.5 of 1.65 s for this
// repository's 208 blocks), and the worker meets the grammars in the order the pages use them. When this thread has
// parsed every page while the worker is still behind, it loads Shiki too and takes grammars the worker has not begun,
// from the last one the worker would reach, one at a time, until the two meet. A grammar belongs to the thread that
// claims it first, and that thread highlights all its blocks, so that no grammar is compiled twice. The claims are
// in shared memory: neither thread waits for the other to answer.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../threads/worker-thread.ts';
import { blockHtml, type FenceInfo, grammarOf, grammarsOf, type HighlightOptions, loadShiki } from './shiki.ts';

/** What the highlight worker is started with: the themes, the site's fence languages and the shared claims. */
export interface HighlightJob {
  themes: HighlightOptions['themes'];
  langs: string[];
  claims: SharedArrayBuffer;
  /** Set to 1 by the worker once it has loaded Shiki. */
  loaded: SharedArrayBuffer;
}
/** A block: its cache key, its code and fence, and its grammar's slot among the claims (-1: always the worker's). */
export type Block = [key: string, code: string, info: FenceInfo, slot: number];
export type HighlightMessage = { blocks: Block[] } | { end: true };
export type HighlightDone = { results: [key: string, html: string][] } | { error: string };

/** A grammar's slot: not claimed yet, the worker's, or this thread's. */
const FREE = 0;
const WORKER = 1;
const HERE = 2;

/**
 * This thread helps only when the worker has at least this many grammars left to begin: loading Shiki here costs
 * about 0.35 s, what compiling two or three grammars on first use does (TypeScript's 0.17 s, Bash's 0.05 s).
 */
const MIN_LEFT = 3;

/** Blocks sent to the worker at a time: one message per block costs more than highlighting some of them. */
const BATCH = 32;

/** The highlight worker as this thread sees it: blocks in, their HTML out at the end, grammars claimed in between. */
export class HighlightThread {
  private worker: Worker;
  private batch: Block[] = [];
  private done: Promise<[string, string][]>;
  /** A slot per grammar, in the order this thread first sent a block of it (the order the worker meets them). */
  private claims: Int32Array;
  private loaded = new Int32Array(new SharedArrayBuffer(4));
  private slots = new Map<string, number>();
  /** The blocks of each slot, for this thread to highlight should it claim the slot. */
  private blocksOf: Block[][] = [];

  /** `langs`: every fence language of the site, which gives the most grammars a build can meet. */
  constructor(themes: HighlightOptions['themes'], langs: string[]) {
    const claims = new SharedArrayBuffer(4 * (new Set(langs.map(grammarOf)).size + 1));
    this.claims = new Int32Array(claims);
    const job: HighlightJob = { themes, langs, claims, loaded: this.loaded.buffer as SharedArrayBuffer };
    this.worker = startWorker('highlight-worker', new URL('../highlight-worker.ts', import.meta.url), {
      workerData: job,
    });
    this.done = new Promise((resolve, reject) => {
      this.worker.once('message', (done: HighlightDone) =>
        'results' in done ? resolve(done.results) : reject(new Error(done.error)),
      );
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(new Error('the highlight worker stopped')));
    });
    // Settled here too, so that a worker failing before `results` is asked for is not an unhandled rejection; and
    // not keeping the process alive until then (a build that stops early does not wait for it).
    this.done.catch(() => {});
    this.worker.unref();
  }

  add(key: string, code: string, info: FenceInfo): void {
    const grammar = grammarOf(info.lang) ?? '';
    let slot = this.slots.get(grammar);
    if (slot === undefined && this.slots.size < this.claims.length) {
      slot = this.slots.size;
      this.slots.set(grammar, slot);
      this.blocksOf.push([]);
    }
    const block: Block = [key, code, info, slot ?? -1];
    if (slot !== undefined) this.blocksOf[slot].push(block);
    this.batch.push(block);
    if (this.batch.length >= BATCH) this.send();
  }

  /** Sends the blocks added since the last batch. */
  send(): void {
    if (this.batch.length === 0) return;
    this.worker.postMessage({ blocks: this.batch } satisfies HighlightMessage);
    this.batch = [];
  }

  /**
   * Whether this thread should take a share: the worker has loaded Shiki (until then it is ahead of this thread, which
   * would have to load Shiki too) and has MIN_LEFT grammars or more that it has not begun.
   */
  get behind(): boolean {
    if (Atomics.load(this.loaded, 0) === 0) return false;
    let left = 0;
    for (let slot = this.slots.size - 1; slot >= 0 && Atomics.load(this.claims, slot) === FREE; slot--) left++;
    return left >= MIN_LEFT;
  }

  /**
   * The blocks of the last grammar nobody has claimed, now this thread's to highlight; undefined once the worker has
   * claimed every grammar left. The worker claims from the first slot on, so the first slot found claimed ends it.
   */
  claimLast(): Block[] | undefined {
    for (let slot = this.slots.size - 1; slot >= 0; slot--) {
      const was = Atomics.compareExchange(this.claims, slot, FREE, HERE);
      if (was === FREE) return this.blocksOf[slot];
      if (was === WORKER) return undefined;
    }
    return undefined;
  }

  /** Stops the worker, its results unasked for. */
  close(): void {
    void this.worker.terminate();
  }

  /** The HTML of every block the worker highlighted (those of the grammars it claimed); the worker then ends. */
  async results(): Promise<[string, string][]> {
    this.send();
    this.worker.postMessage({ end: true } satisfies HighlightMessage);
    this.worker.ref();
    try {
      return await this.done;
    } finally {
      void this.worker.terminate();
    }
  }
}

/**
 * The worker's side: Shiki loaded once, each block highlighted as it comes (unless this thread has claimed its
 * grammar), the results sent at the end.
 */
export function serveHighlightJob(
  job: HighlightJob,
  port: {
    on(event: 'message', listener: (message: HighlightMessage) => void): void;
    postMessage(done: HighlightDone): void;
  },
): void {
  const claims = new Int32Array(job.claims);
  const ready = (async () => {
    const { ids } = await grammarsOf(job.langs);
    const loaded = new Set(ids);
    const shiki = await loadShiki(job.themes, loaded);
    Atomics.store(new Int32Array(job.loaded), 0, 1);
    return { shiki, loaded };
  })();
  const results: [string, string][] = [];
  // Messages are handled in the order they came: each waits for the same `ready`.
  port.on('message', (message) => {
    ready.then(
      ({ shiki, loaded }) => {
        if (!('blocks' in message)) return port.postMessage({ results });
        for (const [key, code, info, slot] of message.blocks)
          if (slot < 0 || Atomics.compareExchange(claims, slot, FREE, WORKER) !== HERE)
            results.push([key, blockHtml(shiki, loaded, job.themes, code, info)]);
      },
      (error: unknown) => {
        if ('end' in message) port.postMessage({ error: String(error) });
      },
    );
  });
}
