// The model, what the search index is made from (see types.ts for the whole flow).

/** Where a search result lives: docs (of the one version), a blog post, or a standalone page. */
export type SearchKind = 'docs' | 'blog' | 'pages';

/**
 * The pre-generated search data the browser's worker builds its index from (src/search/data.ts writes it). Compact:
 * tuples instead of objects, plain text without markup, each page's title and URL once, not once per section.
 */
export interface SearchData {
  /** Format version, so a worker never misreads data from another build. */
  format: 1;
  /** Name of the docs version the docs sections belong to (SPEC: current). */
  docsVersion: string;
  /** title, path relative to the base URL, breadcrumb ("Admin Panel"), kind, and its categories' keywords. */
  pages: [title: string, path: string, breadcrumb: string, kind: SearchKind, keywords?: string][];
  /** index into pages, heading id ('' for the page's top), heading text, plain text. */
  sections: [page: number, anchor: string, heading: string, text: string][];
}
