// The search box's state: what the field holds, whether the panel is open, the active suggestion and the worker's
// answer, and what the reader's keys and clicks do to them (templates/SearchBox.tsx draws it).
import { type KeyboardEvent, type RefObject, useContext, useId, useRef, useState } from 'react';
import type { Chrome } from '../../src/shared/model/types.ts';
import type { SearchHit } from '../../src/shared/search/engine.ts';
import { ClientContext } from '../ClientContext.ts';
import { useActiveOption } from './keys.ts';
import { type Answer, useSuggestions } from './suggestions.ts';

export interface SearchBoxState {
  /** The id of the suggestions' listbox (and the box's name when it asks the worker). */
  listId: string;
  /** What the field holds, and the query it makes (trimmed). */
  value: string;
  query: string;
  /** The worker's answer on screen, and its hits. */
  answer?: Answer;
  hits: SearchHit[];
  /** The panel shows: the field holds a query, the list was not closed, and an answer has come. */
  expanded: boolean;
  /** The active suggestion's index, or -1. */
  active: number;
  /** The "all results" link, which Enter clicks when no suggestion is active. */
  allResultsLink: RefObject<HTMLAnchorElement | null>;
  setActive(index: number): void;
  /** Opens or closes the panel: focus leaving the box closes it. */
  setOpen(open: boolean): void;
  /** Empties the field. */
  clear(): void;
  /** After a suggestion or the "all results" link was followed: the panel closes and the field empties. */
  done(): void;
  /** Opens a suggestion's page: by client navigation when the router is there. */
  follow(url: string): void;
  /** Starts the search worker: the reader is about to search. */
  prepare(): void;
  onType(value: string): void;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

/** The state of a search box whose settings are `settings`. */
export function useSearchBox(settings: Chrome['search']): SearchBoxState {
  const { prepareSearch, navigate } = useContext(ClientContext);
  const allResultsLink = useRef<HTMLAnchorElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const [active, setActive, move] = useActiveOption(listId);
  // The box asks as its list's id: the worker answers its newest query, whatever the search page asks.
  const [answer, forget] = useSuggestions(value, settings.maxSuggestions, listId, () => setActive(-1));
  const hits = answer && 'hits' in answer ? answer.hits : [];
  const query = value.trim();
  const expanded = open && query !== '' && answer !== undefined;

  const clear = () => {
    setValue('');
    forget();
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const done = () => {
    close();
    clear();
  };
  const follow = (url: string) => {
    done();
    if (navigate) navigate(url);
    else window.location.assign(url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (hits.length > 0) move(key === 'ArrowDown' ? 1 : -1, hits.length);
    } else if (key === 'Enter') {
      event.preventDefault();
      if (expanded && active >= 0) follow(hits[active].url);
      // A click on the link itself, so the router handles it as it handles any link (no full page load).
      else allResultsLink.current?.click();
    } else if (key === 'Escape' && (expanded || value)) {
      event.preventDefault();
      if (expanded) close();
      else clear();
    }
  };
  const onType = (typed: string) => {
    setValue(typed);
    setOpen(true);
  };
  const onFocus = () => {
    prepareSearch?.();
    setOpen(true);
  };
  const prepare = () => prepareSearch?.();
  return {
    listId,
    value,
    query,
    answer,
    hits,
    expanded,
    active,
    allResultsLink,
    setActive,
    setOpen,
    clear,
    done,
    follow,
    prepare,
    onType,
    onFocus,
    onKeyDown,
  };
}
