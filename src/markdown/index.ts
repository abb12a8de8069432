// The markdown stage: one markdown-it instance with the project's plugins. render(source) returns the HTML and
// everything later stages need (headings, anchors, links with positions, plain text, word count, excerpt).
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { type Diagnostic, Diagnostics } from '../shared/model/diagnostics.ts';
import type { Config, ContentSet, Page, PageSection, Source } from '../shared/model/types.ts';
import type { MarkdownEnv } from './env.ts';
import { markdownCopy } from './copy.ts';
import { expandIncludes } from './includes.ts';
import {
  codeKey,
  keyedConfig,
  readShardedStore,
  type StoreWrites,
  writeNow,
  writeShardedStore,
} from '../incremental/build-store.ts';
import { sourceKey, valueKey } from './page-store.ts';
import { sha256 } from '../platform/hash.ts';
import { type Pace, UNPACED } from '../platform/pace.ts';
import { admonitions } from './plugins/admonitions.ts';
import { alerts } from './plugins/alerts.ts';
import { tabs } from './plugins/tabs.ts';
import { headings, plainText } from './plugins/headings.ts';
import { CodeHighlighter, fenceLanguages, highlight } from './plugins/highlight.ts';
import { images } from './plugins/images.ts';
import { links } from './plugins/links.ts';
import { taskLists } from './plugins/tasklists.ts';
import { unclosedFences } from './plugins/fences.ts';
import { nestingLimit } from './plugins/nesting.ts';

export interface MarkdownContext {
  config: Config;
  content: ContentSet;
  diagnostics: Diagnostics;
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
  /** Markdown workers started for this build: the pages to render are shared with them (markdown/parallel.ts). */
  workers?: PageWorkers;
  /** When the page store is written (build-store.ts); at once by default. */
  storeWrites?: StoreWrites;
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
 * Pages rendered by earlier builds, by file. A page depends on its source and on what it looked up while rendering:
 * the routes of the files its `.md` links name, the bytes of its images and the texts of the files it includes.
 * Recording those lookups means a save renders only the pages it can change: the edited one, those including it, and
 * those linking to a page that was added, moved or removed.
 */
export type PageCache = Map<string, CachedPage>;

interface CachedPage {
  source: Source;
  page: Page;
  /** What rendering reported (missing images...), given again each time the page is reused. */
  diagnostics: Diagnostic[];
  lookups: Lookup[];
}

/** A page as the page store keeps it: the source by its key, each lookup by the key of its value. */
interface StoredPage {
  sourceKey: string;
  page: Omit<Page, 'source'>;
  diagnostics: Diagnostic[];
  lookups: [table: Lookup[0], key: string, value: string | null][];
}

export type Lookup = [table: 'route' | 'asset' | 'text', key: string, value: unknown];

/** A source rendered afresh: its page or the error it threw, what it reported, and what it looked up. */
export interface FreshPage {
  page?: Page;
  error?: unknown;
  diagnostics: Diagnostic[];
  lookups: Lookup[];
  /** The page holds marks for code the highlighter has yet to highlight (CodeHighlighter.fill). */
  needsHighlighter: boolean;
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
  /** Renders one source afresh, its error caught: what a markdown worker does with each source it is sent. */
  renderFresh(source: Source): FreshPage;
  /** How many pages the last renderPages rendered (the others came from the cache). */
  readonly rendered: number;
  /** How many of those markdown workers rendered (markdown/parallel.ts). */
  readonly renderedInWorkers: number;
}

/** Characters past which inline code may wrap (about a third of the narrowest column). */
const LONG_INLINE_CODE = 24;
const TRUNCATE = /^<!--\s*truncate\s*-->\s*$/;

/** Creates the renderer; async because it reads the highlight cache. */
export async function createMarkdown(context: MarkdownContext): Promise<MarkdownRenderer> {
  const code = context.highlighter ?? (await new CodeHighlighter(undefined, context.highlightCache).open());
  // The plugins look routes and assets up through these views, which note each lookup for the page cache.
  let lookups: Lookup[] = [];
  // `.md` links name files; the routes step gave each file's source its route.
  const routeOfFile = new Map(context.content.sources.map((source) => [source.file, source.route]));
  const tables = { route: routeOfFile, asset: context.content.assets, text: context.content.texts } as const;
  const tracked = <T>(table: keyof typeof tables, map: ReadonlyMap<string, T>) => ({
    get(key: string): T | undefined {
      const value = map.get(key);
      lookups.push([table, key, value]);
      return value;
    },
  });

  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.use(headings)
    .use(admonitions)
    .use(tabs)
    .use(alerts)
    .use(taskLists)
    .use(highlight, code)
    .use(unclosedFences)
    .use(nestingLimit)
    .use(links, { config: context.config, routeOfFile: tracked('route', routeOfFile) })
    .use(images, { config: context.config, assets: tracked('asset', context.content.assets) });
  md.linkify.set({ fuzzyLink: false });
  // Tables get a scroll wrapper so wide ones scroll on their own instead of the page.
  md.renderer.rules.table_open = () => '<div class="table-wrapper"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  // Inline code no wider than a short phrase never breaks (`storageBucket` split after `storage` reads as two
  // words); longer code (URLs, paths) is marked so it may wrap, and does not push the page wider on a phone.
  const codeInline = md.renderer.rules.code_inline!;
  md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
    if (tokens[idx].content.length > LONG_INLINE_CODE) tokens[idx].attrJoin('class', 'code-long');
    return codeInline(tokens, idx, options, env, self);
  };

  const texts = tracked('text', context.content.texts);
  const renderOne = (source: Source, diagnostics: Diagnostics): { page: Page; needsHighlighter: boolean } => {
    // Before parsing, so included headings, links and text are the page's own (see includes.ts for why).
    const { body, origins } = expandIncludes(source, texts, diagnostics);
    const env: MarkdownEnv = {
      source,
      lines: body.split('\n'),
      origins,
      headings: [],
      links: [],
      siteUrls: [],
      diagnostics,
    };
    const tokens = md.parse(body, env);
    const h1 = takeLeadingH1(tokens);
    const truncateAt = tokens.findIndex((t) => t.type === 'html_block' && TRUNCATE.test(t.content.trim()));
    const html = md.renderer.render(tokens, md.options, env);
    const excerptHtml = truncateAt >= 0 ? md.renderer.render(tokens.slice(0, truncateAt), md.options, env) : undefined;
    const { text, sections } = textOf(tokens);
    const title = source.frontMatter.title ?? h1 ?? '';
    const page: Page = {
      source,
      title,
      description: source.frontMatter.description ?? firstSentence(text),
      html,
      headings: env.headings,
      anchors: [...env.headings.map((h) => h.id), ...rawHtmlIds(tokens)],
      links: env.links,
      text,
      sections,
      wordCount: text.split(/\s+/).filter(Boolean).length,
      excerptHtml,
    };
    if (source.kind === 'doc') page.markdownCopy = markdownCopy(tokens, env, { title, siteUrl: context.config.url });
    return { page, needsHighlighter: env.needsHighlighter === true };
  };

  const fresh = (entry: CachedPage | undefined, source: Source): entry is CachedPage =>
    entry?.source === source && entry.lookups.every(([table, key, value]) => tables[table].get(key) === value);
  // The page store's entries, for a build in a process of its own; a reused one becomes a CachedPage again.
  const storeKey = context.pageStore
    ? sha256(JSON.stringify([await codeKey(), keyedConfig(context.config), code.cacheKey]), 'base64url')
    : '';
  const stored = context.pageStore
    ? await readShardedStore<StoredPage>(context.pageStore, storeKey)
    : new Map<string, StoredPage>();
  const fromStore = (source: Source): CachedPage | undefined => {
    const entry = stored.get(source.file);
    if (!entry || entry.sourceKey !== sourceKey(source)) return undefined;
    if (!entry.lookups.every(([table, key, value]) => valueKey(tables[table].get(key)) === value)) return undefined;
    const lookups = entry.lookups.map(([table, key]): Lookup => [table, key, tables[table].get(key)]);
    return { source, page: { ...entry.page, source }, diagnostics: entry.diagnostics, lookups };
  };
  // Only the shards holding a page rendered or gone are written: an edit to one doc does not write 10,000 pages.
  const store = (cache: PageCache, changed: Set<string>) =>
    writeShardedStore(context.pageStore!, storeKey, cache, {
      changed,
      all: stored.size === 0,
      value: ({ source, page, diagnostics, lookups }): StoredPage => {
        const { source: _, ...rest } = page;
        const keyed = lookups.map(([table, key, value]): StoredPage['lookups'][number] => [
          table,
          key,
          valueKey(value),
        ]);
        return { sourceKey: sourceKey(source), page: rest, diagnostics, lookups: keyed };
      },
    });

  // The languages of every fence in the content (included files too), for the highlighter (see `begin`).
  let languages: Set<string> | undefined;
  const siteLanguages = () => {
    languages ??= fenceLanguages(context.content.texts.values());
    return languages;
  };

  const renderFresh = (source: Source): FreshPage => {
    const diagnostics = new Diagnostics();
    lookups = [];
    try {
      const { page, needsHighlighter } = renderOne(source, diagnostics);
      return { page, diagnostics: diagnostics.items, lookups, needsHighlighter };
    } catch (error) {
      return { error, diagnostics: diagnostics.items, lookups, needsHighlighter: false };
    }
  };

  let rendered = 0;
  let renderedInWorkers = 0;
  const startPages = async (
    sources: Source[],
    onError: (source: Source, error: unknown) => void,
  ): Promise<StartedPages> => {
    const cache = context.cache ?? new Map<string, CachedPage>();
    const pace = context.pace ?? UNPACED;
    code.begin(siteLanguages, { thread: context.highlightThread });
    // Code blocks come from the highlight cache; Shiki loads only if some block is new, and those pages get their
    // blocks filled in afterwards.
    const results: ({ kept: CachedPage } | FreshPage)[] = [];
    const todo: number[] = [];
    for (const [i, source] of sources.entries()) {
      if (pace.due()) await pace.turn();
      const cached = cache.get(source.file) ?? fromStore(source);
      if (fresh(cached, source)) results[i] = { kept: cached };
      else todo.push(i);
    }
    rendered = todo.length;
    renderedInWorkers = 0;
    // With markdown workers, they take pages from the end of the list while this thread renders from the start.
    const shared = context.workers?.share(
      todo.map((i) => sources[i]),
      context,
      code,
    );
    if (shared) {
      for (let n = 0, k = shared.next(); k !== undefined; n++, k = shared.next()) {
        if (pace.due()) await pace.turn();
        results[todo[k]] = renderFresh(sources[todo[k]]);
        // Now and then the workers' code blocks are handed to the highlighter and their pages taken in (and the
        // workers given more), while they go on.
        if (n % 32 === 31) await shared.relay();
      }
      const theirs = await shared.done();
      renderedInWorkers = theirs.size;
      for (const [k, page] of theirs) results[todo[k]] = page;
    } else
      for (const i of todo) {
        if (pace.due()) await pace.turn();
        results[i] = renderFresh(sources[i]);
      }
    // In the order of the sources, whichever thread rendered them: the same pages, cache and messages.
    const pages: (Page | undefined)[] = [];
    const marked: number[] = [];
    const changed = new Set<string>();
    sources.forEach((source, i) => {
      const result = results[i];
      if ('kept' in result) {
        cache.set(source.file, result.kept);
        pages[i] = result.kept.page;
        context.diagnostics.items.push(...result.kept.diagnostics);
        return;
      }
      cache.delete(source.file);
      changed.add(source.file);
      if (result.page) {
        pages[i] = result.page;
        cache.set(source.file, { source, page: result.page, diagnostics: result.diagnostics, lookups: result.lookups });
        if (result.needsHighlighter) marked.push(i);
      } else onError(source, result.error);
      context.diagnostics.items.push(...result.diagnostics);
    });
    const present = new Set(sources.map((source) => source.file));
    for (const file of cache.keys()) if (!present.has(file)) cache.delete(file);
    for (const file of stored.keys()) if (!cache.has(file)) changed.add(file);
    const keepUnused = rendered < sources.length;
    const highlighted = async () => {
      if (marked.length > 0) {
        await code.flush();
        for (const i of marked) {
          const page = pages[i]!;
          page.html = code.fill(page.html);
          if (page.excerptHtml !== undefined) page.excerptHtml = code.fill(page.excerptHtml);
        }
      }
      await code.save({ keepUnused });
      // The pages are not changed after this: the store may be written later.
      if (context.pageStore && changed.size > 0) await (context.storeWrites ?? writeNow)(() => store(cache, changed));
    };
    const fill = (html: string) => code.fill(html);
    return { pages: pages.filter((page): page is Page => page !== undefined), highlighted, fill };
  };

  const renderPages = async (sources: Source[], onError: (source: Source, error: unknown) => void): Promise<Page[]> => {
    const { pages, highlighted } = await startPages(sources, onError);
    await highlighted();
    return pages;
  };

  return {
    renderPages,
    startPages,
    get rendered() {
      return rendered;
    },
    get renderedInWorkers() {
      return renderedInWorkers;
    },
    renderFresh,
    async render(source) {
      let failure: unknown;
      const [page] = await renderPages([source], (_, error) => (failure = error));
      if (!page) throw failure;
      return page;
    },
  };
}

/** Removes a leading `# Title` (the template renders the h1) and returns its text. */
function takeLeadingH1(tokens: Token[]): string | undefined {
  const first = tokens.findIndex((t) => t.type !== 'html_block' || !/^<!--/.test(t.content));
  if (tokens[first]?.type !== 'heading_open' || tokens[first].tag !== 'h1') return undefined;
  const text = plainText(tokens[first + 1].children ?? []);
  tokens.splice(first, 3);
  return text;
}

/**
 * Plain text of the page (prose and inline code, not code blocks or markup), one line per block, and the same text
 * cut at the h2 and h3 headings for search: the text before the first one (id ''), then one section per heading with
 * the prose under it (deeper headings included as text). One walk over the tokens gives both.
 */
function textOf(tokens: Token[]): { text: string; sections: PageSection[] } {
  const lines: string[] = [];
  const sections: (PageSection & { parts: string[] })[] = [{ id: '', heading: '', text: '', parts: [] }];
  let current = sections[0];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    let line: string | undefined;
    if (token.type === 'inline') line = plainText(token.children ?? []);
    else if (token.type === 'admonition_open') line = (token.meta as { title: string }).title;
    if (token.type === 'heading_open' && (token.tag === 'h2' || token.tag === 'h3')) {
      const heading = plainText(tokens[i + 1]?.children ?? []);
      current = { id: String(token.attrGet('id') ?? ''), heading, text: '', parts: [] };
      sections.push(current);
      lines.push(heading);
      i += 2;
      continue;
    }
    if (line === undefined) continue;
    lines.push(line);
    current.parts.push(line);
  }
  return {
    text: lines.join('\n'),
    sections: sections
      .map(({ parts, ...section }) => ({ ...section, text: parts.join(' ').replace(/\s+/g, ' ').trim() }))
      .filter((section, i) => i > 0 || section.text),
  };
}

function firstSentence(text: string): string {
  const line = text.split('\n').find((l) => l.trim().length > 20) ?? '';
  const sentence = /^(.{20,200}?[.!?])(\s|$)/.exec(line)?.[1] ?? line.slice(0, 160);
  return sentence.trim();
}

/** Ids written in raw HTML in the markdown (`<a id="x"></a>`), which links may target too. */
function rawHtmlIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  const collect = (content: string) => {
    for (const match of content.matchAll(/\sid=["']([^"']+)["']/g)) ids.push(match[1]);
  };
  for (const token of tokens) {
    if (token.type === 'html_block') collect(token.content);
    for (const child of token.children ?? []) if (child.type === 'html_inline') collect(child.content);
  }
  return ids;
}
