// The live-reload protocol: what `egdocs serve` tells its pages over a WebSocket, and how a page knows it is out of
// date. The server (src/serve/live.ts) and the page's script (src/client/live.ts) both import this module, so the
// compiler holds each side to what the other sends. Plain data: no node and no DOM.

/** Where the dev server's own endpoints live: outside any base URL a site would use. */
export const DEV_PREFIX = '/__egdocs/';
/** The live-reload WebSocket. */
export const SOCKET_PATH = `${DEV_PREFIX}socket`;
/** The live-reload script, injected into every page serve sends. */
export const CLIENT_PATH = `${DEV_PREFIX}live.js`;
/** The attribute of that script's tag carrying the number of the build the page belongs to. */
export const BUILD_ATTRIBUTE = 'data-build';

/** One problem of a failed build: its line (`file:line:col  message`) and the lines shown under it. */
export interface Problem {
  text: string;
  /** The source line with a caret under the column, and a `note:` per related location (see detailLines). */
  details: string[];
}

/** A problem as the overlay and the failure page show it: its line, then the lines under it, indented. */
export const problemText = (problem: Problem): string =>
  [problem.text, ...problem.details.map((line) => `    ${line}`)].join('\n');

/** What the server tells the pages. A page sends nothing. */
export type LiveMessage =
  /** On connecting: the number of the build the server serves now. */
  | { type: 'hello'; build: number }
  /** A good build replaced the site: the files it was started by, relative to the project. */
  | { type: 'reload'; build: number; changed: string[] }
  /** The last build failed; the site served is still the last good one (or, before any, this error). */
  | { type: 'error'; title: string; problems: Problem[] };

/** A failed build as the pages are told it. */
export type ErrorMessage = Extract<LiveMessage, { type: 'error' }>;

/**
 * Whether a page of build `page` must reload on hearing the server serves build `served`. Any difference counts:
 * a page older than the last build is stale, and a restarted server counts its builds from 1 again.
 */
export const isStale = (page: number, served: number): boolean => page !== served;

/** The script tag serve puts before `</body>`: it names the page's build. */
export const clientTag = (build: number): string =>
  `<script src="${CLIENT_PATH}" ${BUILD_ATTRIBUTE}="${build}" defer></script>`;
