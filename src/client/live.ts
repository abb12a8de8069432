// egdocs serve's live-reload script (bundled on its own and injected only by serve; never part of a build): follows
// the server's messages (src/shared/live-protocol.ts). A good build that changed only pages is shown in place: the
// page's client renders its route's new payload where the reader is (PageHook), and a page it did not change stays
// as it is. Any other build, and a page older than the build served when its socket connects, loads the page again,
// where the reader was. A failed build's problems show over the page.
import {
  BUILD_ATTRIBUTE,
  isStale,
  type LiveMessage,
  MARKUP_HOOK,
  PAGE_HOOK,
  type PageBuild,
  type PageHook,
  SERVER_ATTRIBUTE,
  SOCKET_PATH,
  type Update,
} from '../shared/live-protocol.ts';
import { routePathOf } from '../shared/routing.ts';
import { patchMarkup } from './live-markup.ts';
import { hideOverlay, showOverlay } from './live-overlay.ts';

/** How long to wait before connecting again after the socket closed (the server restarting, a laptop waking). */
const RECONNECT_MS = 1000;

/** Where a page loading again keeps the reader's place (sessionStorage), for its next document to go back to. */
const PLACE_KEY = 'egdocs-serve-place';

// The tag names the build the page came from; read now: currentScript is only set while the script first runs.
const tag = document.currentScript;
const url = `${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}${SOCKET_PATH}`;
// The build this page shows. Without a tag (the script loaded some other way), the first hello sets it.
let seen: PageBuild | undefined = tagged(tag?.getAttribute(SERVER_ATTRIBUTE), tag?.getAttribute(BUILD_ATTRIBUTE));

function tagged(server: string | null | undefined, build: string | null | undefined): PageBuild | undefined {
  return server && build ? { server, build: Number(build) } : undefined;
}

/** Loads the page again, keeping the reader's place: the address keeps the hash, the scroll goes to sessionStorage. */
function reload(): void {
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({ href: location.href, y: window.scrollY }));
  } catch {
    // Storage refused (a private window's quota): the page loads at its top.
  }
  location.reload();
}

/**
 * Goes back to the place `reload` kept, in the page that loaded again. This script runs once the document is parsed
 * and its styles are in, so the page is as tall as it will be; the router's own restoring comes later, after paint.
 */
function restorePlace(): void {
  const place = takePlace();
  if (place?.href === location.href && typeof place.y === 'number') window.scrollTo(0, place.y);
}

function takePlace(): { href?: unknown; y?: unknown } | undefined {
  try {
    const text = sessionStorage.getItem(PLACE_KEY);
    sessionStorage.removeItem(PLACE_KEY);
    return text ? (JSON.parse(text) as { href?: unknown; y?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** Shows a good build without loading the page again; false when the page must load again. */
async function showInPlace(update: Update): Promise<boolean> {
  if (update.in === 'page') return false;
  const shown = routePathOf(location.pathname);
  const hook = (window as Window & { [PAGE_HOOK]?: PageHook })[PAGE_HOOK];
  // No client to render with (not hydrated yet, or it failed to load): a page the build did not change stays.
  if (!hook) return shown === undefined || !update.routes.includes(shown);
  // The address names a route the page does not show (the 404 page, at an address that now has a page).
  if (shown !== undefined && shown !== hook.path && update.routes.includes(shown)) return false;
  return hook.update(update.routes).catch(() => false);
}

async function follow(message: LiveMessage): Promise<void> {
  if (message.type === 'hello') {
    // A build that finished after the page was sent, and before this socket opened, is news only here; so is a server
    // that restarted meanwhile. What changed is not known: the page loads again.
    const served = { server: message.server, build: message.build };
    if (seen !== undefined && isStale(seen, served)) return reload();
    seen = served;
  } else if (message.type === 'reload') {
    hideOverlay();
    if (seen) seen = { ...seen, build: message.build };
    if (message.update.in === 'page') console.info(`egdocs serve: loading the page again: ${message.update.because}`);
    if (!(await showInPlace(message.update))) reload();
  } else if (message.type === 'error') {
    showOverlay(message);
  }
}

function connect(): void {
  const socket = new WebSocket(url);
  // One message at a time, in order: showing a build in place waits for its payload.
  let following = Promise.resolve();
  socket.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as LiveMessage;
    following = following.then(() => follow(message));
  };
  socket.onclose = () => setTimeout(connect, RECONNECT_MS);
}

(window as Window & { [MARKUP_HOOK]?: typeof patchMarkup })[MARKUP_HOOK] = patchMarkup;
restorePlace();
connect();
