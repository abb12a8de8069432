// The search box's keyboard: the shortcut that focuses it from anywhere on the page, and the arrow keys' active
// suggestion (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/: focus stays in the field, the option is marked).
import { type RefObject, useEffect, useState } from 'react';

/** The id of a suggestion of the list `listId`: the field's aria-activedescendant names it. */
export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * Ctrl+K (Cmd+K on macOS) focuses `input` and selects its text, when `enabled`. True on Apple's systems, whose hint
 * reads "⌘ K": known only in the browser, so the server renders "ctrl K".
 */
export function useFocusShortcut(input: RefObject<HTMLInputElement | null>, enabled: boolean): boolean {
  const [mac, setMac] = useState(false);
  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform));
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
  return mac;
}

/**
 * The suggestion the arrow keys or the pointer made active in the list `listId` (its index, or -1 for none),
 * scrolled into view; a setter; and a step down (1) or up (-1) in a list of `count`: from the field Down goes to the
 * first, Up to the last, and both wrap around.
 */
export function useActiveOption(
  listId: string,
): [active: number, setActive: (index: number) => void, move: (step: 1 | -1, count: number) => void] {
  const [active, setActive] = useState(-1);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const move = (step: 1 | -1, count: number) =>
    setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
  return [active, setActive, move];
}
