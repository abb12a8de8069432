// The markdown stage across threads, for a build that renders many pages (a cold build of a large site): workers
// (markdown/worker.ts) take chunks of pages from the end of the list while this thread renders from the start, until
// the two meet (work-split.ts). Pages do not depend on each other, so the workers' are the pages this thread would
// render: the same HTML, messages and lookups, put in the order of the sources (a test compares them). Code blocks are
// the exception to "on its own": a worker leaves a mark for each block and hands the block to this thread, whose
// highlighter (its cache and its Shiki thread) highlights the blocks of every page, and fills the marks in.
import type { Diagnostic } from '../shared/model/diagnostics.ts';
import { BuildFailed } from '../shared/model/diagnostics.ts';
import type { Page, Source } from '../shared/model/types.ts';
import { EarlyWorkers } from '../threads/worker-thread.ts';
import { WorkSplit } from '../threads/work-split.ts';
import type { FenceInfo } from './plugins/shiki.ts';
import type { CodeHighlighter } from './plugins/highlight.ts';
import type { MarkdownContext, PageWorkers, SharedPages } from './context.ts';
import { type FreshPage, type Lookup, type LookupTables, lookupTables, type ParsedContent } from './parser.ts';

/** What a markdown worker is sent: with the first chunk, what rendering reads; then the sources to render. */
export interface MarkdownJob {
  setup?: {
    config: MarkdownContext['config'];
    /** Every source by file and route (for `.md` links), the texts (for includes) and the assets (for images). */
    content: ParsedContent;
  };
  /** Where the chunk begins among the sources shared: the answer names it. */
  at: number;
  sources: Source[];
}

/** A message from a markdown worker: blocks it marked, and at the end of each chunk its pages. */
export interface MarkdownMessage {
  blocks: { code: string; info: FenceInfo }[];
  done?: { at: number; pages: SentPage[] };
}

/** A FreshPage as a worker sends it: no source (the main thread has it), lookups without values, errors as data. */
export interface SentPage {
  page?: Omit<Page, 'source'>;
  error?: { message: string; diagnostics?: Diagnostic[] };
  diagnostics: Diagnostic[];
  lookups: [table: Lookup[0], key: string][];
  needsHighlighter: boolean;
}

/** The worker: dist/markdown-worker.js when compiled, else worker.ts. */
const WORKER = new URL('./worker.ts', import.meta.url);

/**
 * From this many content files a build with nothing kept starts markdown workers. Shiki's thread takes one core for
 * about a second whatever the size of the site: below this, a worker only competes with it for the two cores this
 * was measured on (1,000 docs: markdown step 1.6-1.8 s in one thread, 2.0-2.3 s with a worker; 10,000 docs: 7.1 s
 * against 6.1 s).
 */
export const MARKDOWN_EARLY_MIN_FILES = 3000;

/** Below this many pages to render, the worker is not worth the copy of the content it needs. */
const MIN_SHARED = 64;

/** Chunks a worker holds at once: while it renders one, the next is on its way. */
const CHUNKS_AHEAD = 2;

/**
 * Markdown workers started with the build (see EarlyWorkers), for a build that will render most pages: they load
 * markdown-it and the plugins while this thread reads and parses the content.
 */
export class MarkdownWorkers extends EarlyWorkers implements PageWorkers {
  constructor(count = 1) {
    super('markdown-worker', WORKER, count);
  }

  /**
   * Shares `sources` with the workers (work-split.ts): they take chunks from the end as they go, while this thread
   * takes sources one by one from the start (`next`). `relay` hands the code blocks they marked so far to `code`
   * and lets their messages in; `done` gives their pages as FreshPages. Undefined when there are too few to share;
   * the workers are closed then.
   */
  share(sources: Source[], context: MarkdownContext, code: CodeHighlighter): SharedPages | undefined {
    if (this.count === 0 || sources.length < MIN_SHARED * (this.count + 1)) {
      this.close();
      return undefined;
    }
    const started = this.take();
    const split = new WorkSplit(sources.length, started.length + 1);
    const { sources: everySource, assets, texts } = context.content;
    // The routes of the other sources are all a worker reads of them (links); their text stays here.
    const routes = everySource.map((source) => ({ file: source.file, route: source.route }) as Source);
    const setup: MarkdownJob['setup'] = { config: context.config, content: { sources: routes, assets, texts } };
    const tables = lookupTables(context.content);
    const blocks: MarkdownMessage['blocks'] = [];
    const theirs = new Map<number, FreshPage>();
    const jobs = started.map(({ worker, failure }) => {
      let first = true;
      let held = 0;
      // Sends the next chunk, if any is left: false when there is none.
      const send = () => {
        const chunk = split.chunk();
        if (!chunk) return false;
        held++;
        const job: MarkdownJob = {
          setup: first ? setup : undefined,
          at: chunk.from,
          sources: sources.slice(chunk.from, chunk.to),
        };
        first = false;
        worker.postMessage(job);
        return true;
      };
      return new Promise<void>((resolve, reject) => {
        // Once no chunk is left to send and none is out, the worker is done.
        const endIfIdle = () => {
          if (held > 0) return;
          resolve();
          void worker.terminate();
        };
        worker.ref();
        worker.on('message', ({ blocks: marked, done }: MarkdownMessage) => {
          blocks.push(...marked);
          if (!done) return;
          held--;
          done.pages.forEach((sent, k) => theirs.set(done.at + k, received(sent, sources[done.at + k]!, tables)));
          if (!send()) endIfIdle();
        });
        void failure.then(reject);
        // A worker that ends without answering (and without an error) must not leave the build waiting for ever.
        worker.once('exit', (code) => reject(new Error(`the worker stopped (exit code ${code}) before its answer`)));
        for (let n = 0; n < CHUNKS_AHEAD && send(); n++);
        endIfIdle();
      });
    });
    // A worker that fails while this thread renders is reported by done, not as an unhandled rejection.
    const finished = Promise.all(jobs);
    finished.catch(() => {});
    const relay = async () => {
      // A turn of the event loop lets the workers' messages in.
      await new Promise((resolve) => setImmediate(resolve));
      for (const block of blocks.splice(0)) code.highlight(block.code, block.info);
    };
    return {
      next: () => split.next(),
      relay,
      async done() {
        await finished;
        await relay();
        return theirs;
      },
    };
  }
}

/** A worker's page as this thread's: its source, lookups with this thread's values, the error as thrown. */
function received(sent: SentPage, source: Source, tables: LookupTables): FreshPage {
  const lookups = sent.lookups.map(([table, key]): Lookup => [table, key, tables[table].get(key)]);
  const { diagnostics, needsHighlighter } = sent;
  if (!sent.page) {
    const { message, diagnostics: failed } = sent.error!;
    const error = failed ? new BuildFailed(failed, message) : new Error(message);
    return { error, diagnostics, lookups, needsHighlighter };
  }
  return { page: { ...sent.page, source }, diagnostics, lookups, needsHighlighter };
}

/** A FreshPage as a worker sends it (see SentPage). */
export function sendable(fresh: FreshPage): SentPage {
  const lookups = fresh.lookups.map(([table, key]): [Lookup[0], string] => [table, key]);
  const { diagnostics, needsHighlighter } = fresh;
  if (!fresh.page) {
    const error = fresh.error as Error;
    const failed = error instanceof BuildFailed ? error.diagnostics : undefined;
    return {
      error: { message: String(error?.message ?? error), diagnostics: failed },
      diagnostics,
      lookups,
      needsHighlighter,
    };
  }
  const { source: _, ...page } = fresh.page;
  return { page, diagnostics, lookups, needsHighlighter };
}
