// The relevance gate: a project keeps what its readers type and the page each should find
// (`content/search-queries.yaml`), and `egdocs check` warns, at the query's line, for every query whose page is not
// among the suggestions. An edit that makes a page unfindable then fails CI like a broken link does.
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { explainYamlError } from '../content/yaml-errors.ts';
import { didYouMean, type Diagnostics } from '../shared/model/diagnostics.ts';
import { sitePath } from '../shared/urls.ts';
import type { Site } from '../shared/model/types.ts';

export const SEARCH_QUERIES_FILE = 'content/search-queries.yaml';
const KEYS = ['query', 'page', 'tags', 'version'];

/**
 * What the gate asks of search: at most `limit` hits for a query, best first, as the suggestions show them, from the
 * index of `version` (an older docs version's name; the current version's when undefined). A hit's URL is the base
 * URL, the page's path and an optional `#anchor`; a title, when given, is named in the warning.
 */
export type SearchFunction = (
  query: string,
  limit: number,
  version?: string,
) => Promise<SearchHitRef[]> | SearchHitRef[];
export type SearchHitRef = { url: string; title?: string };

/** How far a query that fails is searched again, to tell the writer where its page went. */
const RANK_DEPTH = 50;

interface Entry {
  query: string;
  /** Route paths (with the base path) any of which answers the query. */
  pages: string[];
  /** The older docs version whose index is searched (its name); undefined for the current version. */
  version?: string;
  line: number;
  column: number;
}

/** Checks the query file's form (`text`), then runs every query; each problem is a warning at its line. */
export async function checkSearchQueries(
  site: Site,
  text: string,
  search: SearchFunction,
  diagnostics: Diagnostics,
): Promise<{ checked: number; found: number }> {
  const entries = readEntries(site, text, diagnostics);
  const limit = site.config.search.maxSuggestions;
  const base = site.config.baseUrl;
  let found = 0;
  for (const entry of entries) {
    const hits = await search(entry.query, limit, entry.version);
    if (rankOf(entry, hits) !== undefined) {
      found++;
      continue;
    }
    const shown = (url: string) => url.slice(base.length - 1);
    const wanted = entry.pages.map(shown).join(' or ');
    const first = hits[0]
      ? `the first is ${shown(hits[0].url)}${hits[0].title ? ` (${hits[0].title})` : ''}`
      : 'it finds nothing';
    diagnostics.warn(
      'search-query',
      `search for "${entry.query}"${entry.version === undefined ? '' : ` in version ${entry.version}`} does not suggest ${wanted} among its first ${limit}${await whereItWent(entry, search, hits, limit)}; ${first}`,
      { file: SEARCH_QUERIES_FILE, line: entry.line, column: entry.column },
      "use the readers' words in the page's title or headings, or add them to its sidebar category's keywords",
    );
  }
  return { checked: entries.length, found };
}

/** The place (0-based) of the first hit on one of the entry's pages, if any. */
function rankOf(entry: Entry, hits: SearchHitRef[]): number | undefined {
  const at = hits.findIndex((hit) => entry.pages.includes(hit.url.replace(/#.*$/, '')));
  return at < 0 ? undefined : at;
}

/**
 * Where the page of a failing query ranks, searched again deeper: a page 9th needs a nudge, one that is gone needs
 * its words back. Ranking may differ a little with the limit (some boosts look only at the hits to show), so a page
 * the deeper search puts within the limit gets no rank rather than a wrong one.
 */
async function whereItWent(entry: Entry, search: SearchFunction, hits: SearchHitRef[], limit: number): Promise<string> {
  if (hits.length === 0) return '';
  const depth = Math.max(RANK_DEPTH, limit * 2);
  // Fewer hits than asked for: there is nothing deeper to look at.
  const deeper = hits.length < limit ? hits : await search(entry.query, depth, entry.version);
  const rank = rankOf(entry, deeper);
  if (rank !== undefined) return rank < limit ? '' : ` (it comes ${ordinal(rank + 1)})`;
  return deeper.length < depth ? ' (nor anywhere in its results)' : ` (nor in the first ${depth})`;
}

function ordinal(n: number): string {
  const suffix =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The valid entries of the file; a malformed one is a warning and is skipped. */
function readEntries(site: Site, text: string, diagnostics: Diagnostics): Entry[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) {
    const problem = explainYamlError(text, doc);
    diagnostics.warn(
      'search-queries-file',
      problem.message,
      { file: SEARCH_QUERIES_FILE, line: problem.line, column: problem.column },
      problem.hint,
    );
    return [];
  }
  const reader = new EntryReader(site, lines, diagnostics);
  if (doc.contents === null) return [];
  if (!isSeq(doc.contents)) {
    reader.warn(
      'the search queries file must be a list of queries',
      doc.contents,
      "start each entry with '- query: ...' and give it a 'page: <doc id>'",
    );
    return [];
  }
  return doc.contents.items.flatMap((item) => reader.entry(item as Node) ?? []);
}

const INVALID_VERSION = Symbol('invalid version');

/** Reads the entries of the query file, each problem a warning at its line. */
class EntryReader {
  /** Each doc's path by its id, per docs version ('' for the current one). */
  private readonly docPaths = new Map<string, Map<string, string>>();
  private readonly routePaths: Set<string>;

  constructor(
    private readonly site: Site,
    private readonly lines: LineCounter,
    private readonly diagnostics: Diagnostics,
  ) {
    for (const route of site.routes) {
      if (route.data.kind !== 'doc') continue;
      const version = route.data.doc.version ?? '';
      (this.docPaths.get(version) ?? this.docPaths.set(version, new Map()).get(version)!).set(
        route.data.doc.id,
        route.path,
      );
    }
    this.routePaths = new Set(site.routes.map((route) => route.path));
  }

  warn(message: string, node: Node | null | undefined, hint?: string): void {
    const at = this.lines.linePos(node?.range?.[0] ?? 0);
    this.diagnostics.warn(
      'search-queries-file',
      message,
      { file: SEARCH_QUERIES_FILE, line: at.line, column: at.col },
      hint,
    );
  }

  /** An entry of the list: its query and the paths of the pages it names; undefined when it has none of either. */
  entry(item: Node): Entry | undefined {
    if (!isMap(item)) {
      this.warn(
        'each search query is a map with query and page',
        item,
        "write '- query: install the admin panel' and on the next line '  page: admin-panel/server-setup'",
      );
      return undefined;
    }
    const map = item as YAMLMap<unknown, unknown>;
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (KEYS.includes(key)) continue;
      const guess = didYouMean(key, KEYS);
      const hint = guess ? `did you mean '${guess}'?` : `the keys are ${KEYS.join(', ')}`;
      this.warn(`unknown key '${key}' in a search query`, pair.key as Node, hint);
    }
    const queryNode = map.get('query', true) as Node | undefined;
    const query = isScalar(queryNode) ? String(queryNode.value ?? '').trim() : '';
    if (!query) {
      this.warn('a search query without its text', queryNode ?? item, "add 'query: <what a reader types>'");
      return undefined;
    }
    const version = this.versionOf(query, map.get('version', true) as Node | undefined);
    if (version === INVALID_VERSION) return undefined;
    const pages = this.pagesOf(query, map.get('page', true) as Node | undefined, item, version);
    if (pages.length === 0) return undefined;
    const at = this.lines.linePos(queryNode!.range?.[0] ?? 0);
    return { query, pages, version, line: at.line, column: at.col };
  }

  /**
   * The older version an entry's `version` names (its name), undefined for none or the current version's name, or
   * INVALID_VERSION after a warning: the entry is then skipped, as its pages would be looked for in the wrong index.
   */
  private versionOf(query: string, node: Node | undefined): string | undefined | typeof INVALID_VERSION {
    if (node === undefined) return undefined;
    // As written: unquoted, '2.10' is a number, which would read as 2.1.
    const name = isScalar(node) ? String(node.source ?? node.value ?? '').trim() : '';
    const { docs } = this.site.config;
    if (name === docs.version.name) return undefined;
    if (docs.versions.some((version) => version.name === name)) return name;
    const names = [docs.version.name, ...docs.versions.map((version) => version.name)];
    const guess = name ? didYouMean(name, names) : undefined;
    this.warn(
      `search query "${query}": no docs version '${name}'`,
      node,
      guess
        ? `did you mean '${guess}'?`
        : `name one of the versions: ${names.join(', ')} (docs.versions in the config)`,
    );
    return INVALID_VERSION;
  }

  /** The paths of the pages an entry's `page` names (one, or a list), each one that names none warned about. */
  private pagesOf(query: string, pageNode: Node | undefined, item: Node, version: string | undefined): string[] {
    // 'page:' left empty names no page, like no 'page' at all.
    const named = isScalar(pageNode)
      ? String(pageNode.value ?? '').trim()
        ? [pageNode]
        : []
      : isSeq(pageNode)
        ? (pageNode as YAMLSeq<unknown>).items
        : [];
    if (named.length === 0) {
      this.warn(
        `search query "${query}" names no page`,
        pageNode ?? item,
        "add 'page: <doc id>', the file under content/docs without .md",
      );
      return [];
    }
    return named.flatMap((node) => this.pageOf(query, node as Node, version) ?? []);
  }

  /** The path of the page a doc id or a path names, or undefined after a warning with the closest one. */
  private pageOf(query: string, node: Node, version: string | undefined): string | undefined {
    const id = isScalar(node) ? String(node.value ?? '').trim() : '';
    if (!id) {
      this.warn(
        `search query "${query}": a page is a doc id or a path`,
        node,
        "write 'page: admin-panel/server-setup', or a list of them in [ ]",
      );
      return undefined;
    }
    const docPaths = this.docPaths.get(version ?? '') ?? new Map<string, string>();
    const path = this.pathOf(id, docPaths);
    if (path) return path;
    const base = this.site.config.baseUrl;
    const guess = id.startsWith('/')
      ? didYouMean(
          id,
          [...this.routePaths].map((route) => route.slice(base.length - 1)),
        )
      : didYouMean(id, docPaths.keys());
    const fix = id.startsWith('/')
      ? 'name a page by its path under the base URL, like /blog/'
      : version === undefined
        ? 'name a doc by its id: its file under content/docs without .md'
        : `name a doc of version ${version} by its id: its file under content/versioned/${version}/docs without .md`;
    this.warn(`search query "${query}": no page '${id}'`, node, guess ? `did you mean '${guess}'?` : fix);
    return undefined;
  }

  /**
   * A doc by its id, anything else by its site path ('/blog/welcome/', with or without the last '/'; an anchor is
   * ignored, since hits are compared by page).
   */
  private pathOf(id: string, docPaths: Map<string, string>): string | undefined {
    if (!id.startsWith('/')) return docPaths.get(id);
    const path = sitePath(this.site.config, id.replace(/#.*$/, ''));
    return [path, `${path}/`].find((candidate) => this.routePaths.has(candidate));
  }
}
