// The search page's query and its results: the page's field drives the query, the URL follows it, and the worker
// answers it.
import { useContext, useEffect, useId, useState } from 'react';
import type { SearchHit } from '../../src/shared/search/engine.ts';
import { ClientContext } from '../ClientContext.ts';
import { type DocsVersion, versionNamed } from './versions.ts';

export type { DocsVersion } from './versions.ts';

/** How many results the search page shows at most. */
export const PAGE_LIMIT = 100;

/** What the search page was asked for besides the query: a search context and a docs version (SPEC: ctx, version). */
function scopeNote(params: URLSearchParams, versions: readonly DocsVersion[]): string | undefined {
  const notes: string[] = [];
  const asked = params.get('version');
  const [current] = versions;
  const found = asked ? versionNamed(versions, asked) : undefined;
  if (asked && !found)
    notes.push(
      versions.length === 1
        ? `This site has one documentation version, ${current.label}: the results are from it, not from ${asked}.`
        : `This site has no documentation version “${asked}”: the results are from ${current.label}.`,
    );
  else if (found && found !== current) notes.push(`The results are from the documentation of ${found.label}.`);
  const ctx = params.get('ctx');
  if (ctx)
    notes.push(`Search contexts are not set up on this site: the results are from every page, not only “${ctx}”.`);
  return notes.length ? notes.join(' ') : undefined;
}

/**
 * The query in the page's field (server-rendered, outside React), and a note on what the URL asked for that this
 * site cannot give. Typing updates the URL in place (no new history entry per keystroke); a client navigation to
 * this page with another query string (the navbar's "all results") gives a new `href`, and the field takes its query.
 */
export function usePageQuery(versions: readonly DocsVersion[]): { query?: string; note?: string } {
  const { href } = useContext(ClientContext);
  const [query, setQuery] = useState<string | undefined>();
  const [note, setNote] = useState<string>();
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('.search-page-input');
    const fromUrl = () => {
      const params = new URLSearchParams(location.search);
      const q = params.get('q') ?? '';
      if (input) input.value = q;
      setQuery(q);
      setNote(scopeNote(params, versions));
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
  }, [href, versions]);
  return { query, note };
}

export interface PageResults {
  /** Up to PAGE_LIMIT hits; undefined while there is no query, or before the first answer. */
  hits?: SearchHit[];
  /** Why the worker could not answer (the index could not be loaded). */
  error?: string;
  /** Asks the same query again, and the worker loads again what failed. */
  retry(): void;
}

/** The worker's answer to `query`, asked as this page: it answers the page's newest query, whatever the box asks. */
export function usePageResults(query: string | undefined): PageResults {
  const { search } = useContext(ClientContext);
  const asker = useId();
  const [hits, setHits] = useState<SearchHit[]>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
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
  return { hits, error, retry: () => setAttempt((n) => n + 1) };
}
