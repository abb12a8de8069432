// The check stage: runs after render, on the site model and the files the build produced (never re-rendering
// anything to learn what exists). Links and anchors always; page weights against the budgets for a deployable
// build; the search relevance gate when `egdocs check` asks for it, over the index files this build wrote.
import type { Bundle } from '../bundle/index.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { engineOfFiles } from '../search/in-memory.ts';
import type { BuildResult, OutputFile, Site } from '../types.ts';
import { checkBudgets, pageWeights } from './budgets.ts';
import { checkLinks } from './links.ts';
import { checkSearchQueries, type SearchHitRef } from './search-queries.ts';
import { codeKey, readStore, writeStore } from '../build-store.ts';
import { sha256 } from '../hash.ts';

export interface CheckInput {
  site: Site;
  /** Every file the build produced. */
  files: OutputFile[];
  bundle: Pick<Bundle, 'scripts' | 'styles' | 'preload'>;
  /** Weigh each page kind and hold it against the budgets: a property of a build as deployed (not serve's files). */
  weigh: boolean;
  /**
   * The relevance gate: content/search-queries.yaml's text, the output path of the search manifest written, and
   * where a build from the disk keeps the answers for the next check of the same index (build-store.ts).
   */
  searchQueries?: { text: string; manifestPath: string; store?: string };
  diagnostics: Diagnostics;
}

/** Checks the build; what it measured goes into the build's result. */
export async function checkBuild(input: CheckInput): Promise<Pick<BuildResult, 'weights' | 'searchQueries'>> {
  const { site, files, diagnostics } = input;
  checkLinks(
    site,
    files.map((file) => file.path),
    diagnostics,
  );
  let weights: BuildResult['weights'] = [];
  if (input.weigh) {
    const weighed = { site, files: new Map(files.map((file) => [file.path, file.contents])), bundle: input.bundle };
    weights = pageWeights(weighed);
    checkBudgets(site.config, weighed, weights, diagnostics);
  }
  let searchQueries: BuildResult['searchQueries'];
  if (input.searchQueries) {
    const { config } = site;
    const { manifestPath, store, text } = input.searchQueries;
    const engine = engineOfFiles(files, manifestPath, config.baseUrl, config.search.excerptLength);
    const search = (query: string, limit: number) => engine.search(query, limit);
    if (!store) searchQueries = await checkSearchQueries(site, text, search, diagnostics);
    else {
      // The same index answers the same query the same way: answers are kept under the index's own file (its name
      // and contents), the site's routes and egdocs' code.
      const manifest = files.find((file) => file.path === manifestPath)?.contents ?? '';
      const key = sha256(
        JSON.stringify([await codeKey(), config.baseUrl, manifestPath, Buffer.from(manifest).toString()]),
        'base64url',
      );
      const kept = new Map((await readStore<[string, SearchHitRef[]][]>(store, key)) ?? []);
      const size = kept.size;
      const remembered = async (query: string, limit: number) => {
        const id = `${limit}\0${query}`;
        const hits = kept.get(id) ?? (await search(query, limit)).map(({ url, title }) => ({ url, title }));
        kept.set(id, hits);
        return hits;
      };
      searchQueries = await checkSearchQueries(site, text, remembered, diagnostics);
      if (kept.size !== size) await writeStore(store, key, [...kept]);
    }
  }
  return { weights, searchQueries };
}
