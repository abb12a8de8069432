// Which threads a build starts, and when: decided once, from the options, the input and what the stores hold, before
// the first step that could use them. A build in a process of its own with nothing kept starts them ahead: markdown
// workers load markdown-it, render workers React and the templates, Shiki its grammars, while this thread parses the
// content. Serve and builds from file maps never start them ahead (tests compare with one thread).
import { fenceLanguages } from '../markdown/plugins/highlight.ts';
import { CodeHighlighter } from '../markdown/plugins/highlight.ts';
import type { StartedPages } from '../markdown/index.ts';
import { MARKDOWN_EARLY_MIN_FILES, MarkdownWorkers } from '../markdown/parallel.ts';
import { EARLY_MIN_FILES, RenderWorkers, renderThreads } from '../render/parallel.ts';
import { usableCores } from '../threads/worker-thread.ts';
import type { Stores } from './stores.ts';

export class BuildThreads {
  /** Parse pages from the end as this thread parses from the start (markdown/parallel.ts). */
  markdown?: MarkdownWorkers;
  /** Render a share of the routes from the search step on (render/parallel.ts). */
  render?: RenderWorkers;
  /** Shiki's thread, started before the content step when the highlight cache is empty (a cold small site). */
  highlighter?: CodeHighlighter;
  /**
   * The code blocks Shiki is still highlighting for pages already made (a small site's cold build): the highlight
   * step waits for them, and a build that fails before it still finishes them, so that its stores are written.
   */
  unfinished?: Omit<StartedPages, 'pages'>;

  /**
   * `wanted`: the threads asked for (BuildOptions.threads); otherwise the cores, for an input at least as large as
   * each kind of worker pays off at.
   */
  constructor(
    private readonly stores: Stores,
    private readonly wanted: number | undefined,
    texts: ReadonlyMap<string, string>,
  ) {
    const ahead = (minFiles: number, kept: 'pages' | 'render') => {
      const threads = wanted ?? (texts.size >= minFiles ? usableCores() : 1);
      return stores.kind === 'disk' && threads > 1 && !stores.has(kept) ? threads - 1 : 0;
    };
    const markdownCount = ahead(MARKDOWN_EARLY_MIN_FILES, 'pages');
    if (markdownCount > 0) this.markdown = new MarkdownWorkers(markdownCount);
    const renderCount = ahead(EARLY_MIN_FILES, 'render');
    if (renderCount > 0) this.render = new RenderWorkers(renderCount);
    // With nothing in the highlight cache (a first build, a fresh clone), Shiki's first use is most of a small site's
    // build: its thread loads while this thread parses the content, rather than at the first code block. Not beside
    // workers started ahead: they have the other core then (1,000 docs: 0.1-0.3 s slower with it).
    if (stores.kind === 'disk' && !stores.has('highlight') && !this.render && !this.markdown) {
      const languages = fenceLanguages(texts.values());
      this.highlighter = new CodeHighlighter(undefined, stores.highlightCache);
      if (languages.size > 0) this.highlighter.startThread(languages);
    }
  }

  /**
   * How many threads render the routes: serve renders a handful per save, and routes a memo keeps are read back
   * faster than rendered on more cores; workers render with the templates compiled in, so a project's overrides
   * keep the render in this thread.
   */
  renderCount({ routes, custom, kept }: { routes: number; custom: boolean; kept: number }): number {
    return this.stores.kind === 'memory' || custom || kept > 0 ? 1 : (this.wanted ?? renderThreads(routes));
  }

  /** A build that stops closes the threads it started; Shiki's only once no page waits on it (`unfinished`). */
  close(): void {
    this.render?.close();
    this.markdown?.close();
    if (!this.unfinished) this.highlighter?.close();
  }
}
