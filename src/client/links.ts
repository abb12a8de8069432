// Which addresses client navigation can take (same origin, under the base path, a page), and the clicks on links
// to them, which it takes instead of the browser.
import { routePathOf } from '../shared/routing.ts';

/** The route path of `url`, when it is a page of this site (under `baseUrl`). */
export function routable(url: URL, baseUrl: string): string | undefined {
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
  return routePathOf(url.pathname);
}

/** The route path a link leads to, when client navigation can take it there: a page of this site, in this tab. */
export function linkPath(anchor: HTMLAnchorElement, baseUrl: string): string | undefined {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  try {
    return routable(new URL(anchor.href), baseUrl);
  } catch {
    return undefined;
  }
}

/**
 * Hands `follow` each plain click (the main button, no modifier: not a new tab or window) on a link to a page of
 * this site; the browser follows the link only when `follow` returns false.
 */
export function interceptLinks(baseUrl: string, follow: (url: URL) => boolean): void {
  document.addEventListener('click', (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || !linkPath(anchor, baseUrl)) return;
    if (follow(new URL(anchor.href))) event.preventDefault();
  });
}
