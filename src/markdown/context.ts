// What the markdown stage is given, and what it gives. Its inputs are the config, the content and the diagnostics;
// everything else (`speed`) makes it faster and changes none of its pages: a build without any of it gives the same
// bytes.
import type { StoreWrites } from '../incremental/build-store.ts';
import type { Pace } from '../platform/pace.ts';
import type { Diagnostics } from '../shared/model/diagnostics.ts';
import type { Config, ContentSet, Page, Source } from '../shared/model/types.ts';
import type { PageCache } from './page-store.ts';
import type { FreshPage } from './parser.ts';
import type { CodeHighlighter } from './plugins/highlight.ts';

export interface MarkdownContext {
  config: Config;
  content: ContentSet;
  diagnostics: Diagnostics;
  /** What earlier builds left, what this one leaves for the next, and the threads it shares the work with. */
  speed?: MarkdownSpeed;
}

export interface MarkdownSpeed {
  /** File that keeps highlighted code between builds (see CodeHighlighter); none keeps it in memory. */
  highlightCache?: string;
  /** An open highlighter from an earlier build (serve keeps one), instead of opening highlightCache again. */
  highlighter?: CodeHighlighter;
  /** Highlight code Shiki has to highlight in a worker thread (a build in a process of its own; see CodeHighlighter). */
  highlightThread?: boolean;
  /** Pages of earlier builds; a source that has not changed, and whose lookups give the same answers, is reused. */
  cache?: PageCache;
  /**
   * Folder that keeps the pages between builds (page-store.ts), for a build in a process of its own; serve keeps
   * `cache` in memory instead.
   */
  pageStore?: string;
  /** When the page store is written (build-store.ts); at once by default. */
  storeWrites?: StoreWrites;
  /** Markdown workers started for this build: the pages to render are shared with them (markdown/parallel.ts). */
  workers?: PageWorkers;
  /** Where rendering the pages gives the event loop a turn, and stops once the build is stopped (pace.ts). */
  pace?: Pace;
}

/** Threads that render a share of the pages (markdown/parallel.ts's MarkdownWorkers). */
export interface PageWorkers {
  /** Takes the last `count` of `sources`, or none (undefined) when they are too few to be worth sharing. */
  share(sources: Source[], context: MarkdownContext, code: CodeHighlighter): SharedPages | undefined;
}

export interface SharedPages {
  /** The next source (its index among those shared) for this thread to render; undefined once all are taken. */
  next(): number | undefined;
  /** Hands the code blocks the workers marked so far to the highlighter (this yields to the event loop). */
  relay(): Promise<void>;
  /** The workers' pages, by the index of their sources among those shared. */
  done(): Promise<Map<number, FreshPage>>;
}

/**
 * The pages of a cold build before Shiki has finished: they may hold marks for code blocks (CodeHighlighter.fill)
 * until `highlighted` settles, which also saves the highlight cache and the page store. `fill` fills the marks in
 * strings copied from the pages meanwhile, and leaves any other string as it is.
 */
export interface StartedPages {
  pages: Page[];
  highlighted(): Promise<void>;
  fill(html: string): string;
}

export interface MarkdownRenderer {
  /** Renders every source; a source that throws is handed to onError and left out. */
  renderPages(sources: Source[], onError: (source: Source, error: unknown) => void): Promise<Page[]>;
  /** `renderPages` in two parts, for a build that has other work while Shiki highlights (see StartedPages). */
  startPages(sources: Source[], onError: (source: Source, error: unknown) => void): Promise<StartedPages>;
  /** Renders one source. */
  render(source: Source): Promise<Page>;
  /** How many pages the last renderPages rendered (the others came from the cache). */
  readonly rendered: number;
  /** How many of those markdown workers rendered (markdown/parallel.ts). */
  readonly renderedInWorkers: number;
}
