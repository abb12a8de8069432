// The navbar search box, an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): suggestions come
// from the search worker as the reader types. Ctrl+K (Cmd+K on macOS) focuses it; the arrow keys move through the
// suggestions, Enter opens the active one (or, with none active, the search page with every result), Escape
// closes the list and, pressed again, empties the field. Without scripts it is a form that opens the search page.
// Its parts are in search/: its state (box.ts), the worker's answers (suggestions.ts), the keyboard (keys.ts) and the
// panel of suggestions (SuggestionPanel.tsx).
import { useRef } from 'react';
import type { Chrome } from '../src/shared/model/types.ts';
import { useSearchBox } from './search/box.ts';
import { optionId, useFocusShortcut } from './search/keys.ts';
import { SuggestionPanel } from './search/SuggestionPanel.tsx';

/** `version`: the older docs version the page is in, which the search page is then asked for (`?version=`). */
export function SearchBox({ chrome, version }: { chrome: Chrome; version?: string }) {
  const settings = chrome.search;
  const box = useSearchBox(settings);
  const { listId, expanded, active, value } = box;
  const input = useRef<HTMLInputElement>(null);
  const mac = useFocusShortcut(input, settings.shortcut);
  return (
    <form
      className="search-box"
      role="search"
      aria-label="Site search"
      action={settings.pageHref}
      method="get"
      // A pointer over the box is the first sign of a search: the worker starts and reads the index's manifest.
      onPointerEnter={box.prepare}
      onBlur={(event) => {
        // Focus that stays inside the box (on a suggestion's link, the clear button) keeps the list open.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) box.setOpen(false);
      }}
    >
      <div className="search-field">
        <input
          ref={input}
          // A text field: a combobox may not be type=search (HTML's rules, which the W3C checker applies in CI).
          // The form is the search landmark; inputmode gives phones their keyboard with a search key.
          type="text"
          inputMode="search"
          name="q"
          className="search-input"
          placeholder="Search"
          aria-label="Search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(listId, active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => box.onType(event.target.value)}
          onFocus={box.onFocus}
          onKeyDown={box.onKeyDown}
        />
        {settings.clearButton && value ? (
          <button
            type="button"
            className="search-clear"
            aria-label="Clear search"
            onClick={() => {
              box.clear();
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
      {globalThis.EGDOCS_VERSIONS !== false && version ? <input type="hidden" name="version" value={version} /> : null}
      <SuggestionPanel box={box} pageHref={settings.pageHref} version={version} />
    </form>
  );
}
