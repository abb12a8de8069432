// The render stage: each route through the React templates (renderToString) into a complete HTML file.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../templates/App.tsx';
import type { Chrome, OutputFile, PageProps, Route, Site } from '../types.ts';
import { type Assets, renderDocument, renderRedirect, scriptJson } from './document.ts';
import { pruneSidebar } from './sidebar.ts';

export { chromeOf } from './chrome.ts';
export { sidebarFiles } from './sidebar.ts';
export type { Assets } from './document.ts';

export interface RenderContext {
  site: Site;
  chrome: Chrome;
  assets: Assets;
  generator: string;
}

/** One route to one HTML file. */
export function renderRoute(context: RenderContext, route: Route): OutputFile {
  const { site, chrome, assets, generator } = context;
  if (route.data.kind === 'redirect') return { path: route.outFile, contents: renderRedirect(site.config, route.data.to) };
  const sidebar = route.sidebarId ? site.sidebars[route.sidebarId] : undefined;
  const props: PageProps = { chrome, route, sidebar: sidebar && pruneSidebar(sidebar, route.path), sidebarId: route.sidebarId };
  const appHtml = renderToString(createElement(App, props));
  const html = renderDocument({ config: site.config, chrome, route, appHtml, data: scriptJson(hydrationData(props)), assets, generator });
  // Kept as UTF-8 bytes until written: a JavaScript string with any character past U+00FF takes two bytes per
  // character, and a large site holds every page in memory before the atomic swap.
  return { path: route.outFile, contents: Buffer.from(html) };
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
