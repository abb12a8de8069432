// The spine: one short list of named steps, as a build runs them for `build`, `check` and `serve`. Each step is timed
// (`--timings`), an error thrown inside one carries its name, and the build stops between steps on errors. What an
// earlier build left is asked of the build's stores (build/stores.ts: disk, memory or none); which threads start
// ahead is decided once (build/threads.ts); the steps that do more than call their stage are in build/steps.ts.
import { BuildStopped } from './platform/pace.ts';
export { BuildStopped } from './platform/pace.ts';
export { BuildFailed } from './shared/model/diagnostics.ts';
import type { Bundle } from './bundle/index.ts';
import { type ContentFiles, readContentFiles } from './content/read.ts';
import { routeContentInSlices } from './content/routes.ts';
import { withLineTexts } from './shared/model/diagnostics.ts';
import { BuildRun } from './build/run.ts';
import {
  checkStep,
  highlightStep,
  historyStep,
  referencesStep,
  siteStep,
  markdownStep,
  parseStep,
  renderContext,
  renderStep,
  searchStep,
  siteFiles,
  startBundle,
  templatesStep,
} from './build/steps.ts';
import { type BuildCache, DiskStores, MemoryStores, NoStores, type Stores } from './build/stores.ts';
export { type BuildCache, createBuildCache } from './build/stores.ts';
import { BuildThreads } from './build/threads.ts';
import type { BuildResult, Config } from './shared/model/types.ts';

export interface BuildOptions {
  config: Config;
  /** Content to build instead of reading content/ from disk (tests, serve). */
  files?: ContentFiles;
  /**
   * content/ as the CLI read it from the disk before the build (to key it, build/record.ts): still a build from the
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
  /** Keeps the config compiled for this build for the next load, once the build is under way (config/load.ts). */
  keepConfig?: () => Promise<void>;
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
 * Builds the whole site in memory. Throws BuildFailed on errors; warnings are in the result. With `deferStores`, the
 * stores are written when the caller runs `saveStores`, or before the build throws.
 */
export async function buildSiteFiles(options: BuildOptions): Promise<BuildResult & { saveStores(): Promise<void> }> {
  const root = options.config.paths.root;
  // A build from the disk in a process of its own keeps each step's results for the next; serve keeps them in
  // memory, and builds from file maps (tests) leave the project's stores alone.
  const stores: Stores = options.cache
    ? new MemoryStores(root, options.cache)
    : options.files
      ? new NoStores(root)
      : new DiskStores(root, { deferred: options.deferStores, keepConfig: options.keepConfig });
  const run = new BuildRun(stores, options.signal);
  try {
    return { ...(await buildWith(options, run)), saveStores: () => stores.save() };
  } catch (error) {
    // A stopped build leaves at once: its stores are not worth the wait, and a store half-written is never read.
    if (error instanceof BuildStopped) throw error;
    // What the steps before the failure made is kept, as it is when nothing is deferred: the next build starts
    // from it. A store that cannot be written does not hide the build's own error.
    await run.threads?.unfinished?.highlighted().catch(() => {});
    await Promise.allSettled(run.ahead);
    await stores.save().catch(() => {});
    throw error;
  }
}

async function buildWith(options: BuildOptions, b: BuildRun): Promise<BuildResult> {
  const { config } = options;
  const input = await b.step(
    'read',
    () => options.files ?? options.read ?? readContentFiles(config.paths.root, config, b.pace),
  );
  b.texts = input.texts;
  const started = startBundle(config, b.stores, options.bundle);
  b.ahead.push(started.bundle);
  b.threads = new BuildThreads(b.stores, options.threads, input.texts);
  const parsed = await b.step('content', () => parseStep(b, input));
  b.stopOnErrors();
  const content = await b.step('routes', () => b.pace.run(routeContentInSlices(parsed, config, b.stores.routes)));
  const { sidebars, versionOf } = await b.step('references', () => referencesStep(b, config, content));
  await b.stores.keepConfig();
  const markdown = await b.step('markdown', () => markdownStep(b, config, content));
  b.stopOnErrors();
  const history = await b.step('history', () => historyStep(b, config));
  const site = await b.step('site', () =>
    siteStep(b, { config, content, pages: markdown.pages, sidebars, sidebarVersions: versionOf, history }),
  );
  b.stopOnErrors();
  const templates = await b.step('templates', () => templatesStep(b, started.overrides));
  const bundle: Bundle = await b.step('bundle', () => started.bundle);
  const render = renderContext(b, site, bundle, templates);
  const search = await b.step('search', () => searchStep(b, render, options));
  if (b.threads.unfinished) await b.step('highlight', () => highlightStep(b, site));
  const output = await b.step('render', () => renderStep(b, render, search.ahead, options));
  b.stopOnErrors();
  const all = siteFiles(site, output.written, { bundle, index: search.index, sidebars: render.sidebarData.files });
  const { checkSearch } = options;
  const checked = await b.step('check', () =>
    checkStep(b, site, { all, bundle, index: search.index, checkSearch }, input),
  );
  withLineTexts(b.diagnostics.items, b.texts);
  return {
    site,
    files: all,
    diagnostics: b.diagnostics.items,
    timings: b.timings,
    rendered: { pages: markdown.rendered, routes: output.rendered },
    ...checked,
    searchIndex: search.index.later,
    repeatable: history?.answered ?? true,
  };
}
