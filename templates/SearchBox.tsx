import type { Chrome } from '../src/types.ts';

/** The navbar search box. Without script it submits to the search page; the client adds suggestions (step 3). */
export function SearchBox({ chrome }: { chrome: Chrome }) {
  return (
    <form className="search-box" role="search" action={chrome.search.pageHref} method="get">
      <input type="search" name="q" className="search-input" placeholder="Search" aria-label="Search" autoComplete="off" spellCheck={false} />
      {chrome.search.hint && chrome.search.shortcut ? (
        <kbd className="search-hint" aria-hidden="true">ctrl K</kbd>
      ) : null}
    </form>
  );
}
