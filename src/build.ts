// The pipeline in one screen: config -> content -> routes -> markdown -> site -> bundle -> search -> render -> check.
// Each step is timed, and an error thrown inside a step carries the step's name.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { BuildFailed, Diagnostics, withLineTexts } from './diagnostics.ts';
export { BuildFailed } from './diagnostics.ts';
import { BuildStopped, Pace } from './pace.ts';
export { BuildStopped } from './pace.ts';
import { type Bundle, bundleClient, bundleTemplates, packageRoot } from './bundle/index.ts';
import { findOverrides, type Override } from './bundle/overrides.ts';
import { storedBundle } from './bundle/store.ts';
import { readRenderMemo, writeRenderMemo } from './render/store.ts';
import { checkBuild } from './check/index.ts';
import { SEARCH_QUERIES_FILE } from './check/search-queries.ts';
import { keepCompiledConfig } from './config/load.ts';
import { checkReferences } from './config/references.ts';
import { type ParseCache, parseContentInSlices } from './content/parse.ts';
import { readParseStore, writeParseStore } from './content/parse-store.ts';
import { type KeptHistory, readGitHistory } from './content/git-history.ts';
import { type ContentFiles, readContentFiles } from './content/read.ts';
import { routeContentInSlices, sidebarDocOf } from './content/routes.ts';
import { assetFile } from './content/assets.ts';
import { type PageCache, type StartedPages, createMarkdown } from './markdown/index.ts';
import { CodeHighlighter, fenceLanguages } from './markdown/plugins/highlight.ts';
import { MARKDOWN_EARLY_MIN_FILES, MarkdownWorkers } from './markdown/parallel.ts';
import { feeds, sitemap } from './render/feeds.ts';
import { llmsTxt, markdownCopies } from './render/machine-pages.ts';
import { LateUrls } from './render/late-urls.ts';
import { pageChrome, type RenderMemo, renderRoutes, sidebarFiles, type Templates } from './render/index.ts';
import {
  EARLY_MIN_FILES,
  RenderWorkers,
  renderInParallel,
  renderThreads,
  startRenderInParallel,
} from './render/parallel.ts';
import { usableCores } from './worker-thread.ts';
import {
  searchIndexFilesInSlices,
  searchIndexLater,
  searchManifestUrl,
  storedSearchIndexFiles,
  TermsMemo,
} from './search/index-files.ts';
import { storeFile, storeFolder, type StoreWrites, writeNow } from './build-store.ts';
import { relativeToBase } from './shared/urls.ts';
import { buildSiteInSlices, fillSiteStrings } from './site/index.ts';
import type { BuildResult, Config, OutputFile } from './types.ts';
import { VERSION } from './version.ts';

export interface BuildOptions {
  config: Config;
  /** Content to build instead of reading content/ from disk (tests, serve). */
  files?: ContentFiles;
  /**
   * content/ as the CLI read it from the disk before the build (to key it, build-record.ts): still a build from the
   * disk, and a read that failed is reported as the read step's failure.
   */
  read?: Promise<ContentFiles>;
  /** What earlier builds of the same config left for this one (serve): each stage redoes only what changed. */
  cache?: BuildCache;
  /** Threads for the render stage; by default one below PARALLEL_MIN_ROUTES routes, else the cores (at most 4). */
  threads?: number;
  /** Run the relevance gate (content/search-queries.yaml): `egdocs check` asks for it; build and serve do not. */
  checkSearch?: boolean;
  /** A client bundle made for the same base URL, used instead of bundling again (tests build hundreds of sites). */
  bundle?: Promise<Bundle>;
  /** False renders every page's sidebar in full (render/sidebar-share.ts): tests compare the two. */
  shareSidebars?: boolean;
  /**
   * Leave the stores of node_modules/.cache/egdocs to be written by `saveStores` (or when the build fails), rather
   * than in their steps: the CLI's build writes them while the output is written (build-store.ts: StoreWrites).
   */
  deferStores?: boolean;
  /**
   * The folder the files will be written to (FsWriter.ahead), asked for when the render is shared between threads:
   * each writes its routes' files there as it goes, and `files` holds those as kept files (write-ahead.ts).
   */
  writeAhead?: () => Promise<string | undefined>;
  /**
   * Stops the build once aborted (Ctrl+C: cli/build.ts): it rejects with BuildStopped at the next place a step may
   * stop, having given the event loop a turn every few milliseconds of its long loops so that a signal's handler
   * could run (pace.ts). Without it, the steps never yield nor stop.
   */
  signal?: AbortSignal;
}

/**
 * Each stage's results from earlier builds, for `egdocs serve`. Keyed by their inputs, so a stale entry is never
 * used: sources by their text, pages by their source and lookups, routes by their props. Valid for one config.
 */
export interface BuildCache {
  parsed: ParseCache;
  pages: PageCache;
  highlighter?: CodeHighlighter;
  /**
   * The client bundle depends only on egdocs' own sources, the project's overrides and the base URL; serve drops it
   * when a template or an override changes.
   */
  bundle?: Promise<Bundle>;
  /** Templates compiled fresh (overrides, or a change under serve); none means the ones compiled in. */
  templates?: Templates;
  /** Compile egdocs' templates from this folder rather than use the ones compiled in (serve, once one changed). */
  templatesDir?: string;
  /** The overrides `templates` and `bundle` were made with, as JSON: a file added or removed makes them again. */
  overrides?: string;
  render: RenderMemo;
  /** The terms of each text the search index holds, so a save re-cuts only the texts it changed. */
  searchTerms: TermsMemo;
  /** The last-updated dates, by the commit they were read at: a save does not run git again. */
  history: Map<string, KeptHistory>;
}

export function createBuildCache(): BuildCache {
  return {
    parsed: new Map(),
    pages: new Map(),
    render: { routes: new Map(), rendered: 0 },
    searchTerms: new TermsMemo(),
    history: new Map(),
  };
}

/**
 * Builds the whole site in memory. Throws BuildFailed on errors; warnings are in the result. With `deferStores`, the
 * stores are written when the caller runs `saveStores`, or before the build throws.
 */
export async function buildSiteFiles(options: BuildOptions): Promise<BuildResult & { saveStores(): Promise<void> }> {
  const later: (() => Promise<void>)[] = [];
  const saveStores = async () => {
    for (const save of later.splice(0)) await save();
  };
  const storeWrites: StoreWrites = options.deferStores ? async (save) => void later.push(save) : writeNow;
  const unfinished: Unfinished = {};
  try {
    return { ...(await buildWith(options, storeWrites, unfinished)), saveStores };
  } catch (error) {
    // A stopped build leaves at once: its stores are not worth the wait, and a store half-written is never read.
    if (error instanceof BuildStopped) throw error;
    // What the steps before the failure made is kept, as it is when nothing is deferred: the next build starts
    // from it. A store that cannot be written does not hide the build's own error.
    await unfinished.highlight?.highlighted().catch(() => {});
    await saveStores().catch(() => {});
    throw error;
  }
}

/**
 * The code blocks Shiki is still highlighting for pages already made (a small site's cold build): the highlight step
 * waits for them, and a build that fails before it still finishes them, so that its stores are written.
 */
interface Unfinished {
  highlight?: Omit<StartedPages, 'pages'>;
}

async function buildWith(
  {
    config,
    files,
    read,
    cache,
    threads: wanted,
    checkSearch,
    bundle: bundled,
    shareSidebars,
    writeAhead,
    signal,
  }: BuildOptions,
  storeWrites: StoreWrites,
  unfinished: Unfinished,
): Promise<BuildResult> {
  const diagnostics = new Diagnostics();
  // The texts read, so that diagnostics can carry their lines' text for printing (see withLineTexts).
  let texts: ReadonlyMap<string, string> = new Map();
  // Workers started ahead of the markdown and render steps (below); a build that stops before them closes them.
  let early: RenderWorkers | undefined;
  let markdownWorkers: MarkdownWorkers | undefined;
  let coldHighlighter: CodeHighlighter | undefined;
  const closeWorkers = () => {
    early?.close();
    markdownWorkers?.close();
    // Not once pages hold its marks: a failed build still finishes those (see Unfinished).
    if (!unfinished.highlight) coldHighlighter?.close();
  };
  const stopOnErrors = (diagnostics: Diagnostics) => {
    withLineTexts(diagnostics.items, texts);
    if (diagnostics.errors.length > 0) closeWorkers();
    stopIfErrors(diagnostics);
  };
  // Where the steps' long loops give the event loop a turn, and stop once the signal is aborted (pace.ts).
  const pace = new Pace(signal);
  const timings: BuildResult['timings'] = [];
  const step = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      // Each step starts with a turn: a signal that came during the one before stops the build here.
      await pace.turn();
      return await run();
    } catch (error) {
      if (error instanceof BuildStopped) {
        // Nothing is left to finish: the code blocks still highlighting go with their thread.
        unfinished.highlight = undefined;
        closeWorkers();
        throw error;
      }
      closeWorkers();
      // A step that cannot go on adds its diagnostics to the ones found so far, and the build stops with all of them.
      if (error instanceof BuildFailed) {
        diagnostics.items.push(...error.diagnostics.filter((d) => !diagnostics.items.includes(d)));
        stopOnErrors(diagnostics);
      }
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    } finally {
      // The heap from V8 directly: process.memoryUsage() also reads the resident set from the system, which costs
      // more than some of serve's steps.
      timings.push({ step: name, ms: performance.now() - start, heapMb: getHeapStatistics().used_heap_size / 2 ** 20 });
    }
  };

  const root = config.paths.root;
  const input = await step('read', () => files ?? read ?? readContentFiles(config.paths.root, config, pace));
  texts = input.texts;
  // A build from the disk in a process of its own keeps each step's results for the next (build-store.ts); serve
  // keeps them in memory, and tests that build from file maps leave the project's stores alone.
  const fromDisk = !files && !cache;
  const storeOf = (name: string) => (fromDisk ? storeFile(config.paths.root, name) : undefined);
  // The template overrides and (but under serve) the client bundle depend on neither content nor pages: they
  // start here, and esbuild bundles in its own process while the steps below run (serve bundles once and keeps it).
  const overridesFound = (async () => {
    const found = new Diagnostics();
    const overrides = await findOverrides(root, path.join(packageRoot, 'templates'), found);
    return { overrides, diagnostics: found.items };
  })();
  const bundleStarted = cache
    ? undefined
    : overridesFound.then(({ overrides }) => {
        if (bundled && overrides.length === 0) return bundled;
        const make = () => bundleClient({ baseUrl: config.baseUrl, overrides, root });
        // Overrides come through a plugin whose files the store cannot see: such a project bundles every time.
        const store = overrides.length === 0 ? storeOf('bundle') : undefined;
        return store ? storedBundle(store, { root: packageRoot, baseUrl: config.baseUrl }, make) : make();
      });
  // A build that will render every page or route on more than one thread (a large site, and nothing of the kind
  // kept on the disk) starts the workers now: they load markdown-it, or React and the templates, while this thread
  // parses the content.
  const earlyWorkers = (minFiles: number, kept: string) => {
    const threads = wanted ?? (input.texts.size >= minFiles ? usableCores() : 1);
    return fromDisk && threads > 1 && !existsSync(kept) ? threads - 1 : 0;
  };
  const markdownCount = earlyWorkers(MARKDOWN_EARLY_MIN_FILES, storeFolder(root, 'pages'));
  if (markdownCount > 0) markdownWorkers = new MarkdownWorkers(markdownCount);
  const renderCount = earlyWorkers(EARLY_MIN_FILES, storeFile(root, 'render'));
  if (renderCount > 0) early = new RenderWorkers(renderCount);
  // A build from an in-memory file map (tests) leaves the highlight cache on disk alone: saving keeps only the
  // entries a build used, so it would replace the project's entries with its own few.
  const highlightCache = files && !cache ? undefined : storeFile(root, 'highlight');
  // With nothing in the highlight cache (a first build, a fresh clone), Shiki's first use is most of a small site's
  // build: its thread starts now and loads while this thread parses the content, rather than at the first code block.
  // Not beside workers started early: they have the other core then (1,000 docs: 0.1-0.3 s slower with it).
  if (fromDisk && highlightCache && !existsSync(highlightCache) && !early && !markdownWorkers) {
    const languages = fenceLanguages(input.texts.values());
    coldHighlighter = new CodeHighlighter(undefined, highlightCache);
    if (languages.size > 0) coldHighlighter.startThread(languages);
  }
  // A build that stops before the steps that wait for them does not leave their failures unhandled.
  overridesFound.catch(() => {});
  bundleStarted?.catch(() => {});
  const parsed = await step('content', async () => {
    const store = storeOf('parsed');
    const kept = cache?.parsed ?? (store ? await readParseStore(store, input.texts) : undefined);
    const before = new Set(kept?.values());
    const content = await pace.run(parseContentInSlices(input, diagnostics, kept));
    if (store && kept) await storeWrites(() => writeParseStore(store, kept, before));
    return content;
  });
  stopOnErrors(diagnostics);
  const content = await step('routes', () => pace.run(routeContentInSlices(parsed, config)));
  // The config's doc ids and sidebar ids, against the docs just read; the site stage trusts them. Markdown still
  // runs, so its problems are reported with these.
  // Autogenerated sidebar entries are expanded here, into the sidebars the site stage resolves.
  const sidebars = await step('references', () => {
    const docs = content.sources.filter((source) => source.kind === 'doc').map(sidebarDocOf);
    return checkReferences(config, docs, content.docCategories, diagnostics);
  });
  // The build is under way (a refused output folder stops the CLI before it): the config compiled for it is kept
  // for the next load (config/compile.ts).
  if (fromDisk) await keepCompiledConfig(config);
  let pagesRendered = 0;
  const markdown = await step('markdown', async () => {
    const highlighter = cache
      ? (cache.highlighter ??= await new CodeHighlighter(undefined, highlightCache).open())
      : coldHighlighter;
    const renderer = await createMarkdown({
      config,
      content,
      diagnostics,
      highlightCache,
      highlighter,
      highlightThread: fromDisk,
      cache: cache?.pages,
      pageStore: fromDisk ? storeFolder(config.paths.root, 'pages') : undefined,
      workers: markdownWorkers,
      storeWrites,
      pace,
    });
    // One bad page is reported with its file and the others still build, so every problem shows at once.
    const { pages, ...pending } = await renderer.startPages(content.sources, (source, error) => {
      if (error instanceof BuildFailed) diagnostics.items.push(...error.diagnostics);
      else diagnostics.error('render', `markdown: ${(error as Error).message}`, { file: source.file });
    });
    pagesRendered = renderer.rendered;
    markdownWorkers?.close();
    // A small site's cold build goes on before its code blocks are highlighted: see the highlight step.
    if (coldHighlighter) unfinished.highlight = pending;
    else await pending.highlighted();
    return pages;
  });
  stopOnErrors(diagnostics);
  // Last-updated dates: one git log over the content folder, only when the docs show them.
  const history = await step('history', () =>
    config.docs.showLastUpdateTime || config.docs.showLastUpdateAuthor
      ? readGitHistory(config.paths.root, diagnostics, {
          at: config.locations['docs.showLastUpdateTime'] ?? { file: config.configFile },
          store: storeOf('history'),
          memo: cache?.history,
        })
      : undefined,
  );
  const site = await step('site', () =>
    pace.run(buildSiteInSlices({ config, content, pages: markdown, sidebars, diagnostics, history: history?.updates })),
  );
  stopOnErrors(diagnostics);
  let overrides: Override[] = [];
  const templates = await step('templates', async () => {
    const found = await overridesFound;
    diagnostics.items.push(...found.diagnostics);
    overrides = found.overrides;
    // An override that throws while rendering is then named by its own file and line (see the render step).
    if (overrides.length > 0) process.setSourceMapsEnabled(true);
    if (!cache) return overrides.length > 0 ? bundleTemplates({ overrides, root }) : undefined;
    if (cache.overrides !== JSON.stringify(overrides)) [cache.templates, cache.bundle] = [undefined, undefined];
    cache.overrides = JSON.stringify(overrides);
    if (overrides.length > 0 || cache.templatesDir)
      cache.templates ??= await bundleTemplates({ templatesDir: cache.templatesDir, overrides, root });
    return cache.templates;
  });
  const bundle = await step('bundle', () => {
    if (!cache) return bundleStarted!;
    // A failed bundle (a template with a syntax error) is not kept: the next build tries again.
    cache.bundle ??= bundleClient({ baseUrl: config.baseUrl, overrides, root }).catch((error) => {
      cache.bundle = undefined;
      throw error;
    });
    return cache.bundle;
  });
  const sidebarData = sidebarFiles(site.sidebars, config.baseUrl, { hashed: !cache });
  // With egdocs' own templates, the memo of rendered routes (serve's, in memory) is kept for the next build. Its
  // pages hold stand-ins for the hashed sidebar data URLs (render/late-urls.ts), so that a changed title does not
  // render every page again.
  const renderStore = !templates ? storeOf('render') : undefined;
  const late = renderStore ? LateUrls.for(texts.values()) : new LateUrls(false);
  const chrome = pageChrome(site.chrome, late.slots(sidebarData.urls), {
    indexUrl: searchManifestUrl(site),
    workerUrl: bundle.workerUrl,
    resultsUrl: bundle.parts.SearchResults,
    tabsUrl: bundle.parts.tabs,
  });
  const assets = { styles: bundle.styles, scripts: bundle.scripts, preload: bundle.preload };
  const context = { site, chrome, assets, generator: `egdocs ${VERSION}`, templates, lateUrls: late.pairs() };
  let ahead: ReturnType<typeof startRenderInParallel> | undefined;
  // The index's manifest is named without a hash (search/index-files.ts): pages point at it, and an edit must not
  // change them all. Serve names the index's other files without a hash too, and builds the index only when a page
  // first asks for it after a save (BuildResult.searchIndex): it grows with the site (about 2 s at 10,000 pages), and
  // most saves are never followed by a search.
  const search = await step('search', async () => {
    // Render workers started early get their routes first and render while this thread makes the index; it then
    // renders a smaller share (three quarters of an even one) in the render step. Not with a project's templates:
    // see the render step.
    if (early && !templates) {
      const workers = early.take();
      const writeTo = await writeAhead?.();
      const options = { root, shareSidebars, keys: renderStore !== undefined, writeTo };
      ahead = startRenderInParallel(context, options, workers, 0.75 / (workers.length + 1));
    }
    early?.close();
    if (cache) return searchIndexLater(site, cache.searchTerms);
    const store = storeOf('search');
    const index = store
      ? await storedSearchIndexFiles(site, store, storeOf('search-terms')!, storeWrites, pace)
      : await pace.run(searchIndexFilesInSlices(site));
    return { ...index, later: undefined };
  });
  // The code blocks Shiki had still to highlight when every page was parsed (a small site's cold build, where Shiki is
  // most of the work) were marks in the pages and routes until here: the history, site and search steps did not need
  // them and ran meanwhile, on the core Shiki's thread left idle.
  const highlight = unfinished.highlight;
  if (highlight)
    await step('highlight', async () => {
      unfinished.highlight = undefined;
      await highlight.highlighted();
      fillSiteStrings(site, highlight.fill);
    });
  let routesRendered = cache ? 0 : site.routes.length;
  const output = await step('render', async () => {
    const memo = cache?.render ?? (renderStore ? await readRenderMemo(renderStore, config, late) : undefined);
    const before = memo?.routes.size ?? 0;
    const options = { memo, diagnostics, root, shareSidebars, pace };
    // Serve renders a handful of routes per save, and routes a memo keeps are read back faster than rendered on more
    // cores: one thread. A build of a large site with nothing kept spreads them over the cores; workers render with
    // the templates compiled in, so a project's overrides keep the render in this thread.
    const threads = cache || templates || before > 0 ? 1 : (wanted ?? renderThreads(site.routes.length));
    const written = ahead
      ? await ahead.finish(options)
      : threads > 1
        ? await renderInParallel(context, options, threads, await writeAhead?.())
        : await renderRoutes(context, options);
    if (memo) routesRendered = memo.rendered;
    if (renderStore && memo)
      await storeWrites(() => writeRenderMemo(renderStore, config, memo, { before, late, written }));
    return written;
  });
  stopOnErrors(diagnostics);
  const extra = [
    ...bundle.files,
    ...search.files,
    ...sidebarData.files,
    sitemap(site),
    ...feeds(site),
    llmsTxt(site),
    ...markdownCopies(site),
    ...[...site.assets].map(([path, bytes]) => assetFile(path, bytes)),
  ];
  const all = dedupe([...output, ...extra]);
  // The relevance gate runs only when asked (check), over the very index files this build wrote: serve's are
  // built on demand, so they are made here for it.
  const queries = checkSearch ? input.texts.get(SEARCH_QUERIES_FILE) : undefined;
  const checked = await step('check', () =>
    checkBuild({
      site,
      files: queries !== undefined && search.later ? [...all, ...search.later()] : all,
      bundle,
      weigh: !cache,
      searchQueries:
        queries === undefined
          ? undefined
          : {
              text: queries,
              manifestPath: relativeToBase(config.baseUrl, search.url)!,
              store: storeOf('search-answers'),
            },
      diagnostics,
      pace,
    }),
  );
  withLineTexts(diagnostics.items, texts);
  const rendered = { pages: pagesRendered, routes: routesRendered };
  return {
    site,
    files: all,
    diagnostics: diagnostics.items,
    timings,
    rendered,
    ...checked,
    searchIndex: search.later,
    repeatable: history?.answered ?? true,
  };
}

/** Between steps: a step that found errors has reported them all, and the build stops before the next one. */
function stopIfErrors(diagnostics: Diagnostics): void {
  const errors = diagnostics.errors.length;
  if (errors > 0) throw new BuildFailed(diagnostics.items, `build failed with ${errors} error(s)`);
}

/** The first file for each path wins (duplicate routes were reported as warnings in the site step). */
function dedupe(files: OutputFile[]): OutputFile[] {
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.path) && seen.add(file.path));
}
