// The search engine over an index held in memory: what `egdocs check` (the relevance gate), the tests and
// `npm run bench:search` query, with the code the browser's worker runs.
import { createEngine, type Engine, readManifest, type SearchHit } from '../shared/search/engine.ts';
import { indexFileName, type Manifest } from '../shared/search/format.ts';
import type { Config, OutputFile, SearchData, Site } from '../shared/model/types.ts';
import { searchData } from './data.ts';
import { indexFiles } from './index-files.ts';

/** An engine over search records, indexed in memory as a build would index them. */
export function engineOfRecords(
  data: SearchData,
  options: { baseUrl: string; excerptLength: number; bm25: Config['search']['bm25'] },
): Engine {
  const [manifest, ...rest] = indexFiles(data, options.bm25);
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  return createEngine(
    manifest.data as Manifest,
    async (name) => {
      if (!byName.has(name)) throw new Error(`search index file ${name} is missing`);
      return byName.get(name);
    },
    options,
  );
}

/** The search function of a site (`egdocs check` hands the relevance gate one, over the files it built). */
export function siteSearch(site: Site): (query: string, limit: number) => Promise<SearchHit[]> {
  const engine = siteSearchEngine(site);
  return (query, limit) => engine.search(query, limit);
}

/** An engine over a site's search index. */
export function siteSearchEngine(site: Site): Engine {
  const { baseUrl, search } = site.config;
  return engineOfRecords(searchData(site), { baseUrl, excerptLength: search.excerptLength, bm25: search.bm25 });
}

/** An engine over the search files a build wrote (`manifestPath` is the manifest's output path), read as JSON. */
export function engineOfFiles(
  files: OutputFile[],
  manifestPath: string,
  baseUrl: string,
  excerptLength: number,
): Engine {
  const folder = manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1);
  const byPath = new Map(files.map((file) => [file.path, file.contents]));
  const read = (path: string): unknown => {
    const contents = byPath.get(path);
    if (contents === undefined) throw new Error(`search index file ${path} is missing`);
    return JSON.parse(typeof contents === 'string' ? contents : Buffer.from(contents).toString());
  };
  const manifest = readManifest(read(manifestPath));
  return createEngine(manifest, async (name) => read(folder + indexFileName(name, manifest)), {
    baseUrl,
    excerptLength,
  });
}
