// The navbar search box, an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): suggestions come
// from the search worker as the reader types. Ctrl+K (Cmd+K on macOS) focuses it; the arrow keys move through the
// suggestions, Enter opens the active one (or, with none active, the search page with every result), Escape
// closes the list and, pressed again, empties the field. Without scripts it is a form that opens the search page.
import { type KeyboardEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SearchHit } from '../src/shared/search/engine.ts';
import type { Chrome } from '../src/shared/model/types.ts';
import { ClientContext } from './ClientContext.ts';
import { Excerpt } from './search/Excerpt.tsx';

type Answer = { query: string; hits: SearchHit[] } | { query: string; error: string };

/**
 * An answer to a query the reader has typed past is drawn only when it took longer than this: a first search while
 * the index loads, where a fast typist would otherwise see nothing until they stop. A quicker one is passed over,
 * since the answer to what the field says now follows at once: typed at full speed, pasted or filled in, the list is
 * drawn once, with the final answer.
 */
const SLOW_ANSWER_MS = 150;

export function SearchBox({ chrome }: { chrome: Chrome }) {
  const { search, prepareSearch, navigate } = useContext(ClientContext);
  const settings = chrome.search;
  const allResultsLink = useRef<HTMLAnchorElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Answer>();
  const [active, setActive] = useState(-1);
  const [mac, setMac] = useState(false);
  const listId = useId();

  useEffect(() => {
    // Known only in the browser; the server renders "ctrl K".
    setMac(/Mac|iPhone|iPad/.test(navigator.platform));
    if (!settings.shortcut) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [settings.shortcut]);

  // Each keystroke asks the worker. The answer to what the field says is shown; one to an earlier query only when it
  // was slow (SLOW_ANSWER_MS; the panel says which query it answers). An answer older than the one shown is dropped,
  // and so is a query the worker dropped for a newer one of this box (which gives no hits).
  const asked = useRef(0);
  const shown = useRef(0);
  const current = useRef('');
  useEffect(() => {
    const query = value.trim();
    current.current = query;
    if (!query) {
      // An emptied field (Backspace, Ctrl+A and a new word, a paste over it) has no list: the next query's list is
      // drawn afresh rather than over the last one's, and answers on their way are for what was emptied.
      setAnswer(undefined);
      shown.current = asked.current;
      return;
    }
    if (!search) return;
    const order = ++asked.current;
    const askedAt = performance.now();
    const show = (next: Answer) => {
      if (order <= shown.current) return;
      if (next.query !== current.current && performance.now() - askedAt < SLOW_ANSWER_MS) return;
      shown.current = order;
      // Drawn in the task that brought the answer, not one the scheduler queues after it: on a page that has just
      // taken a burst of keys, the answer is on screen a frame sooner.
      flushSync(() => {
        setAnswer(next);
        setActive(-1);
      });
    };
    // The box asks as its list's id: the worker answers its newest query, whatever the search page asks.
    search(query, settings.maxSuggestions, listId).then(
      (hits) => hits && show({ query, hits }),
      (error: Error) => show({ query, error: error.message }),
    );
  }, [value, search, settings.maxSuggestions, listId]);

  const hits = answer && 'hits' in answer ? answer.hits : [];
  const query = value.trim();
  const expanded = open && query !== '' && answer !== undefined;
  const allResults = `${settings.pageHref}?q=${encodeURIComponent(query)}`;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const clear = () => {
    setValue('');
    setAnswer(undefined);
    // Answers still on their way belong to what was cleared.
    shown.current = asked.current;
  };
  /** After a suggestion or the "all results" link was followed. */
  const done = () => {
    setOpen(false);
    setActive(-1);
    clear();
  };
  /** Opens a suggestion: by client navigation when the router is there. */
  const follow = (url: string) => {
    done();
    if (navigate) navigate(url);
    else window.location.assign(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (hits.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From the field, Down goes to the first suggestion and Up to the last; both wrap around.
        setActive(active < 0 ? (step > 0 ? 0 : hits.length - 1) : (active + step + hits.length) % hits.length);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        if (expanded && active >= 0) follow(hits[active].url);
        // A click on the link itself, so the router handles it as it handles any link (no full page load).
        else allResultsLink.current?.click();
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          clear();
        }
        return;
    }
  };

  return (
    <form
      className="search-box"
      role="search"
      aria-label="Site search"
      action={settings.pageHref}
      method="get"
      // A pointer over the box is the first sign of a search: the worker starts and reads the index's manifest.
      onPointerEnter={() => prepareSearch?.()}
      onBlur={(event) => {
        // Focus that stays inside the box (on a suggestion's link, the clear button) keeps the list open.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="search-field">
        <input
          ref={input}
          type="search"
          name="q"
          className="search-input"
          placeholder="Search"
          aria-label="Search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            prepareSearch?.();
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {settings.clearButton && value ? (
          <button
            type="button"
            className="search-clear"
            aria-label="Clear search"
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : settings.hint && settings.shortcut ? (
          <kbd className="search-hint" aria-hidden="true">
            {mac ? '⌘ K' : 'ctrl K'}
          </kbd>
        ) : null}
      </div>
      <div className="search-panel" hidden={!expanded} data-query={answer?.query}>
        <ul id={listId} role="listbox" aria-label="Search suggestions" className="search-suggestions">
          {expanded
            ? hits.map((hit, i) => (
                // No link inside: an option is itself the control (a link in it would be a control nested in one).
                <li
                  key={hit.url}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className="search-suggestion"
                  data-href={hit.url}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => follow(hit.url)}
                >
                  {/* Where the page lives: four parts of the product have an "Installation" page. */}
                  {hit.breadcrumb ? <span className="search-suggestion-where">{hit.breadcrumb}</span> : null}
                  <span className="search-suggestion-title">
                    {hit.title}
                    {hit.heading ? <span className="search-suggestion-section"> › {hit.heading}</span> : null}
                  </span>
                  <Excerpt hit={hit} />
                </li>
              ))
            : null}
        </ul>
        {expanded ? (
          <p className="search-status" role="status">
            {answer && 'error' in answer ? (
              `Search is unavailable: ${answer.error}`
            ) : hits.length === 0 ? (
              'No results'
            ) : (
              <span className="visually-hidden">{`${hits.length} suggestion${hits.length === 1 ? '' : 's'}`}</span>
            )}
          </p>
        ) : null}
        {/* Also what Enter opens when no suggestion is active, even before the first answer has arrived. */}
        {query ? (
          <a
            ref={allResultsLink}
            className="search-all"
            href={allResults}
            hidden={hits.length === 0}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={done}
          >
            See all results for “{query}”
          </a>
        ) : null}
      </div>
    </form>
  );
}
