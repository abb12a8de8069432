// The HTML document around a rendered page: head (title, meta, canonical, OpenGraph, styles, the inline
// colour-mode script that runs before first paint), the app's markup, the hydration data and the client script.
import type { Chrome, Config, Route } from '../shared/model/types.ts';

export interface Assets {
  /** Stylesheet URLs, in order. */
  styles: string[];
  /** Module script URLs. */
  scripts: string[];
  /** Chunks the page's scripts import, preloaded in parallel with them. */
  preload: string[];
}

export interface DocumentInput {
  config: Config;
  chrome: Chrome;
  route: Route;
  appHtml: string;
  /** JSON the client hydrates from (already serialised). */
  data: string;
  assets: Assets;
  generator: string;
}

const NO_SCRIPT_TABS =
  '<noscript><style>.tab-list{display:none}.tab-panel[hidden]{display:block;content-visibility:visible;padding:0.75rem 1rem}.tab-panel-label{display:block}</style></noscript>';

/** The complete HTML of a route. */
export function renderDocument({ config, chrome, route, appHtml, data, assets, generator }: DocumentInput): string {
  const title = documentTitle(config, route);
  const canonical = config.url + route.path;
  const description = route.description || config.tagline;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    `<meta name="generator" content="${escapeAttr(generator)}">`,
    route.keywords?.length ? `<meta name="keywords" content="${escapeAttr(route.keywords.join(', '))}">` : '',
    `<meta name="color-scheme" content="dark light">`,
    route.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeAttr(canonical)}">`,
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:type" content="${route.data.kind === 'blog-post' ? 'article' : 'website'}">`,
    `<meta property="og:url" content="${escapeAttr(canonical)}">`,
    `<meta property="og:site_name" content="${escapeAttr(config.title)}">`,
    `<meta name="twitter:card" content="summary">`,
    chrome.favicon ? `<link rel="icon" href="${escapeAttr(chrome.favicon)}">` : '',
    // Only a site with posts has feeds to point at.
    chrome.feeds
      ? `<link rel="alternate" type="application/rss+xml" href="${escapeAttr(chrome.feeds.rss)}" title="${escapeAttr(config.title)} RSS Feed">`
      : '',
    chrome.feeds
      ? `<link rel="alternate" type="application/atom+xml" href="${escapeAttr(chrome.feeds.atom)}" title="${escapeAttr(config.title)} Atom Feed">`
      : '',
    `<script>${colorModeScript(config, chrome)}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    // Tabs show one panel and hide the others until scripts can switch them; without scripts, every panel shows.
    appHtml.includes('<div class="tabs"') ? NO_SCRIPT_TABS : '',
  ].filter(Boolean);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(config.locale.default)}" dir="${config.locale.direction}" data-theme="${config.colorMode.defaultMode}">
<head>
${head.join('\n')}
</head>
<body data-kind="${route.data.kind}">
<div id="__egdocs" tabindex="-1">${appHtml}</div>
<script id="__egdocs-data" type="application/json">${data}</script>
${scriptLoader(assets)}
</body>
</html>
`;
}

/**
 * The page is server-rendered, so the first paint needs only the document and the stylesheet. The scripts and the
 * chunks they import are asked for once the first contentful paint is on screen: the paint timing entry is given to
 * observers only after the frame was presented, so the requests come after it however busy the machine is (counting
 * animation frames did not: under load the second frame's callbacks could run before the first was presented, and
 * Lighthouse's simulation then counted the scripts as blocking the paint). A page that is or goes hidden paints
 * nothing, so it asks at once; a browser without paint timing asks from the frame after the first. Without scripts the
 * page is complete.
 */
function scriptLoader(assets: Assets): string {
  if (assets.scripts.length === 0) return '';
  const urls = scriptJson({ scripts: assets.scripts, preload: assets.preload });
  return `<script>((u,d=document,P=PerformanceObserver,go=()=>{if(go.done)return;go.done=1;for(const href of u.preload)d.head.append(Object.assign(d.createElement('link'),{rel:'modulepreload',href}));for(const src of u.scripts)d.head.append(Object.assign(d.createElement('script'),{type:'module',src}))})=>{if(d.hidden)return go();d.addEventListener('visibilitychange',go);if(P.supportedEntryTypes.includes('paint'))new P((l)=>l.getEntriesByName('first-contentful-paint')[0]&&go()).observe({type:'paint',buffered:true});else requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go)))})(${urls})</script>`;
}

/** The module scripts and the chunks a page's loader asks for (for tests and tools that read a written page). */
export function scriptsOf(html: string): { scripts: string[]; preload: string[] } {
  const found = /<script>\(\(u,d=document,[\s\S]*?\)\((\{[^<]*\})\)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]) : { scripts: [], preload: [] };
}

/** "Page | Site", or just the site title when the page is the site. */
export function documentTitle(config: Config, route: Route): string {
  return route.title && route.title !== config.title ? `${route.title} | ${config.title}` : config.title;
}

/** Runs in <head> before first paint: applies the stored colour mode and hides a dismissed announcement. */
function colorModeScript(config: Config, chrome: Chrome): string {
  // Config texts, as JSON that cannot end the script (scriptJson).
  const key = (name: string) => scriptJson(`egdocs-${name}${config.client.storage.keySuffix}`);
  const barId = scriptJson(chrome.announcementBar?.id ?? null);
  return `(function(){var d=document.documentElement;try{var s=localStorage,k=${key('theme')},t=s.getItem(k);${
    config.colorMode.disableSwitch ? 's.removeItem(k);t=null;' : ''
  }if(t==='light'||t==='dark')d.dataset.theme=t;if(${barId}!==null&&s.getItem(${key('announcement-dismissed')})===${barId})d.dataset.announcementDismissed='true'}catch(e){}})()`;
}

/** A tiny page that sends the reader on to `to` (for old or alternative paths). */
export function renderRedirect(config: Config, to: string): string {
  const url = escapeAttr(to);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(config.locale.default)}">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<meta http-equiv="refresh" content="0; url=${url}">
<link rel="canonical" href="${escapeAttr(config.url + to)}">
<meta name="robots" content="noindex">
<script>location.replace(${scriptJson(to)} + location.hash)</script>
</head>
<body><p>This page has moved to <a href="${url}">${escapeHtml(to)}</a>.</p></body>
</html>
`;
}

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}
