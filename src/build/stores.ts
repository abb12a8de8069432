// Everything a build keeps for the next one, behind one interface: on the disk (node_modules/.cache/egdocs, for
// `build` and `check`, each in a process of its own), in memory (serve, which builds again on each save) or nowhere
// (a build from a file map: tests, which must leave a project's stores alone). The steps ask their store for what an
// earlier build left and hand it what this one made; they never ask which kind they have. The pattern is the output's
// (Writer, FsWriter, MemoryWriter).
import { existsSync } from 'node:fs';
import { storeFile, storeFolder, type StoreWrites, writeNow } from '../incremental/build-store.ts';
import { type Bundle, bundleTemplates, packageRoot } from '../bundle/index.ts';
import type { Override } from '../bundle/overrides.ts';
import { storedBundle } from '../bundle/store.ts';
import type { KeptHistory } from '../content/git-history.ts';
import type { ParseCache } from '../content/parse.ts';
import type { RouteMemo } from '../content/routes.ts';
import { readParseStore, writeParseStore } from '../content/parse-store.ts';
import type { MarkdownSpeed, PageCache } from '../markdown/index.ts';
import { CodeHighlighter } from '../markdown/plugins/highlight.ts';
import type { Pace } from '../platform/pace.ts';
import type { RenderMemo, Templates } from '../render/index.ts';
import { LateUrls } from '../render/late-urls.ts';
import { readRenderMemo, writeRenderMemo } from '../render/store.ts';
import {
  type SearchIndexFiles,
  searchIndexFilesInSlices,
  searchIndexLater,
  storedSearchIndexFiles,
  TermsMemo,
} from '../search/index-files.ts';
import type { Config, OutputFile, Site } from '../shared/model/types.ts';

export interface BundleInputs {
  overrides: Override[];
  baseUrl: string;
  /** Whether the project declares older docs versions (bundle/index.ts, BundleOptions.versions). */
  versions: boolean;
  /** Whether the project turns image zoom on (BundleOptions.imageZoom). */
  imageZoom: boolean;
}

/** The render memo of a build: the stand-ins now, the memo when the render step reads it. */
export interface KeptRender {
  late: LateUrls;
  read(): Promise<{ memo: RenderMemo | undefined; keep(written: OutputFile[]): Promise<void> }>;
}

/** The search index of a build: its files now, or (serve) a manifest URL now and the files when first asked for. */
export type BuiltSearchIndex = SearchIndexFiles & { later?: () => OutputFile[] };

export interface Stores {
  /**
   * What the build is for, as far as a store decides it: 'disk' builds in a process of its own, 'memory' builds again
   * on each save (serve), 'none' keeps nothing (a build from a file map).
   */
  readonly kind: 'disk' | 'memory' | 'none';
  /** The sources parsed by earlier builds whose text is the same now; `keep` saves what the content step left. */
  parsed(texts: ReadonlyMap<string, string>): Promise<{ value?: ParseCache; keep(): Promise<void> }>;
  /** The sources routed by earlier builds, so that an unchanged one is the same object (content/routes.ts). */
  readonly routes: RouteMemo | undefined;
  /** The config compiled for this build is kept for the next load, once the build is under way (config/compile.ts). */
  keepConfig(): Promise<void>;
  /** The highlighter, the highlight cache and the pages of earlier builds, as the markdown stage takes them. */
  markdown(
    cold: CodeHighlighter | undefined,
  ): Promise<
    Pick<MarkdownSpeed, 'highlighter' | 'highlightCache' | 'highlightThread' | 'cache' | 'pageStore' | 'storeWrites'>
  >;
  /** Where the file that keeps highlighted code lives (none: kept in memory for one build). */
  readonly highlightCache: string | undefined;
  /** Where last-updated dates are kept between builds, by the commit they were read at. */
  history(): { store?: string; memo?: Map<string, KeptHistory> };
  /** The templates compiled with the project's overrides (none: the ones compiled in). */
  templates(overrides: Override[]): Promise<Templates | undefined>;
  /** The client bundle for these overrides and base URL: kept, or made by `make`. */
  bundle(inputs: BundleInputs, make: () => Promise<Bundle>): Promise<Bundle>;
  /**
   * The routes rendered by earlier builds, and the stand-ins for the hashed sidebar URLs (render/late-urls.ts) that
   * let a kept route survive a changed title. Only with egdocs' own templates: a project's are not in the key.
   */
  renderMemo(config: Config, texts: Iterable<string>, templates: Templates | undefined): KeptRender;
  /** The search index of this site: kept, made now, or (serve) made when a page first asks for it. */
  searchIndex(site: Site, pace: Pace): Promise<BuiltSearchIndex>;
  /** Where `check` keeps the answers of the relevance gate's queries. */
  readonly searchAnswers: string | undefined;
  /** Whether an earlier build left this kind of store (a build with none to start from may start threads early). */
  has(name: 'pages' | 'render' | 'highlight'): boolean;
  /** Writes the stores whose writing was deferred (see StoreWrites); a no-op when none was. */
  save(): Promise<void>;
}

/** Nothing kept: a build from a file map (tests build many sites and must not write a project's cache). */
export class NoStores implements Stores {
  readonly kind: Stores['kind'] = 'none';
  readonly highlightCache: string | undefined = undefined;
  readonly searchAnswers: string | undefined = undefined;
  readonly routes: RouteMemo | undefined = undefined;
  constructor(protected readonly root: string) {}
  async parsed(_texts: ReadonlyMap<string, string>): ReturnType<Stores['parsed']> {
    return { value: undefined, keep: async () => {} };
  }
  async keepConfig() {}
  async markdown(cold: CodeHighlighter | undefined) {
    return { highlighter: cold, highlightCache: this.highlightCache };
  }
  history() {
    return {};
  }
  async templates(overrides: Override[]) {
    return overrides.length > 0 ? bundleTemplates({ overrides, root: this.root }) : undefined;
  }
  bundle(_inputs: BundleInputs, make: () => Promise<Bundle>) {
    return make();
  }
  renderMemo(_config: Config, _texts: Iterable<string>, _templates: Templates | undefined): KeptRender {
    return { late: new LateUrls(false), read: async () => ({ memo: undefined, keep: async () => {} }) };
  }
  async searchIndex(site: Site, pace: Pace): Promise<BuiltSearchIndex> {
    return pace.run(searchIndexFilesInSlices(site));
  }
  has(_name: 'pages' | 'render' | 'highlight') {
    return false;
  }
  async save() {}
}

/**
 * node_modules/.cache/egdocs (build-store.ts), keyed by every input, egdocs' code included. With `deferred`, the
 * stores are written when `save` is called (the CLI writes them while the output is written) rather than in their
 * steps.
 */
export class DiskStores extends NoStores {
  override readonly kind = 'disk';
  override readonly highlightCache: string;
  override readonly searchAnswers: string;
  private readonly deferred: (() => Promise<void>)[] = [];
  private readonly writes: StoreWrites;

  private readonly keepCompiled?: () => Promise<void>;

  constructor(
    root: string,
    { deferred = false, keepConfig }: { deferred?: boolean; keepConfig?: () => Promise<void> } = {},
  ) {
    super(root);
    this.keepCompiled = keepConfig;
    this.highlightCache = storeFile(root, 'highlight');
    this.searchAnswers = storeFile(root, 'search-answers');
    this.writes = deferred ? async (save) => void this.deferred.push(save) : writeNow;
  }

  private file(name: string) {
    return storeFile(this.root, name);
  }

  override async parsed(texts: ReadonlyMap<string, string>) {
    const store = this.file('parsed');
    const value = await readParseStore(store, texts);
    const before = new Set(value.values());
    return { value, keep: () => this.writes(() => writeParseStore(store, value, before)) };
  }

  override async keepConfig() {
    await this.keepCompiled?.();
  }

  override async markdown(cold: CodeHighlighter | undefined) {
    return {
      highlighter: cold,
      highlightCache: this.highlightCache,
      highlightThread: true,
      pageStore: storeFolder(this.root, 'pages'),
      storeWrites: this.writes,
    };
  }

  override history() {
    return { store: this.file('history') };
  }

  override bundle({ overrides, baseUrl, versions, imageZoom }: BundleInputs, make: () => Promise<Bundle>) {
    // Overrides come through a plugin whose files the store cannot see: such a project bundles every time.
    if (overrides.length > 0) return make();
    return storedBundle(this.file('bundle'), { root: packageRoot, baseUrl, versions, imageZoom }, make);
  }

  override renderMemo(config: Config, texts: Iterable<string>, templates: Templates | undefined): KeptRender {
    if (templates) return super.renderMemo(config, texts, templates);
    const store = this.file('render');
    const late = LateUrls.for(texts);
    const read = async () => {
      const memo = await readRenderMemo(store, config, late);
      const before = memo.routes.size;
      const keep = (written: OutputFile[]) =>
        this.writes(() => writeRenderMemo(store, config, memo, { before, late, written }));
      return { memo, keep };
    };
    return { late, read };
  }

  override searchIndex(site: Site, pace: Pace) {
    return storedSearchIndexFiles(site, this.file('search'), this.file('search-terms'), this.writes, pace);
  }

  override has(name: 'pages' | 'render' | 'highlight') {
    return existsSync(name === 'pages' ? storeFolder(this.root, name) : this.file(name));
  }

  override async save() {
    for (const save of this.deferred.splice(0)) await save();
  }
}

/**
 * Serve's: each stage's results from earlier builds of one config, in memory. Keyed by their inputs, so a stale
 * entry is never used: sources by their text, pages by their source and lookups, routes by their props.
 */
export interface BuildCache {
  parsed: ParseCache;
  routes: RouteMemo;
  pages: PageCache;
  highlighter?: CodeHighlighter;
  /**
   * The client bundle depends only on egdocs' own sources, the project's overrides and the base URL; serve drops it
   * when a template or an override changes.
   */
  bundle?: Promise<Bundle>;
  /** What `bundle` was made with of the config: whether the project declares docs versions and turns image zoom on. */
  bundleFeatures?: string;
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
    routes: new WeakMap(),
    pages: new Map(),
    render: { routes: new Map(), rendered: 0 },
    searchTerms: new TermsMemo(),
    history: new Map(),
  };
}

/** Serve's stores: a BuildCache the steps fill in place, so there is nothing to save. */
export class MemoryStores extends NoStores {
  override readonly kind = 'memory';
  override readonly highlightCache: string;
  override readonly routes: RouteMemo;

  constructor(
    root: string,
    private readonly cache: BuildCache,
  ) {
    super(root);
    this.routes = cache.routes;
    // Highlighted code is kept on the disk even so: a restarted serve starts warm.
    this.highlightCache = storeFile(root, 'highlight');
  }

  override async parsed() {
    return { value: this.cache.parsed, keep: async () => {} };
  }

  override async markdown() {
    const highlighter = (this.cache.highlighter ??= await new CodeHighlighter(undefined, this.highlightCache).open());
    return { highlighter, highlightCache: this.highlightCache, cache: this.cache.pages };
  }

  override history() {
    return { memo: this.cache.history };
  }

  /** Templates and bundle made with other overrides (a file added or removed) are made again. */
  private withOverrides(overrides: Override[]) {
    const { cache } = this;
    if (cache.overrides !== JSON.stringify(overrides)) [cache.templates, cache.bundle] = [undefined, undefined];
    cache.overrides = JSON.stringify(overrides);
  }

  override async templates(overrides: Override[]) {
    const { cache } = this;
    this.withOverrides(overrides);
    if (overrides.length > 0 || cache.templatesDir)
      cache.templates ??= await bundleTemplates({ templatesDir: cache.templatesDir, overrides, root: this.root });
    return cache.templates;
  }

  override bundle({ overrides, versions, imageZoom }: BundleInputs, make: () => Promise<Bundle>) {
    this.withOverrides(overrides);
    // A config that starts or stops declaring versions, or turns image zoom on or off, needs the client with or without
    // their code.
    const features = JSON.stringify({ versions, imageZoom });
    if (this.cache.bundleFeatures !== features) this.cache.bundle = undefined;
    this.cache.bundleFeatures = features;
    // A failed bundle (a template with a syntax error) is not kept: the next build tries again.
    this.cache.bundle ??= make().catch((error) => {
      this.cache.bundle = undefined;
      throw error;
    });
    return this.cache.bundle;
  }

  override renderMemo(): KeptRender {
    return { late: new LateUrls(false), read: async () => ({ memo: this.cache.render, keep: async () => {} }) };
  }

  override async searchIndex(site: Site) {
    return searchIndexLater(site, this.cache.searchTerms);
  }
}
