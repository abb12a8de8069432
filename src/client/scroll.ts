// Scroll positions across client navigation. The router restores them itself, since the browser's own restoration
// would run before the route renders: each history entry keeps the position it was left at (history.state.scroll).
export type Scroll = { to: 'top' } | { to: 'hash'; id: string } | { to: 'position'; y: number } | { to: 'none' };

/** The position the current history entry was left at, if it was left. */
export function savedScroll(): number | undefined {
  return (history.state as { scroll?: number } | null)?.scroll;
}

/** Keeps the position in the current history entry, before leaving it. */
function saveScroll(): void {
  history.replaceState({ ...history.state, scroll: window.scrollY }, '');
}

/** A new history entry for `url`, after the one left keeps its position. */
export function pushEntry(url: string): void {
  saveScroll();
  history.pushState({}, '', url);
}

/** Where a history entry or a link should land: its saved position, its hash target, or the top. */
export function scrollTarget(url: URL, saved: unknown): Scroll {
  return typeof saved === 'number'
    ? { to: 'position', y: saved }
    : url.hash.length > 1
      ? { to: 'hash', id: decodeURIComponent(url.hash.slice(1)) }
      : { to: 'top' };
}

export function applyScroll(scroll: Scroll): void {
  if (scroll.to === 'top') window.scrollTo(0, 0);
  else if (scroll.to === 'position') window.scrollTo(0, scroll.y);
  else if (scroll.to === 'hash') {
    const target = document.getElementById(scroll.id);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }
}

/**
 * Takes scroll restoration from the browser: a page loaded again (reloaded, or reached by back or forward after a
 * full load) goes back to its saved position now, and every entry saves its position when the page is left.
 */
export function restoreScrollByHand(): void {
  history.scrollRestoration = 'manual';
  const saved = savedScroll();
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (typeof saved === 'number' && (entry?.type === 'reload' || entry?.type === 'back_forward'))
    window.scrollTo(0, saved);
  window.addEventListener('pagehide', saveScroll);
}
