// Loads payloads before they are needed: at once when a link is hovered, focused or touched (a click is likely to
// follow), and in idle time when a link scrolls into view. Both are skipped on a 2g connection or with data-saver
// on (SPEC §7), where every byte the reader did not ask for costs them.
import type { Router } from './router.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** False when the reader's connection asks us not to fetch ahead. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));
}

const idle: (callback: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (callback) => requestIdleCallback(callback, { timeout: 2000 })
    : (callback) => setTimeout(callback, 200);

export function installPrefetch(router: Router, root: HTMLElement): void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    const path = anchor && router.linkPath(anchor);
    if (path && prefetchAllowed()) router.prefetch(path, 'high');
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });

  if (typeof IntersectionObserver !== 'function') return;
  const seen = new WeakSet<Element>();
  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visible.unobserve(entry.target);
      const path = router.linkPath(entry.target as HTMLAnchorElement);
      if (path) idle(() => prefetchAllowed() && router.prefetch(path, 'low'));
    }
  });
  // Links come and go with every route and every opened sidebar category: watch the whole app for new ones.
  let scheduled = false;
  const scan = () => {
    scheduled = false;
    for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (seen.has(anchor)) continue;
      seen.add(anchor);
      // Same-page anchors (the table of contents) need nothing.
      if (anchor.getAttribute('href')?.startsWith('#')) continue;
      visible.observe(anchor);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    idle(scan);
  };
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true });
  // Wait for the page's own resources before fetching ahead.
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
