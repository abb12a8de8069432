// The site as `egdocs serve` has it: built in memory, written through a MemoryWriter as `build` writes through its
// FsWriter, and numbered: every good build gets the next number, which each page sent carries (see http.ts), so a
// page can tell it is older than the site. A save rebuilds incrementally (see BuildCache) and says what the open pages
// must do (changes.ts); a failed build keeps the last good site and remembers the failure until the next good one.
import { withBase } from '../shared/urls.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildSiteFiles, type BuildCache, createBuildCache } from '../build.ts';
import { loadConfig } from '../config/load.ts';
import { type ContentFiles, readContentFiles, updateContentFiles } from '../content/read.ts';
import { MemoryWriter } from '../output/writer.ts';
import type { ErrorMessage, Update } from '../shared/live-protocol.ts';
import type { BuildResult, Config, OutputFile } from '../shared/model/types.ts';
import { type BuildOutput, pagesOf, updateOf } from './changes.ts';
import { failureOf } from './failure.ts';
import { isInside } from './sources.ts';

/** One good build as served: its files and its number. Replaced whole by the next good build. */
export interface Served extends BuildOutput {
  files: Map<string, string | Uint8Array>;
  /** Large files of content/, by output path: served from the disk (MemoryWriter.copies). */
  copies: Map<string, string>;
  /** 1 for the first good build, then one more each time; 0 while there has been none. */
  build: number;
}

/**
 * What a rebuild came to: a result whose files are now served, with what the open pages must do to show them, or the
 * failure shown instead.
 */
export type Outcome =
  | { ok: true; result: BuildResult; update: Update }
  // `error` is what the build threw, for the terminal (DevServerOptions.report); `failure` is it as the pages see it.
  | { ok: false; failure: ErrorMessage; error: unknown };

export interface DevSite {
  /** Names this server's site among the servers started before and after it (PageBuild.server). */
  readonly server: string;
  /** The config as last loaded: a save of the config file loads it again. */
  readonly config: Config;
  /** The last good build. */
  readonly served: Served;
  /** The last build's problems, while it is failing. */
  readonly failure: ErrorMessage | undefined;
  /** Builds again after `changed` (absolute paths; none for the first build), and serves the result if it is good. */
  rebuild(changed: string[]): Promise<Outcome>;
  /** Adds the search index of the last build to its files; the first request for one of them asks (see below). */
  writeSearchIndex(): Promise<void>;
}

export interface DevSiteOptions {
  configFile: string;
  /** The base path to serve under instead of the config's (--base-url). */
  baseUrl?: string;
  /** The templates folder: a change in it bundles them afresh and renders every page with them. */
  templatesDir: string;
  /** Render with a fresh bundle of the templates from the first build (they are not the ones compiled in). */
  freshTemplates?: boolean;
  /** Build the current docs version only: content/versioned/ is not read (--current-version-only). */
  currentVersionOnly?: boolean;
}

/** Loads the config (it must load: it says where the site is) and returns a site not built yet. */
export async function createDevSite({
  configFile,
  baseUrl,
  templatesDir,
  freshTemplates,
  currentVersionOnly = false,
}: DevSiteOptions): Promise<DevSite> {
  const load = async () => {
    const loaded = await loadConfig({ configFile, baseUrl });
    // The older versions are neither read nor declared: the site is the current version's, as if it had no others;
    // links into them are not checked (their pages exist, only not in this build).
    if (!currentVersionOnly) return loaded;
    const leftOutPaths = loaded.docs.versions.map((v) => withBase(loaded, loaded.docs.routeBasePath, v.path));
    return { ...loaded, docs: { ...loaded.docs, versions: [], lastVersion: undefined }, leftOutPaths };
  };
  const reading = () => ({ publishDotfiles: config.publishDotfiles, currentVersionOnly });
  let config = await load();
  let cache: BuildCache = createBuildCache();
  if (freshTemplates) cache.templatesDir = templatesDir;
  /** content/ as last read: a save re-reads only the paths that changed. */
  let content: ContentFiles | undefined;
  let served: Served = { files: new Map(), copies: new Map(), pages: new Map(), build: 0 };
  let failure: ErrorMessage | undefined;
  /** The search index of the served build, until a request makes it (BuildResult.searchIndex). */
  let searchIndex: (() => OutputFile[]) | undefined;
  let writer = new MemoryWriter();

  /**
   * Why every open page must load again once a build is good whatever its files say, if it must: kept over failed
   * builds, since the pages still show the last good one.
   */
  let whole: string | undefined;
  /**
   * What every page shares, as the render memo keys it, in the last good build: a page holds it in its React state,
   * and a payload does not carry it (the chrome: navbar, footer, recent posts; the asset URLs).
   */
  let shared: string | undefined;
  const build = async (changed: string[]): Promise<BuildResult> => {
    if (changed.includes(configFile)) {
      whole ??= 'the config changed';
      // The config decides everything else: read it again and start from nothing.
      config = await load();
      cache = { ...createBuildCache(), templatesDir: cache.templatesDir };
      content = undefined;
    } else if (changed.some((file) => isInside(templatesDir, file))) {
      // Templates are compiled into the CLI: render with a fresh copy, and bundle the client again.
      [cache.templatesDir, cache.templates, cache.bundle] = [templatesDir, undefined, undefined];
      whole ??= 'a template changed';
    }
    const root = config.paths.root;
    // The project's overrides: the build compiles them again, for the server and the client.
    if (changed.some((file) => isInside(path.join(root, 'templates'), file))) {
      [cache.templates, cache.bundle] = [undefined, undefined];
      whole ??= 'a template changed';
    }
    const contentDir = path.join(root, 'content');
    if (content)
      await updateContentFiles(
        content,
        root,
        changed.filter((file) => isInside(contentDir, file)),
        reading(),
      );
    else content = await readContentFiles(root, reading());
    return buildSiteFiles({ config, files: content, cache });
  };

  const server = randomBytes(6).toString('base64url');
  return {
    server,
    get config() {
      return config;
    },
    get served() {
      return served;
    },
    get failure() {
      return failure;
    },
    async rebuild(changed) {
      try {
        const result = await build(changed);
        // A writer of its own per build: the site is swapped whole, so no request sees half of two builds.
        writer = new MemoryWriter();
        await writer.write(result.files);
        const next = { files: writer.files, copies: writer.copies, pages: pagesOf(result.site.routes) };
        if (served.build === 0) whole = 'the first good build';
        else if (cache.render.shared !== shared) whole ??= 'what every page shares changed';
        const update = updateOf(served, next, whole);
        [whole, shared] = [undefined, cache.render.shared];
        served = { ...next, build: served.build + 1 };
        searchIndex = result.searchIndex;
        failure = undefined;
        return { ok: true, result, update };
      } catch (error) {
        failure = failureOf(error);
        return { ok: false, failure, error };
      }
    },
    async writeSearchIndex() {
      const make = searchIndex;
      searchIndex = undefined;
      if (make) await writer.write(make());
    },
  };
}
