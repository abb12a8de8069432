// The search page's results, loaded on demand (a separate chunk): `?q=` (and `ctx`, `version`) are read from the
// URL, every result is shown grouped by page, and typing in the page's search field updates the results and the
// URL in place (no new history entry per keystroke). Page text is rendered as text, never as HTML.
import { useContext, useEffect, useId, useState } from 'react';
import type { SearchHit } from '../../src/shared/search/engine.ts';
import { ClientContext } from '../ClientContext.ts';
import { Excerpt } from './Excerpt.tsx';

/** How many results the search page shows at most. */
const PAGE_LIMIT = 100;
/** How many sections of one page are listed before the rest fold under "N more on this page". */
const SECTIONS_SHOWN = 3;

/** What the search page was asked for besides the query: a search context and a docs version (SPEC: ctx, version). */
function scopeNote(params: URLSearchParams, version: SearchResultsProps['version']): string | undefined {
  const notes: string[] = [];
  const asked = params.get('version');
  if (asked && asked.replace(/\/+$/, '') !== version.path.replace(/\/+$/, '')) {
    notes.push(
      `This site has one documentation version, ${version.label}: the results are from it, not from ${asked}.`,
    );
  }
  const ctx = params.get('ctx');
  if (ctx)
    notes.push(`Search contexts are not set up on this site: the results are from every page, not only “${ctx}”.`);
  return notes.length ? notes.join(' ') : undefined;
}

export interface SearchResultsProps {
  /** The one docs version: the path a `version` parameter names it by, and its label. */
  version: { path: string; label: string };
}

export function SearchResults({ version }: SearchResultsProps) {
  const { search, href } = useContext(ClientContext);
  /** Who asks the worker: it answers this page's newest query, whatever the search box asks meanwhile. */
  const asker = useId();
  const [query, setQuery] = useState<string | undefined>();
  const [note, setNote] = useState<string>();
  const [hits, setHits] = useState<SearchHit[]>();
  const [error, setError] = useState<string>();
  // Bumped by Retry: the same query again, and the worker loads again what failed.
  const [attempt, setAttempt] = useState(0);

  // The page's field (server-rendered) drives the query; the URL follows it. A client navigation to this page
  // with another query string (the navbar's "all results") gives a new `href`, and the field takes its query.
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('.search-page-input');
    const fromUrl = () => {
      const params = new URLSearchParams(location.search);
      const q = params.get('q') ?? '';
      if (input) input.value = q;
      setQuery(q);
      setNote(scopeNote(params, version));
    };
    fromUrl();
    const onInput = () => {
      const value = input?.value ?? '';
      const params = new URLSearchParams(location.search);
      if (value) params.set('q', value);
      else params.delete('q');
      const search = params.toString();
      history.replaceState(history.state, '', location.pathname + (search ? `?${search}` : ''));
      setQuery(value);
    };
    // The results follow the field as it is typed in: submitting would only load the same results again.
    const onSubmit = (event: Event) => event.preventDefault();
    input?.addEventListener('input', onInput);
    input?.form?.addEventListener('submit', onSubmit);
    window.addEventListener('popstate', fromUrl);
    return () => {
      input?.removeEventListener('input', onInput);
      input?.form?.removeEventListener('submit', onSubmit);
      window.removeEventListener('popstate', fromUrl);
    };
  }, [href, version]);

  useEffect(() => {
    if (!query?.trim() || !search) {
      setHits(undefined);
      return;
    }
    let current = true;
    // A query the worker dropped for a newer one of this page (no hits) was not current either.
    search(query, PAGE_LIMIT, asker).then(
      (found) => current && found && (setHits(found), setError(undefined)),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [query, search, attempt, asker]);

  const scope = note ? <p className="search-scope">{note}</p> : null;
  const status = error
    ? `Search is unavailable: ${error}`
    : !query?.trim()
      ? 'Type words to search the documentation.'
      : !hits
        ? 'Searching…'
        : hits.length === 0
          ? 'No results'
          : undefined;
  if (error) {
    // The index could not be loaded (offline, or a file missing from a half-deployed site): say so and offer the
    // query again, never an empty list.
    return (
      <>
        {scope}
        <div className="lazy-error" role="alert">
          <p>Search could not load its index. Check your connection, then try again.</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
          <details className="lazy-error-details">
            <summary>Technical details</summary>
            <code>{error}</code>
          </details>
        </div>
      </>
    );
  }
  if (status !== undefined || !hits) {
    return (
      <>
        {scope}
        <p className="search-summary">{status}</p>
      </>
    );
  }
  const groups = new Map<number, SearchHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.page);
    if (group) group.push(hit);
    else groups.set(hit.page, [hit]);
  }
  return (
    <div className="search-results">
      {scope}
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
