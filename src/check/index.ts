// The check stage: runs after render, on the site model and the files the build produced (never re-rendering
// anything to learn what exists). Links and anchors always; page weights against the budgets for a deployable
// build; the search relevance gate when `egdocs check` asks for it, over the index files this build wrote.
import type { Bundle } from '../bundle/index.ts';
import type { Diagnostic, Diagnostics } from '../shared/model/diagnostics.ts';
import { engineOfFiles } from '../search/in-memory.ts';
import type { BuildResult, OutputFile, Site } from '../shared/model/types.ts';
import { checkBudgets, pageWeights } from './budgets.ts';
import { checkLinks } from './links.ts';
import { checkSearchQueries, type SearchFunction, type SearchHitRef } from './search-queries.ts';
import { codeKey, readStore, writeStore } from '../incremental/build-store.ts';
import { sha256 } from '../platform/hash.ts';
import { type Pace, UNPACED } from '../platform/pace.ts';

export interface CheckInput {
  site: Site;
  /** Every file the build produced. */
  files: OutputFile[];
  bundle: Pick<Bundle, 'scripts' | 'styles' | 'preload'>;
  /** Weigh each page kind and hold it against the budgets: a property of a build as deployed (not serve's files). */
  weigh: boolean;
  /**
   * The relevance gate: content/search-queries.yaml's text, the output path of the search manifest written (and of
   * each older docs version's, by its name), and where a build from the disk keeps the answers for the next check of
   * the same index (build-store.ts).
   */
  searchQueries?: { text: string; manifestPath: string; versionManifestPaths?: Record<string, string>; store?: string };
  diagnostics: Diagnostics;
  /** Where checking gives the event loop a turn, and stops once the build is stopped (pace.ts). */
  pace?: Pace;
}

/** Checks the build; what it measured goes into the build's result. */
export async function checkBuild(input: CheckInput): Promise<Pick<BuildResult, 'weights' | 'searchQueries'>> {
  const { site, files, diagnostics, pace = UNPACED } = input;
  await pace.run(
    checkLinks(
      site,
      files.map((file) => file.path),
      diagnostics,
    ),
  );
  let weights: BuildResult['weights'] = [];
  if (input.weigh) {
    const weighed = { site, files: new Map(files.map((file) => [file.path, file])), bundle: input.bundle };
    weights = pageWeights(weighed);
    checkBudgets(site.config, weighed, weights, diagnostics);
  }
  let searchQueries: BuildResult['searchQueries'];
  if (input.searchQueries) {
    const { config } = site;
    const { manifestPath, versionManifestPaths = {}, store, text } = input.searchQueries;
    // Each index is read once, when a query first asks it (an entry names its version; search-queries.ts checks it).
    const engines = new Map<string, ReturnType<typeof engineOfFiles>>();
    const search = (query: string, limit: number, version?: string) => {
      const path = version === undefined ? manifestPath : versionManifestPaths[version];
      const engine =
        engines.get(path) ??
        engines.set(path, engineOfFiles(files, path, config.baseUrl, config.search.excerptLength)).get(path)!;
      return engine.search(query, limit);
    };
    if (!store) searchQueries = await checkSearchQueries(site, text, search, diagnostics);
    else searchQueries = await keptSearchQueries(input, store, search);
  }
  return { weights, searchQueries };
}

/** What a check of the search queries keeps for the next (build-store.ts). */
interface KeptQueries {
  /** Each query's hits, by limit and query: the same index answers the same query the same way. */
  answers: [string, SearchHitRef[]][];
  /** The whole check, for the same query file and the same routes: its result and its warnings. */
  whole?: { key: string; result: { checked: number; found: number }; warnings: Diagnostic[] };
}

/**
 * The search-query check with what the last one kept: kept under the index's own file (its name and contents) and
 * egdocs' code. The same query file over the same routes gives the same warnings, without reading the file or
 * loading the index; a changed query file asks the index only the queries it has not answered before.
 */
async function keptSearchQueries(
  { site, files, diagnostics, searchQueries }: CheckInput,
  store: string,
  search: SearchFunction,
): Promise<BuildResult['searchQueries']> {
  const { manifestPath, versionManifestPaths = {}, text } = searchQueries!;
  const contents = (path: string) => Buffer.from(files.find((file) => file.path === path)?.contents ?? '').toString();
  const manifest = contents(manifestPath);
  // Each older version's manifest too, when there are some (a site without keeps the key it had).
  const older = Object.entries(versionManifestPaths).map(([name, path]) => [name, path, contents(path)]);
  const key = sha256(
    JSON.stringify([await codeKey(), site.config.baseUrl, manifestPath, manifest, ...(older.length ? [older] : [])]),
    'base64url',
  );
  const kept = await readStore<KeptQueries>(store, key);
  const routes = site.routes.map((route) => [route.path, route.data.kind === 'doc' ? route.data.doc.id : '']);
  const whole = sha256(JSON.stringify([text, site.config.search, routes]), 'base64url');
  if (kept?.whole?.key === whole) {
    diagnostics.items.push(...kept.whole.warnings);
    return kept.whole.result;
  }
  const answers = new Map(kept?.answers ?? []);
  const remembered = async (query: string, limit: number, version?: string) => {
    const id = `${limit}\0${query}${version === undefined ? '' : `\0${version}`}`;
    const hits = answers.get(id) ?? (await search(query, limit, version)).map(({ url, title }) => ({ url, title }));
    answers.set(id, hits);
    return hits;
  };
  const before = diagnostics.items.length;
  const result = await checkSearchQueries(site, text, remembered, diagnostics);
  const warnings = diagnostics.items.slice(before);
  await writeStore<KeptQueries>(store, key, { answers: [...answers], whole: { key: whole, result, warnings } });
  return result;
}
