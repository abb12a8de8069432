// The render stage: each route through the React templates (renderToString) into a complete HTML file.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App.tsx';
import { pages as blogPages } from '../../templates/BlogPages.tsx';
import { pages as docPages } from '../../templates/DocPage.tsx';
import { GROUP_OF, type PageRegistry } from '../../templates/pages.ts';
import type { Bundle } from '../bundle/index.ts';
import { pages as simplePages } from '../../templates/SimplePages.tsx';
import { PAYLOAD_FILE } from '../../templates/routing.ts';
import type { Chrome, OutputFile, PageProps, Route, RoutePayload, Site } from '../types.ts';
import { type Assets, documentTitle, renderDocument, renderRedirect, scriptJson } from './document.ts';
import { pruneSidebar } from './sidebar.ts';

export { chromeOf } from './chrome.ts';
export { sidebarFiles } from './sidebar.ts';
export type { Assets } from './document.ts';

/** Every page template: the server renders all kinds (the client loads them by group). */
const pages: PageRegistry = { ...docPages, ...blogPages, ...simplePages };

export interface RenderContext {
  site: Site;
  chrome: Chrome;
  /** Styles and scripts of every page, and the chunks to preload for each page group. */
  assets: Omit<Assets, 'preload'> & { preload: Bundle['preload'] };
  generator: string;
}

/**
 * One route to its HTML file and, for routes a link can lead to, the payload client navigation fetches instead.
 * The 404 page and redirects have no payload: a link to them fails to load one and falls back to a full page load.
 */
export function renderRoute(context: RenderContext, route: Route): OutputFile[] {
  const { site, chrome, assets, generator } = context;
  if (route.data.kind === 'redirect') return [{ path: route.outFile, contents: renderRedirect(site.config, route.data.to) }];
  const sidebar = route.sidebarId ? site.sidebars[route.sidebarId] : undefined;
  const props: PageProps = { chrome, route, sidebar: sidebar && pruneSidebar(sidebar, route.path), sidebarId: route.sidebarId };
  const appHtml = renderToString(createElement(App, { ...props, pages }));
  const preload = [...assets.preload.entry, ...assets.preload.groups[GROUP_OF[route.data.kind]]];
  const html = renderDocument({ config: site.config, chrome, route, appHtml, data: scriptJson(hydrationData(props)), assets: { ...assets, preload }, generator });
  // Kept as UTF-8 bytes until written: a JavaScript string with any character past U+00FF takes two bytes per
  // character, and a large site holds every page in memory before the atomic swap.
  const files: OutputFile[] = [{ path: route.outFile, contents: Buffer.from(html) }];
  if (route.outFile.endsWith('/index.html') || route.outFile === 'index.html') {
    const payload: RoutePayload = { route, sidebar: props.sidebar, sidebarId: route.sidebarId, title: documentTitle(site.config, route) };
    files.push({ path: route.outFile.replace(/index\.html$/, PAYLOAD_FILE), contents: Buffer.from(JSON.stringify(payload)) });
  }
  return files;
}

/** The props the client hydrates with, minus the rendered markdown, which is already in the page's HTML. */
export function hydrationData(props: PageProps): PageProps {
  return { ...props, route: { ...props.route, data: withoutHtml(props.route.data) } };
}

function withoutHtml<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutHtml) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = key === 'html' || key === 'excerptHtml' ? '' : withoutHtml(inner);
    return out as T;
  }
  return value;
}
