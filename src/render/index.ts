// The render stage: each route through the React templates (renderToString) into a complete HTML file.
import path from 'node:path';
import { GROUP_OF } from '../shared/page-groups.ts';
import type { Templates } from '../../templates/server.ts';
import type { Bundle } from '../bundle/index.ts';
import { sha256 } from '../platform/hash.ts';
import { type Diagnostics, formatDiagnostic, type Location } from '../shared/model/diagnostics.ts';
import { type Pace, UNPACED } from '../platform/pace.ts';
import { PAYLOAD_FILE } from '../shared/routing.ts';
import type {
  Chrome,
  OutputFile,
  PageProps,
  Route,
  RoutePayload,
  SidebarItem,
  Site,
  SiteChrome,
} from '../shared/model/types.ts';
import { type Assets, documentTitle, renderDocument, renderRedirect, scriptJson } from './document.ts';
import { pruneSidebar } from '../shared/sidebar.ts';
import { LateUrls } from './late-urls.ts';
import { SidebarShare } from './sidebar-share.ts';

export { sidebarFiles } from './sidebar.ts';
export type { Assets } from './document.ts';
export type { Templates };

export interface RenderContext {
  site: Site;
  chrome: Chrome;
  /** Styles and scripts of every page, and the chunks to preload for each page group. */
  assets: Omit<Assets, 'preload'> & { preload: Bundle['preload'] };
  generator: string;
  /** Templates to use instead of the ones compiled in (serve, after a template changed). */
  templates?: Templates;
  /** The stand-ins pages are rendered with, and the URLs written over them (render/late-urls.ts). */
  lateUrls?: [token: string, url: string][];
}

export interface RenderOptions {
  /** Routes of earlier builds to reuse (serve). */
  memo?: RenderMemo;
  /** False renders every sidebar in full, rather than once per state (render/sidebar-share.ts): tests compare both. */
  shareSidebars?: boolean;
  diagnostics: Diagnostics;
  /** The project root, for naming template files in errors. */
  root: string;
  /**
   * Takes each route's files as soon as they are rendered, and gives what the build keeps of them instead: a thread
   * rendering a share of a large build writes them ahead (write-ahead.ts) rather than hold them until the write step.
   */
  emit?: (files: OutputFile[]) => OutputFile[];
  /** Where rendering gives the event loop a turn, and stops once the build is stopped (pace.ts). */
  pace?: Pace;
}

/**
 * The chrome every page's layout gets: the site's (site/chrome.ts), and where the bundle and the search step put the
 * files it loads, which are known only after the site stage.
 */
export function pageChrome(
  chrome: SiteChrome,
  sidebarUrls: Record<string, string>,
  {
    tabsUrl,
    imageZoomUrl,
    mermaidUrl,
    versionIndexUrls = {},
    ...searchUrls
  }: {
    indexUrl: string;
    workerUrl: string;
    resultsUrl: string;
    tabsUrl: string;
    imageZoomUrl?: string;
    mermaidUrl: string;
    versionIndexUrls?: Record<string, string>;
  },
): Chrome {
  // In the key order of every page's hydration data, as before the chrome was site data: the pages stay the same.
  const { docsVersion, ...rest } = chrome;
  // Only a site with older versions names their indexes: one without has the pages it had.
  const versions = Object.keys(versionIndexUrls).length > 0 ? { versionIndexUrls } : {};
  // Each part's script with the selector of the blocks that need it (src/client/app.tsx); image zoom's only in a
  // site that turns it on.
  const parts: Chrome['parts'] = [
    ['#main .tabs', tabsUrl],
    ['#main .mermaid', mermaidUrl],
    ...(imageZoomUrl ? [['#main .markdown img', imageZoomUrl] as [string, string]] : []),
  ];
  return { ...rest, search: { ...chrome.search, ...searchUrls, ...versions }, sidebarUrls, docsVersion, parts };
}

/**
 * Every route of the site to its files. A template that throws is an error naming the template line when the stack
 * has one (else the page's source); a template bug fails many pages the same way, so it is reported once per place
 * and message, naming the first page and how many others.
 */
export async function renderRoutes(
  context: RenderContext,
  { memo, diagnostics, root, shareSidebars = true, emit, pace = UNPACED }: RenderOptions,
): Promise<OutputFile[]> {
  if (memo) prepareMemo(memo, context);
  const share = shareSidebars ? new SidebarShare() : undefined;
  const failures = new Map<string, { at?: Location; message: string; paths: string[] }>();
  const render = (route: Route, renderApp?: RenderApp): OutputFile[] | undefined => {
    let files: OutputFile[] | undefined;
    try {
      files = renderRoute(context, route, memo, renderApp);
    } catch (error) {
      const at = throwingTemplate(error, root) ?? (route.file ? { file: route.file } : undefined);
      const message = (error as Error).message;
      const key = formatDiagnostic({ severity: 'error', code: 'template', message, location: at });
      const failure = failures.get(key) ?? failures.set(key, { at, message, paths: [] }).get(key)!;
      failure.paths.push(route.path);
      return [];
    }
    // Outside the try: a failed write is not a template's failure, and stops the render.
    if (!files || !emit) return files;
    const kept = emit(files);
    const remembered = memo?.routes.get(route.outFile);
    if (remembered) remembered.files = kept;
    return kept;
  };
  // With a memo that holds routes, React loads only if some route is not in it: a first pass takes what it has.
  let react = memo && memo.routes.size > 0 ? undefined : await import('./react.ts');
  const withShare = (loaded: typeof react): RenderApp | undefined =>
    loaded && ((templates, props) => loaded.renderApp(templates, props, share));
  const first = withShare(react);
  const results: (OutputFile[] | undefined)[] = [];
  for (const route of context.site.routes) {
    if (pace.due()) await pace.turn();
    results.push(render(route, first));
  }
  if (results.includes(undefined)) {
    react ??= await import('./react.ts');
    const renderApp = withShare(react);
    for (const [i, route] of context.site.routes.entries()) {
      if (results[i] !== undefined) continue;
      if (pace.due()) await pace.turn();
      results[i] = render(route, renderApp);
    }
  }
  for (const { at, message, paths } of failures.values()) {
    const others = paths.length > 1 ? ` and ${paths.length - 1} other page${paths.length > 2 ? 's' : ''}` : '';
    diagnostics.error('template', `template failed rendering ${paths[0]}${others}: ${message}`, at);
  }
  if (memo) {
    const present = new Set(context.site.routes.map((route) => route.outFile));
    for (const outFile of memo.routes.keys()) if (!present.has(outFile)) memo.routes.delete(outFile);
  }
  return results.flatMap((files) => files ?? []);
}

/**
 * Where a template threw: the first stack frame in a .tsx file outside node_modules, relative to the project when
 * inside it. Stacks name template files when source maps are on (serve turns them on; tests run the sources).
 */
function throwingTemplate(error: unknown, root: string): Location | undefined {
  for (const match of String((error as Error)?.stack ?? '').matchAll(/((?:file:\/\/)?\/[^():\s]+\.tsx):(\d+):(\d+)/g)) {
    const full = match[1].replace(/^file:\/\//, '');
    if (full.includes('/node_modules/')) continue;
    const rel = path.relative(root, full);
    return {
      file: rel.startsWith('..') ? full : rel.split(path.sep).join('/'),
      line: Number(match[2]),
      column: Number(match[3]),
    };
  }
  return undefined;
}

type RenderApp = (templates: Templates | undefined, props: PageProps) => string;

/**
 * One route to its HTML file and, for routes a link can lead to, the payload client navigation fetches instead.
 * The 404 page and redirects have no payload: a link to them fails to load one and falls back to a full page load.
 * Undefined when the route must be rendered and `renderApp` (React) is not given.
 */
export function renderRoute(
  context: RenderContext,
  route: Route,
  memo: RenderMemo | undefined,
  renderApp: RenderApp | undefined,
): OutputFile[] | undefined {
  const { site, chrome, assets, generator } = context;
  if (route.data.kind === 'redirect')
    return [{ path: route.outFile, contents: renderRedirect(site.config, route.data.to) }];
  const sidebar = route.sidebarId ? site.sidebars[route.sidebarId] : undefined;
  const props: PageProps = {
    chrome,
    route,
    sidebar: sidebar && pruneSidebar(sidebar, route.path),
    sidebarId: route.sidebarId,
  };
  // The route and its sidebar are all that differ between pages; the memo was emptied if the shared parts changed.
  const key = memo && routeKey(memo, route, props.sidebar);
  const remembered = memo?.routes.get(route.outFile);
  if (remembered && remembered.key === key) {
    // A memo read from the disk finds the files in the output folder, and gives none if they were changed there.
    const files = typeof remembered.files === 'function' ? remembered.files() : remembered.files;
    if (files) return (remembered.files = files);
    memo!.routes.delete(route.outFile);
  }
  // Not remembered, and React not loaded yet: the caller loads it and asks again.
  if (!renderApp) return undefined;
  memo && memo.rendered++;
  const appHtml = renderApp(context.templates, props);
  const preload = [...assets.preload.entry, ...assets.preload.groups[GROUP_OF[route.data.kind]]];
  const late = context.lateUrls ?? [];
  const html = renderDocument({
    config: site.config,
    chrome,
    route,
    appHtml,
    data: withSidebarJson(hydrationData(props), props.sidebar, true),
    assets: { ...assets, preload },
    generator,
  });
  // Kept as UTF-8 bytes until written: a JavaScript string with any character past U+00FF takes two bytes per
  // character, and a large site holds every page in memory before the atomic swap.
  const files: OutputFile[] = [{ path: route.outFile, contents: Buffer.from(LateUrls.fillIn(html, late)) }];
  if (route.outFile.endsWith('/index.html') || route.outFile === 'index.html') {
    const payload: RoutePayload = {
      route,
      sidebar: props.sidebar,
      sidebarId: route.sidebarId,
      title: documentTitle(site.config, route),
    };
    files.push({
      path: route.outFile.replace(/index\.html$/, PAYLOAD_FILE),
      contents: Buffer.from(LateUrls.fillIn(withSidebarJson(payload, props.sidebar, false), late)),
    });
  }
  if (memo) memo.routes.set(route.outFile, { key: key!, files });
  return files;
}

/**
 * Routes rendered by earlier builds (serve keeps one): a route whose props are unchanged keeps its files, so a save
 * renders again only the pages it changed: the edited page, and those whose sidebar, previous/next or tag lists
 * show something of it. A change to what every page shares (navbar, footer, asset URLs) empties it.
 */
export interface RenderMemo {
  /** Hash of the parts every page shares, and the templates, of the build that filled `routes`. */
  shared?: string;
  templates?: Templates;
  routes: Map<string, { key: string; files: OutputFile[] | (() => OutputFile[] | undefined) }>;
  /** Routes rendered (not reused) by the current build. */
  rendered: number;
  /** The URLs written over the stand-ins (render/late-urls.ts) of the build that filled `routes`, as JSON. */
  urls?: string;
  /** The hash of each HTML string the keys of the last build and of this one were made from (routeKey). */
  hashes?: { last: Map<string, string>; next: Map<string, string> };
}

/**
 * A route's memo key. Its HTML strings (the page's body) count by their hash and a sidebar by the hash of its JSON,
 * each made once: the markdown stage gives an unchanged page the same string and pages of one category share their
 * pruned sidebar, so a save does not escape every page's HTML into JSON again.
 */
function routeKey(memo: RenderMemo, route: Route, sidebar: SidebarItem[] | undefined): string {
  const hashes = (memo.hashes ??= { last: new Map(), next: new Map() });
  const hashOf = (text: string) => {
    const hash = hashes.next.get(text) ?? hashes.last.get(text) ?? sha256(text, 'base64url');
    hashes.next.set(text, hash);
    return hash;
  };
  let sidebarHash = sidebar && sidebarHashes.get(sidebar);
  if (sidebar && !sidebarHash) sidebarHashes.set(sidebar, (sidebarHash = sha256(JSON.stringify(sidebar), 'base64url')));
  // The HTML a route's data carries (a page's body, a doc's footer) goes in by its hash: copies of the two objects
  // that hold it rather than a replacer, which makes JSON.stringify call back for every value of every route.
  const data = route.data as { html?: unknown; footer?: { html?: unknown } };
  const html = typeof data.html === 'string' ? hashOf(data.html) : data.html;
  const footer =
    typeof data.footer?.html === 'string' ? { ...data.footer, html: hashOf(data.footer.html) } : data.footer;
  const json = JSON.stringify(
    html === data.html && footer === data.footer ? route : { ...route, data: { ...data, html, footer } },
  );
  return sha256(`${json}\n${sidebarHash ?? ''}`, 'base64url');
}

const sidebarHashes = new WeakMap<SidebarItem[], string>();

/** Prepares a memo for a build with this context: keeps its routes only if the shared parts are the same. */
function prepareMemo(memo: RenderMemo, context: RenderContext): void {
  const shared = sha256(JSON.stringify([context.chrome, context.assets, context.generator]), 'base64url');
  if (memo.shared !== shared || memo.templates !== context.templates) memo.routes.clear();
  // The hashes of the last build's HTML strings are kept for this one; older ones go.
  if (memo.hashes) memo.hashes = { last: memo.hashes.next, next: new Map() };
  memo.shared = shared;
  memo.templates = context.templates;
  memo.rendered = 0;
}

/**
 * `value` as JSON (for a <script> element when `inScript`), its `sidebar` key spliced in from JSON made once per
 * pruned sidebar: the pages of one category share it, and a large site's sidebar is most of a page's data.
 */
function withSidebarJson<T extends { sidebar?: SidebarItem[] }>(
  value: T,
  sidebar: T['sidebar'],
  inScript: boolean,
): string {
  const write = inScript ? scriptJson : JSON.stringify;
  if (!sidebar) return write(value);
  const sidebars = inScript ? scriptSidebars : plainSidebars;
  const made = sidebars.get(sidebar) ?? sidebars.set(sidebar, write(sidebar)).get(sidebar)!;
  const text = write({ ...value, sidebar: SIDEBAR_SLOT });
  const at = text.indexOf(`"${SIDEBAR_SLOT}"`);
  // The slot is one whole JSON string; should a value in the page be that very string, nothing is spliced.
  if (at < 0 || text.indexOf(`"${SIDEBAR_SLOT}"`, at + 1) >= 0) return write(value);
  return text.slice(0, at) + made + text.slice(at + SIDEBAR_SLOT.length + 2);
}

const SIDEBAR_SLOT = 'egdocs:sidebar-json';
const scriptSidebars = new WeakMap<SidebarItem[], string>();
const plainSidebars = new WeakMap<SidebarItem[], string>();

/** The props the client hydrates with, minus the rendered markdown, which is already in the page's HTML. */
export function hydrationData(props: PageProps): PageProps {
  return { ...props, route: { ...props.route, data: withoutHtml(props.route.data) } };
}

function withoutHtml<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutHtml) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value))
      out[key] = key === 'html' || key === 'excerptHtml' ? '' : withoutHtml(inner);
    return out as T;
  }
  return value;
}
