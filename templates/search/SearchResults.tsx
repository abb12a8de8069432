// The search page's results, loaded on demand (a separate chunk): `?q=` (and `ctx`, `version`) are read from the
// URL, every result is shown grouped by page, and typing in the page's search field updates the results and the
// URL in place (no new history entry per keystroke). Page text is rendered as text, never as HTML. The query and
// the worker's answer are kept by page-query.ts.
import type { ReactNode } from 'react';
import type { SearchHit } from '../../src/shared/search/engine.ts';
import { Excerpt } from './Excerpt.tsx';
import { type DocsVersion, PAGE_LIMIT, usePageQuery, usePageResults } from './page-query.ts';

/** How many sections of one page are listed before the rest fold under "N more on this page". */
const SECTIONS_SHOWN = 3;

export interface SearchResultsProps {
  /** The docs versions, the current one first, which a `version` parameter names. */
  versions: DocsVersion[];
}

export function SearchResults({ versions }: SearchResultsProps) {
  const { query, note } = usePageQuery(versions);
  const { hits, error, retry } = usePageResults(query);
  const scope = note ? <p className="search-scope">{note}</p> : null;
  if (error) {
    return (
      <>
        {scope}
        <SearchUnavailable error={error} onRetry={retry} />
      </>
    );
  }
  const summary = (text: string) => (
    <>
      {scope}
      <p className="search-summary">{text}</p>
    </>
  );
  if (!query?.trim()) return summary('Type words to search the documentation.');
  if (!hits) return summary('Searching…');
  if (hits.length === 0) return summary('No results');
  return (
    <ResultPages hits={hits} query={query}>
      {scope}
    </ResultPages>
  );
}

/**
 * The index could not be loaded (offline, or a file missing from a half-deployed site): say so and offer the query
 * again, never an empty list.
 */
function SearchUnavailable({ error, onRetry }: { error: string; onRetry(): void }) {
  return (
    <div className="lazy-error" role="alert">
      <p>Search could not load its index. Check your connection, then try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
      <details className="lazy-error-details">
        <summary>Technical details</summary>
        <code>{error}</code>
      </details>
    </div>
  );
}

/** The hits grouped by page, in the order of each page's best hit: a heading per page, then its sections. */
function ResultPages({ hits, query, children }: { hits: SearchHit[]; query: string; children: ReactNode }) {
  const groups = new Map<number, SearchHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.page);
    if (group) group.push(hit);
    else groups.set(hit.page, [hit]);
  }
  return (
    <div className="search-results">
      {children}
      <p className="search-summary">
        {groups.size} page{groups.size === 1 ? '' : 's'} for “{query}”
        {hits.length === PAGE_LIMIT ? `, from the best ${PAGE_LIMIT} sections` : null}
      </p>
      <ol className="search-result-pages">
        {[...groups.values()].map((pageHits) => (
          // Not labelled sections: two pages may share a title, and landmarks need unique names.
          <li key={pageHits[0].page} className="search-result-page">
            {pageHits[0].breadcrumb ? <p className="search-breadcrumb">{pageHits[0].breadcrumb}</p> : null}
            <h2>
              <a href={pageHits[0].url.replace(/#.*$/, '')}>{pageHits[0].title}</a>
            </h2>
            <SectionList hits={pageHits.slice(0, SECTIONS_SHOWN)} title={pageHits[0].title} />
            {pageHits.length > SECTIONS_SHOWN ? (
              <details className="search-more">
                <summary>{pageHits.length - SECTIONS_SHOWN} more on this page</summary>
                <SectionList hits={pageHits.slice(SECTIONS_SHOWN)} title={pageHits[0].title} />
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A page's matching sections: the section's link and the words that matched. */
function SectionList({ hits, title }: { hits: SearchHit[]; title: string }) {
  return (
    <ul className="search-sections">
      {hits.map((hit) => (
        <li key={hit.url}>
          <a href={hit.url}>{hit.heading || title}</a>
          <Excerpt hit={hit} />
        </li>
      ))}
    </ul>
  );
}
