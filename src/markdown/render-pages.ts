// The markdown stage's loop over the sources. A page an earlier build kept is reused when its source and lookups are
// unchanged (page-store.ts); the others are rendered (parser.ts), shared with the markdown workers when the build
// started some (parallel.ts), and put in the order of the sources whichever thread rendered them. Code blocks come
// from the highlight cache; Shiki loads only if some block is new, and those pages get their blocks filled in
// afterwards (StartedPages).
import { type Pace, UNPACED } from '../platform/pace.ts';
import type { Page, Source } from '../shared/model/types.ts';
import type { MarkdownContext, MarkdownRenderer, StartedPages } from './context.ts';
import { type CachedPage, type PageCache, type PageStore, unchanged } from './page-store.ts';
import type { FreshPage, PageParser } from './parser.ts';
import { type CodeHighlighter, fenceLanguages } from './plugins/highlight.ts';

type OnError = (source: Source, error: unknown) => void;

/** What became of a source: its kept page, or what rendering it afresh gave. */
type Result = { kept: CachedPage } | FreshPage;

export class PageRenderer implements MarkdownRenderer {
  private renderedHere = 0;
  private renderedThere = 0;
  /** The languages of every fence in the content (included files too), for the highlighter (see `begin`). */
  private languages: Set<string> | undefined;

  constructor(
    private readonly context: MarkdownContext,
    private readonly code: CodeHighlighter,
    private readonly parser: PageParser,
    private readonly store: PageStore,
  ) {}

  get rendered(): number {
    return this.renderedHere;
  }

  get renderedInWorkers(): number {
    return this.renderedThere;
  }

  async render(source: Source): Promise<Page> {
    let failure: unknown;
    const [page] = await this.renderPages([source], (_, error) => (failure = error));
    if (!page) throw failure;
    return page;
  }

  async renderPages(sources: Source[], onError: OnError): Promise<Page[]> {
    const { pages, highlighted } = await this.startPages(sources, onError);
    await highlighted();
    return pages;
  }

  async startPages(sources: Source[], onError: OnError): Promise<StartedPages> {
    const speed = this.context.speed ?? {};
    const cache = speed.cache ?? new Map<string, CachedPage>();
    this.code.begin(() => (this.languages ??= fenceLanguages(this.context.content.texts.values())), {
      thread: speed.highlightThread,
    });
    const { results, todo } = await this.sortOut(sources, cache);
    this.renderedHere = todo.length;
    this.renderedThere = 0;
    await this.renderAfresh(sources, todo, results);
    const { pages, marked, changed } = this.inOrder(sources, results, cache, onError);
    const keepUnused = this.renderedHere < sources.length;
    const highlighted = async () => {
      if (marked.length > 0) await this.fillMarks(marked);
      await this.code.save({ keepUnused });
      // The pages are not changed after this: the store may be written later.
      await this.store.write(cache, changed, speed.storeWrites);
    };
    return { pages, highlighted, fill: (html) => this.code.fill(html) };
  }

  private get pace(): Pace {
    return this.context.speed?.pace ?? UNPACED;
  }

  /** The kept page of each source that may reuse one, and the indexes of the sources to render. */
  private async sortOut(sources: Source[], cache: PageCache): Promise<{ results: Result[]; todo: number[] }> {
    const { pace } = this;
    const results: Result[] = [];
    const todo: number[] = [];
    for (const [i, source] of sources.entries()) {
      if (pace.due()) await pace.turn();
      const kept = cache.get(source.file) ?? this.store.find(source);
      if (unchanged(kept, source, this.parser.tables)) results[i] = { kept };
      else todo.push(i);
    }
    return { results, todo };
  }

  /** Renders the sources `todo` names into `results`. */
  private async renderAfresh(sources: Source[], todo: number[], results: Result[]): Promise<void> {
    const { pace, parser } = this;
    // With markdown workers, they take pages from the end of the list while this thread renders from the start.
    const shared = this.context.speed?.workers?.share(
      todo.map((i) => sources[i]),
      this.context,
      this.code,
    );
    if (!shared) {
      for (const i of todo) {
        if (pace.due()) await pace.turn();
        results[i] = parser.render(sources[i]);
      }
      return;
    }
    for (let n = 0, k = shared.next(); k !== undefined; n++, k = shared.next()) {
      if (pace.due()) await pace.turn();
      results[todo[k]] = parser.render(sources[todo[k]]);
      // Now and then the workers' code blocks are handed to the highlighter and their pages taken in (and the
      // workers given more), while they go on.
      if (n % 32 === 31) await shared.relay();
    }
    const theirs = await shared.done();
    this.renderedThere = theirs.size;
    for (const [k, page] of theirs) results[todo[k]] = page;
  }

  /**
   * The pages in the order of the sources, whichever thread rendered them: the same pages, cache and messages. The
   * cache keeps them (and drops the pages of files gone); `marked` are those with code blocks still to fill in, and
   * `changed` the files whose stored page is to be written again or removed.
   */
  private inOrder(sources: Source[], results: Result[], cache: PageCache, onError: OnError) {
    const reported = this.context.diagnostics.items;
    const pages: Page[] = [];
    const marked: Page[] = [];
    const changed = new Set<string>();
    sources.forEach((source, i) => {
      const result = results[i];
      if ('kept' in result) {
        cache.set(source.file, result.kept);
        pages.push(result.kept.page);
        reported.push(...result.kept.diagnostics);
        return;
      }
      cache.delete(source.file);
      changed.add(source.file);
      if (result.page) {
        pages.push(result.page);
        cache.set(source.file, { source, page: result.page, diagnostics: result.diagnostics, lookups: result.lookups });
        if (result.needsHighlighter) marked.push(result.page);
      } else onError(source, result.error);
      reported.push(...result.diagnostics);
    });
    const present = new Set(sources.map((source) => source.file));
    for (const file of cache.keys()) if (!present.has(file)) cache.delete(file);
    for (const file of this.store.files()) if (!cache.has(file)) changed.add(file);
    return { pages, marked, changed };
  }

  /** Fills in the code blocks of `pages` once Shiki has highlighted the blocks marked. */
  private async fillMarks(pages: Page[]): Promise<void> {
    await this.code.flush();
    for (const page of pages) {
      page.html = this.code.fill(page.html);
      if (page.excerptHtml !== undefined) page.excerptHtml = this.code.fill(page.excerptHtml);
    }
  }
}
