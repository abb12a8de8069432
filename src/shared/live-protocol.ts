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
/** The attribute of that script's tag naming the server that sent the page (see PageBuild). */
export const SERVER_ATTRIBUTE = 'data-server';

/** One problem of a failed build: its line (`file:line:col  message`) and the lines shown under it. */
export interface Problem {
  text: string;
  /** The source line with a caret under the column, and a `note:` per related location (see detailLines). */
  details: string[];
}

/** A problem as the overlay and the failure page show it: its line, then the lines under it, indented. */
export const problemText = (problem: Problem): string =>
  [problem.text, ...problem.details.map((line) => `    ${line}`)].join('\n');

/**
 * The build a page belongs to: the server that sent it, named afresh each time one starts (a restarted server numbers
 * its builds from 1 again, from sources that may have changed meanwhile), and the build's number.
 */
export interface PageBuild {
  server: string;
  build: number;
}

/** How the open pages follow a good build. */
export type Update =
  /**
   * In place: the pages of these routes changed (their HTML or payload; paths as Route.path), and nothing a page runs
   * or shows from its cache did. A page showing one of them renders its new payload where the reader is; the others
   * stay as they are.
   */
  | { in: 'place'; routes: string[] }
  /**
   * Every page loads again, keeping its scroll: what it runs changed (the config, a template, the scripts and styles,
   * the chrome every page shares), or a file it may show from its cache; `because` says which.
   */
  | { in: 'page'; because: string };

/** What the server tells the pages. A page sends nothing. */
export type LiveMessage =
  /** On connecting: the server and the number of the build it serves now. */
  | ({ type: 'hello' } & PageBuild)
  /** A good build replaced the site: the files it was started by (relative to the project), and what it changed. */
  | { type: 'reload'; build: number; changed: string[]; update: Update }
  /** The last build failed; the site served is still the last good one (or, before any, this error). */
  | { type: 'error'; title: string; problems: Problem[] };

/** A failed build as the pages are told it. */
export type ErrorMessage = Extract<LiveMessage, { type: 'error' }>;

/**
 * Whether a page of build `page` must reload on hearing the server serves build `served`. Any difference counts:
 * a page older than the last build is stale, and so is one another server sent (the server restarted).
 */
export const isStale = (page: PageBuild, served: PageBuild): boolean =>
  page.server !== served.server || page.build !== served.build;

/** The script tag serve puts before `</body>`: it names the page's build. */
export const clientTag = ({ server, build }: PageBuild): string =>
  `<script src="${CLIENT_PATH}" ${BUILD_ATTRIBUTE}="${build}" ${SERVER_ATTRIBUTE}="${server}" defer></script>`;

/**
 * What a page's client (src/client/main.tsx) offers the live-reload script, at `window[PAGE_HOOK]` once it can
 * render routes: the script and the client are bundled apart, and the page is the one place both see.
 */
export interface PageHook {
  /** The route the page shows (Route.path). */
  readonly path: string;
  /**
   * Forgets what the page holds of `routes` (a build changed them); when it shows one of them, renders that route's
   * new payload where the reader is, keeping what React holds (open categories, the colour mode, the TOC). Resolves
   * false when that failed: the page must load again.
   */
  update(routes: string[]): Promise<boolean>;
}

export const PAGE_HOOK = '__egdocsPage';

/**
 * What the live-reload script offers the page's markdown (templates/Markdown.tsx) at `window[MARKUP_HOOK]`: changes
 * an element's children, rendered from `was`, into those of `html`, replacing only the blocks that changed. A built
 * site's pages, which have no live script, set the new markup whole.
 */
export type MarkupPatch = (element: Element, was: string, html: string) => void;

export const MARKUP_HOOK = '__egdocsMarkup';
