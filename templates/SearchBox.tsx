import { useEffect, useRef } from 'react';
import type { Chrome } from '../src/types.ts';

/** The navbar search box. It submits to the search page; Ctrl+K (Cmd+K on macOS) focuses it. Suggestions come with step 3. */
export function SearchBox({ chrome }: { chrome: Chrome }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!chrome.search.shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chrome.search.shortcut]);
  return (
    <form className="search-box" role="search" action={chrome.search.pageHref} method="get">
      <input ref={input} type="search" name="q" className="search-input" placeholder="Search" aria-label="Search" autoComplete="off" spellCheck={false} />
      {chrome.search.hint && chrome.search.shortcut ? (
        <kbd className="search-hint" aria-hidden="true">ctrl K</kbd>
      ) : null}
    </form>
  );
}
