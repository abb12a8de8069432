// The check stage: runs after render, on the site model and the files the build produced (never re-rendering
// anything to learn what exists). Links and anchors always; page weights against the budgets for a deployable
// build; the search relevance gate when `egdocs check` asks for it, over the index files this build wrote.
import type { Bundle } from '../bundle/index.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { engineOfFiles } from '../search/in-memory.ts';
import type { BuildResult, OutputFile, Site } from '../types.ts';
import { checkBudgets, pageWeights } from './budgets.ts';
import { checkLinks } from './links.ts';
import { checkSearchQueries } from './search-queries.ts';

export interface CheckInput {
  site: Site;
  /** Every file the build produced. */
  files: OutputFile[];
  bundle: Pick<Bundle, 'scripts' | 'styles' | 'preload'>;
  /** Weigh each page kind and hold it against the budgets: a property of a build as deployed (not serve's files). */
  weigh: boolean;
  /** The relevance gate: content/search-queries.yaml's text, and the output path of the search manifest written. */
  searchQueries?: { text: string; manifestPath: string };
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
    const engine = engineOfFiles(files, input.searchQueries.manifestPath, config.baseUrl, config.search.excerptLength);
    const search = (query: string, limit: number) => engine.search(query, limit);
    searchQueries = await checkSearchQueries(site, input.searchQueries.text, search, diagnostics);
  }
  return { weights, searchQueries };
}
