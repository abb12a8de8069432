// Client navigation. A click on an internal link fetches the next route's payload (see src/shared/routing.ts) and
// hands it to React instead of loading a new document; back and forward do the same and restore the scroll
// position. Anything the router cannot load falls back to a full page load, so a missing or broken payload costs a
// reload, never a dead link. Its parts: payloads.ts fetches and keeps payloads, links.ts takes the clicks, scroll.ts
// keeps each history entry's scroll position, and progress.ts shows a slow navigation's bar.
import { routePathOf } from '../shared/routing.ts';
import type { RoutePayload } from '../shared/model/types.ts';
import { interceptLinks, linkPath, routable } from './links.ts';
import { createPayloads, type Payloads } from './payloads.ts';
import type { Progress } from './progress.ts';
import { applyScroll, pushEntry, restoreScrollByHand, type Scroll, savedScroll, scrollTarget } from './scroll.ts';

/** What to do once a route has rendered. */
export interface Navigation {
  /** The route rendered: its title, description and kind go to the document. */
  payload: RoutePayload;
  scroll: Scroll;
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

export function createRouter({ baseUrl, initial, progress, announce, prepare }: RouterOptions): Router {
  const payloads = createPayloads(prepare);
  const shown = createShownRoute({ baseUrl, path: initial.path, payloads, progress });

  /** Follows a URL the reader chose; false when the browser should do it (a jump to an anchor of this page). */
  const follow = (url: URL): boolean => {
    const path = routable(url, baseUrl);
    if (path === shown.path && url.search === location.search) {
      // Same page: the browser already handles jumping to an anchor; a plain link back to the page goes to its top.
      if (url.hash) return false;
      if (location.hash) history.pushState({}, '', path + url.search);
      window.scrollTo(0, 0);
      return true;
    }
    void shown.go(url, 'push', 'load');
    return true;
  };

  const onPopState = () => {
    const url = new URL(location.href);
    // Only the hash changed: no new route, just a scroll.
    if (routable(url, baseUrl) === shown.path) applyScroll(scrollTarget(url, savedScroll()));
    else void shown.go(url, 'pop', 'load');
  };

  return {
    linkPath: (anchor) => linkPath(anchor, baseUrl),
    navigate(href) {
      const url = new URL(href, location.href);
      if (!follow(url)) location.hash = url.hash;
    },
    prefetch(path, priority) {
      if (path !== shown.path) payloads.load(path, priority).catch(() => {});
    },
    connect(render) {
      shown.connect(render);
      restoreScrollByHand();
      interceptLinks(baseUrl, follow);
      window.addEventListener('popstate', onPopState);
      const stripped = routeOfSuffixedPath(initial);
      if (stripped) void shown.go(stripped, 'replace', 'stay');
    },
    rendered(navigation) {
      showRendered(navigation, announce);
      progress.done();
    },
    reload: () => shown.refresh(),
    get path() {
      return shown.path;
    },
    async update(paths) {
      for (const path of paths) payloads.forget(path);
      return paths.includes(shown.path) ? shown.refresh() : true;
    },
  };
}

/** The route on screen, and loading another (or the same, afresh) in its place. */
interface ShownRoute {
  /** Route.path of the route shown. */
  readonly path: string;
  /** Starts rendering the routes it loads; until then (React cannot render yet) it loads none. */
  connect(render: Renderer): void;
  /**
   * Loads `url`'s route and renders it, as a new history entry (`push`), in place of the current one (`replace`), or
   * as the entry the reader went back or forward to (`pop`). `fallback` decides what a failed load does: a full page
   * load, or nothing.
   */
  go(url: URL, mode: 'push' | 'replace' | 'pop', fallback: 'load' | 'stay'): Promise<void>;
  /** Loads the shown route's payload afresh and renders it where the reader is. False when that fails. */
  refresh(): Promise<boolean>;
}

function createShownRoute(options: {
  baseUrl: string;
  path: string;
  payloads: Payloads;
  progress: Progress;
}): ShownRoute {
  const { baseUrl, payloads, progress } = options;
  let render: Renderer | undefined;
  let shownPath = options.path;
  // Each navigation takes a number; a payload that arrives after a newer navigation began is dropped.
  let sequence = 0;

  const go = async (url: URL, mode: 'push' | 'replace' | 'pop', fallback: 'load' | 'stay'): Promise<void> => {
    const path = routable(url, baseUrl);
    if (!path || !render) {
      if (fallback === 'load') location.assign(url.href);
      return;
    }
    const token = ++sequence;
    const target = path + url.search + url.hash;
    if (mode === 'push') pushEntry(target);
    progress.start();
    const payload = await payloads.load(path).catch(() => undefined);
    if (token !== sequence) return;
    if (!payload) {
      progress.done();
      // The address bar already shows the target (push) or is the target (pop): load it for real.
      if (fallback === 'load') location.replace(url.href);
      return;
    }
    if (mode === 'replace') history.replaceState(history.state, '', target);
    const scroll = scrollTarget(url, mode === 'pop' ? savedScroll() : undefined);
    shownPath = path;
    render(payload, { payload, scroll, moveFocus: mode === 'push' });
  };

  const refresh = async (): Promise<boolean> => {
    if (!render) return false;
    const [token, path] = [sequence, shownPath];
    payloads.forget(path);
    const payload = await payloads.load(path, 'high', true).catch(() => undefined);
    // A navigation begun meanwhile renders its own route: this one is no longer shown.
    if (payload && token === sequence && path === shownPath)
      render(payload, { payload, scroll: { to: 'none' }, moveFocus: false });
    return payload !== undefined;
  };

  return {
    get path() {
      return shownPath;
    },
    connect(renderer) {
      render = renderer;
    },
    go,
    refresh,
  };
}

/** The document around a route that has rendered: its title, description and kind, the scroll and the focus. */
function showRendered({ payload, scroll, moveFocus }: Navigation, announce: (text: string) => void): void {
  document.title = payload.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', payload.route.description);
  document.body.dataset.kind = payload.route.data.kind;
  applyScroll(scroll);
  if (moveFocus) {
    // Focus goes to the top of the page, so the next Tab reaches the skip link, as after a full page load.
    document.getElementById('__egdocs')?.focus({ preventScroll: true });
    announce(payload.title);
  }
}

/**
 * A static host answers `/page.html` or `/page/index.html` it has no file for with the 404 page: the address of the
 * route the stripped path names, for the 404 page to show it (SPEC: the suffix is stripped when no exact route
 * matches).
 */
function routeOfSuffixedPath(initial: RouterOptions['initial']): URL | undefined {
  if (initial.kind !== 'not-found' || location.pathname === initial.path) return undefined;
  const path = routePathOf(location.pathname);
  if (!path || path === location.pathname) return undefined;
  return new URL(path + location.search + location.hash, location.href);
}
