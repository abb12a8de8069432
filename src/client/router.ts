// Client navigation. A click on an internal link fetches the next route's payload (see src/shared/routing.ts) and
// hands it to React instead of loading a new document; back and forward do the same and restore the scroll
// position. Anything the router cannot load falls back to a full page load, so a missing or broken payload costs a
// reload, never a dead link.
import { payloadUrl, routePathOf } from '../shared/routing.ts';
import type { RoutePayload } from '../shared/model/types.ts';
import type { Progress } from './progress.ts';

/** What to do once a route has rendered. */
export interface Navigation {
  path: string;
  title: string;
  description: string;
  kind: string;
  scroll: { to: 'top' } | { to: 'hash'; id: string } | { to: 'position'; y: number } | { to: 'none' };
  /** Link clicks move focus to the top of the new page and announce its title; back/forward leave focus alone. */
  moveFocus: boolean;
}

export type Renderer = (payload: RoutePayload, navigation: Navigation) => void;

export interface Router {
  /**
   * The route path a link leads to, when client navigation can take it there (same origin, under the base path, a page,
   * this tab).
   */
  linkPath(anchor: HTMLAnchorElement): string | undefined;
  /** Loads a route's payload ahead of a click. `low` is for links that merely scrolled into view. */
  prefetch(path: string, priority: 'high' | 'low'): void;
  /** Starts handling clicks and history once React can render routes. */
  connect(render: Renderer): void;
  /** Called by the app after a route has rendered (React committed): scroll, title, focus, progress. */
  rendered(navigation: Navigation): void;
  /** Loads the current route's payload again, bypassing the cache, and renders it. False when that fails. */
  reload(): Promise<boolean>;
  /** The route shown now (Route.path). */
  readonly path: string;
  /**
   * Forgets the payloads of `paths` (a build replaced them: `egdocs serve`'s live reload); when the current route is
   * one of them, loads it again and renders it in place, as `reload` does: no scroll, no progress bar, focus left
   * alone, so React keeps what the reader opened. False when that fails, or before the router can render.
   */
  update(paths: string[]): Promise<boolean>;
  /** Goes to `href` as a followed link would: client navigation when it can, else a full page load. */
  navigate(href: string): void;
}

export interface RouterOptions {
  baseUrl: string;
  /** Path and kind of the route the server rendered. */
  initial: { path: string; kind: string };
  progress: Progress;
  /** Announces text to screen readers (the new page's title). */
  announce(text: string): void;
  /** Whatever a payload needs before it can render (its page template's chunk); part of loading it. */
  prepare(payload: RoutePayload): Promise<void>;
}

/** Payloads kept in memory; older ones are dropped first (the HTTP cache still has them). */
const CACHE_LIMIT = 100;

export function createRouter({ baseUrl, initial, progress, announce, prepare }: RouterOptions): Router {
  const cache = new Map<string, Promise<RoutePayload>>();
  let render: Renderer | undefined;
  let currentPath = initial.path;
  // Each navigation takes a number; a payload that arrives after a newer navigation began is dropped.
  let sequence = 0;

  const load = (path: string, priority: 'high' | 'low' = 'high', fresh = false): Promise<RoutePayload> => {
    let promise = cache.get(path);
    if (!promise) {
      // `fresh` asks the server even if the HTTP cache holds the payload and would not (an older build's).
      const init = { priority, ...(fresh ? { cache: 'no-cache' } : {}) };
      promise = fetch(payloadUrl(path), init as RequestInit).then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const payload = (await response.json()) as RoutePayload;
        if (!payload?.route?.data) throw new Error('not a route payload');
        await prepare(payload);
        return payload;
      });
      promise.catch(() => cache.delete(path));
      cache.set(path, promise);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    }
    return promise;
  };

  const routable = (url: URL): string | undefined => {
    if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
    return routePathOf(url.pathname);
  };

  const linkPath = (anchor: HTMLAnchorElement): string | undefined => {
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
    try {
      return routable(new URL(anchor.href));
    } catch {
      return undefined;
    }
  };

  const saveScroll = () => history.replaceState({ ...history.state, scroll: window.scrollY }, '');

  /** Where a history entry or a link should land: its saved position, its hash target, or the top. */
  const scrollTarget = (url: URL, saved: unknown): Navigation['scroll'] =>
    typeof saved === 'number'
      ? { to: 'position', y: saved }
      : url.hash.length > 1
        ? { to: 'hash', id: decodeURIComponent(url.hash.slice(1)) }
        : { to: 'top' };

  const navigationFor = (payload: RoutePayload, scroll: Navigation['scroll'], moveFocus: boolean): Navigation => ({
    path: payload.route.path,
    title: payload.title,
    description: payload.route.description,
    kind: payload.route.data.kind,
    scroll,
    moveFocus,
  });

  /** Loads `url`'s route and renders it. `fallback` decides what a failed load does: a full page load, or nothing. */
  const go = async (url: URL, mode: 'push' | 'replace' | 'pop', fallback: 'load' | 'stay'): Promise<void> => {
    const path = routable(url);
    if (!path || !render) {
      if (fallback === 'load') location.assign(url.href);
      return;
    }
    const token = ++sequence;
    const target = path + url.search + url.hash;
    if (mode === 'push') {
      saveScroll();
      history.pushState({}, '', target);
    }
    progress.start();
    let payload: RoutePayload;
    try {
      payload = await load(path);
    } catch {
      if (token !== sequence) return;
      progress.done();
      // The address bar already shows the target (push) or is the target (pop): load it for real.
      if (fallback === 'load') location.replace(url.href);
      return;
    }
    if (token !== sequence) return;
    if (mode === 'replace') history.replaceState(history.state, '', target);
    const saved = mode === 'pop' ? (history.state as { scroll?: number } | null)?.scroll : undefined;
    currentPath = path;
    render(payload, navigationFor(payload, scrollTarget(url, saved), mode === 'push'));
  };

  /** Loads the current route's payload afresh and renders it where the reader is. False when that fails. */
  const refresh = async (): Promise<boolean> => {
    if (!render) return false;
    const [token, path] = [sequence, currentPath];
    cache.delete(path);
    let payload: RoutePayload;
    try {
      payload = await load(path, 'high', true);
    } catch {
      return false;
    }
    // A navigation begun meanwhile renders its own route: this one is no longer shown.
    if (token === sequence && path === currentPath) render(payload, navigationFor(payload, { to: 'none' }, false));
    return true;
  };

  /** Follows a URL the reader chose; false when the browser should do it (a jump to an anchor of this page). */
  const follow = (url: URL): boolean => {
    const path = routable(url);
    if (path === currentPath && url.search === location.search) {
      // Same page: the browser already handles jumping to an anchor; a plain link back to the page goes to its top.
      if (url.hash) return false;
      if (location.hash) history.pushState({}, '', path + url.search);
      window.scrollTo(0, 0);
      return true;
    }
    void go(url, 'push', 'load');
    return true;
  };

  const onClick = (event: MouseEvent) => {
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
    if (!anchor || !linkPath(anchor)) return;
    if (follow(new URL(anchor.href))) event.preventDefault();
  };

  const onPopState = () => {
    const url = new URL(location.href);
    const path = routable(url);
    if (path === currentPath) {
      // Only the hash changed: no new route, just a scroll.
      applyScroll(scrollTarget(url, (history.state as { scroll?: number } | null)?.scroll));
      return;
    }
    void go(url, 'pop', 'load');
  };

  return {
    linkPath,
    navigate(href) {
      const url = new URL(href, location.href);
      if (!follow(url)) location.hash = url.hash;
    },
    prefetch(path, priority) {
      if (path !== currentPath) load(path, priority).catch(() => {});
    },
    connect(renderer) {
      render = renderer;
      // Scroll positions are ours to restore: the browser's own restoration would run before the route renders.
      history.scrollRestoration = 'manual';
      const saved = (history.state as { scroll?: number } | null)?.scroll;
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (typeof saved === 'number' && (entry?.type === 'reload' || entry?.type === 'back_forward'))
        window.scrollTo(0, saved);
      document.addEventListener('click', onClick);
      window.addEventListener('popstate', onPopState);
      window.addEventListener('pagehide', saveScroll);
      // A static host answers `/page.html` or `/page/index.html` it has no file for with the 404 page: if the
      // stripped path is a route, show that route (SPEC: the suffix is stripped when no exact route matches).
      if (initial.kind === 'not-found' && location.pathname !== initial.path) {
        const path = routePathOf(location.pathname);
        if (path && path !== location.pathname)
          void go(new URL(path + location.search + location.hash, location.href), 'replace', 'stay');
      }
    },
    rendered(navigation) {
      document.title = navigation.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', navigation.description);
      document.body.dataset.kind = navigation.kind;
      applyScroll(navigation.scroll);
      if (navigation.moveFocus) {
        // Focus goes to the top of the page, so the next Tab reaches the skip link, as after a full page load.
        document.getElementById('__egdocs')?.focus({ preventScroll: true });
        announce(navigation.title);
      }
      progress.done();
    },
    reload: refresh,
    get path() {
      return currentPath;
    },
    async update(paths) {
      for (const path of paths) cache.delete(path);
      return paths.includes(currentPath) ? refresh() : true;
    },
  };
}

function applyScroll(scroll: Navigation['scroll']): void {
  if (scroll.to === 'top') window.scrollTo(0, 0);
  else if (scroll.to === 'position') window.scrollTo(0, scroll.y);
  else if (scroll.to === 'hash') {
    const target = document.getElementById(scroll.id);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }
}
