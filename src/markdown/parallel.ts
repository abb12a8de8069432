// The markdown stage across threads, for a build that renders many pages (a cold build of a large site): a worker
// renders the last part of the pages while this thread renders the first (markdown/worker.ts). Pages do not depend
// on each other, so the worker's are the pages this thread would render: the same HTML, messages and lookups, put in
// the order of the sources (a test compares them). Code blocks are the exception to "on its own": a worker leaves
// a mark for each block and hands the block to this thread, whose highlighter (its cache and its Shiki thread)
// highlights the blocks of every page, and fills the marks in.
import type { Diagnostic } from '../diagnostics.ts';
import { BuildFailed } from '../diagnostics.ts';
import type { ContentSet, Page, Source } from '../types.ts';
import { EarlyWorkers, runJob } from '../worker-thread.ts';
import type { FenceInfo } from './plugins/highlight.ts';
import type { CodeHighlighter } from './plugins/highlight.ts';
import type { FreshPage, Lookup, MarkdownContext, PageWorkers, SharedPages } from './index.ts';

/** What a markdown worker is sent: what rendering reads, and the sources to render. */
export interface MarkdownJob {
  config: MarkdownContext['config'];
  /** Every source by file and route (for `.md` links), the texts (for includes) and the assets (for images). */
  content: Pick<ContentSet, 'sources' | 'assets' | 'texts'>;
  sources: Source[];
}

/** A message from a markdown worker: blocks it marked, and at the end its pages. */
export interface MarkdownMessage {
  blocks: { code: string; info: FenceInfo }[];
  done?: SentPage[];
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

/**
 * Markdown workers started with the build (see EarlyWorkers), for a build that will render most pages: they load
 * markdown-it and the plugins while this thread reads and parses the content.
 */
export class MarkdownWorkers extends EarlyWorkers implements PageWorkers {
  constructor(count = 1) {
    super('markdown-worker', WORKER, count);
  }

  /**
   * Sends the workers the last part of `sources` (`count` of them): `relay` hands the code blocks they marked so far
   * to `code`, and `done` gives their pages as FreshPages, in the order of the sources. Undefined when there are too
   * few to share; the workers are closed then.
   */
  share(sources: Source[], context: MarkdownContext, code: CodeHighlighter): SharedPages | undefined {
    if (this.count === 0 || sources.length < MIN_SHARED * (this.count + 1)) {
      this.close();
      return undefined;
    }
    const started = this.take();
    // A worker renders a little slower than this thread (10,000 docs split evenly: this thread waited 0.4-0.5 s).
    const per = Math.floor((sources.length / (started.length + 1)) * 0.94);
    const count = per * started.length;
    const from = sources.length - count;
    const { sources: everySource, assets, texts } = context.content;
    // The routes of the other sources are all a worker reads of them (links); their text stays here.
    const routes = everySource.map((source) => ({ file: source.file, route: source.route }) as Source);
    const blocks: MarkdownMessage['blocks'] = [];
    const jobs = started.map((worker, k) => {
      const job: MarkdownJob = {
        config: context.config,
        content: { sources: routes, assets, texts },
        sources: sources.slice(from + k * per, from + (k + 1) * per),
      };
      return runJob(worker, job, (message: MarkdownMessage) => {
        blocks.push(...message.blocks);
        return message.done;
      });
    });
    // A worker that fails while this thread renders is reported by done, not as an unhandled rejection.
    const pagesSent = Promise.all(jobs);
    pagesSent.catch(() => {});
    const relay = async () => {
      // A turn of the event loop lets the workers' messages in.
      await new Promise((resolve) => setImmediate(resolve));
      for (const block of blocks.splice(0)) code.highlight(block.code, block.info);
    };
    return {
      count,
      relay,
      async done() {
        const sent = (await pagesSent).flat();
        await relay();
        const route = new Map(everySource.map((source) => [source.file, source.route]));
        const tables = { route, asset: assets, text: texts };
        return sent.map((result, k) => received(result, sources[from + k]!, tables));
      },
    };
  }
}

/** A worker's page as this thread's: its source, lookups with this thread's values, the error as thrown. */
function received(sent: SentPage, source: Source, tables: Record<Lookup[0], ReadonlyMap<string, unknown>>): FreshPage {
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
