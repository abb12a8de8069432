// The search page's interactive part, loaded on demand (a separate chunk): nothing on other pages pays for it.
import { useEffect, useState } from 'react';
import type { Chrome } from '../../src/types.ts';

export function SearchResults({ chrome }: { chrome: Chrome }) {
  const [query, setQuery] = useState('');
  useEffect(() => {
    const read = () => setQuery(new URLSearchParams(location.search).get('q') ?? '');
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('.search-page-input');
    if (input && !input.value) input.value = query;
  }, [query]);
  return (
    <div className="search-results" aria-live="polite" data-search-page={chrome.search.pageHref}>
      {query ? <p className="search-summary">Searching for “{query}”.</p> : <p className="search-summary">Type words to search the documentation.</p>}
    </div>
  );
}
