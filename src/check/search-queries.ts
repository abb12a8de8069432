// The relevance gate: a project keeps what its readers type and the page each should find
// (`content/search-queries.yaml`), and `egdocs check` warns, at the query's line, for every query whose page is not
// among the suggestions. An edit that makes a page unfindable then fails CI like a broken link does.
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type Scalar, type YAMLMap } from 'yaml';
import { explainYamlError } from '../content/yaml-errors.ts';
import { didYouMean, type Diagnostics } from '../diagnostics.ts';
import type { Site } from '../types.ts';

export const SEARCH_QUERIES_FILE = 'content/search-queries.yaml';
const KEYS = ['query', 'page', 'tags'];

/** What the gate asks of search: hits for a query, best first, as the suggestions show them. */
export type SearchFunction = (query: string, limit: number) => Promise<{ url: string; title: string }[]>;

interface Entry {
  query: string;
  /** Route paths (with the base path) any of which answers the query. */
  pages: string[];
  line: number;
  column: number;
}

/** Checks the query file's form, then runs every query; each problem is a warning at its line. */
export async function checkSearchQueries(site: Site, text: string | undefined, search: SearchFunction, diagnostics: Diagnostics): Promise<{ checked: number; found: number } | undefined> {
  if (text === undefined) return undefined;
  const entries = readEntries(site, text, diagnostics);
  const limit = site.config.search.maxSuggestions;
  const base = site.config.baseUrl;
  let found = 0;
  for (const entry of entries) {
    const hits = await search(entry.query, limit);
    if (hits.some((hit) => entry.pages.includes(hit.url.replace(/#.*$/, '')))) {
      found++;
      continue;
    }
    const wanted = entry.pages.map((page) => page.slice(base.length - 1)).join(' or ');
    const first = hits[0] ? `the first is ${hits[0].url.slice(base.length - 1)} (${hits[0].title})` : 'it finds nothing';
    diagnostics.warn(
      'search-query',
      `search for "${entry.query}" does not suggest ${wanted} among its first ${limit}; ${first}`,
      { file: SEARCH_QUERIES_FILE, line: entry.line, column: entry.column },
      "use the readers' words in the page's title or headings, or add them to its sidebar category's keywords",
    );
  }
  return { checked: entries.length, found };
}

/** The valid entries of the file; a malformed one is a warning and is skipped. */
function readEntries(site: Site, text: string, diagnostics: Diagnostics): Entry[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const warn = (message: string, node: Node | null | undefined, hint?: string) => {
    const at = lines.linePos(node?.range?.[0] ?? 0);
    diagnostics.warn('search-query', message, { file: SEARCH_QUERIES_FILE, line: at.line, column: at.col }, hint);
  };
  if (doc.errors.length > 0) {
    const problem = explainYamlError(text, doc);
    diagnostics.warn('search-query', problem.message, { file: SEARCH_QUERIES_FILE, line: problem.line, column: problem.column }, problem.hint);
    return [];
  }
  if (doc.contents === null) return [];
  if (!isSeq(doc.contents)) {
    warn('the search queries file must be a list of queries', doc.contents, "start each entry with '- query: ...' and give it a 'page: <doc id>'");
    return [];
  }
  const docPaths = new Map(site.routes.flatMap((route) => (route.data.kind === 'doc' ? [[route.data.doc.id, route.path] as const] : [])));
  const routePaths = new Set(site.routes.map((route) => route.path));
  const entries: Entry[] = [];
  for (const item of doc.contents.items) {
    if (!isMap(item)) {
      warn('each search query is a map with query and page', item as Node, "write '- query: install the admin panel' and on the next line '  page: admin-panel/server-setup'");
      continue;
    }
    const map = item as YAMLMap<unknown, unknown>;
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!KEYS.includes(key)) {
        const guess = didYouMean(key, KEYS);
        warn(`unknown key '${key}' in a search query`, pair.key as Node, guess ? `did you mean '${guess}'?` : `the keys are ${KEYS.join(', ')}`);
      }
    }
    const queryNode = map.get('query', true) as Node | undefined;
    const pageNode = map.get('page', true) as Node | undefined;
    const query = isScalar(queryNode) ? String(queryNode.value ?? '').trim() : '';
    if (!query) {
      warn('a search query without its text', queryNode ?? item, "add 'query: <what a reader types>'");
      continue;
    }
    const named = isScalar(pageNode) ? [pageNode] : isSeq(pageNode) ? ((pageNode as { items: unknown[] }).items.filter(isScalar) as Scalar[]) : [];
    if (named.length === 0) {
      warn(`search query "${query}" names no page`, pageNode ?? item, "add 'page: <doc id>', the file under content/docs without .md");
      continue;
    }
    const pages: string[] = [];
    for (const node of named) {
      const id = String(node.value);
      const path = id.startsWith('/') ? site.config.baseUrl + id.replace(/^\/+/, '') : docPaths.get(id);
      if (path && (routePaths.has(path) || routePaths.has(`${path}/`))) {
        pages.push(routePaths.has(path) ? path : `${path}/`);
        continue;
      }
      const guess = id.startsWith('/') ? undefined : didYouMean(id, docPaths.keys());
      warn(`search query "${query}": no page '${id}'`, node, guess ? `did you mean '${guess}'?` : 'name a doc by its id (its file under content/docs without .md) or a page by its path, like /blog/');
    }
    if (pages.length === 0) continue;
    const at = lines.linePos(queryNode!.range?.[0] ?? 0);
    entries.push({ query, pages, line: at.line, column: at.col });
  }
  return entries;
}
