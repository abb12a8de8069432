// The HTML document around a rendered page: head (title, meta, canonical, OpenGraph, styles, the inline
// colour-mode script that runs before first paint), the app's markup, the hydration data and the inline script that
// loads the client. The inline scripts are modules of their own (src/client/inline/), minified ahead of any build
// (src/bundle/inline.ts); each page writes its input into them.
import { inlineScripts } from '../bundle/inline.ts';
import { type ColorModeInput, INPUT_SLOT, type ScriptLoaderInput } from '../shared/inline-scripts.ts';
import type { Chrome, Config, Route } from '../shared/model/types.ts';
import { storageKey } from '../../templates/storage.ts';
import { isExternal, sitePath } from '../shared/urls.ts';
import { contrast } from '../shared/config/theme.ts';

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
    ...socialCard(config, route),
    chrome.favicon ? `<link rel="icon" href="${escapeAttr(chrome.favicon)}">` : '',
    // Only a site with posts has feeds to point at.
    chrome.feeds
      ? `<link rel="alternate" type="application/rss+xml" href="${escapeAttr(chrome.feeds.rss)}" title="${escapeAttr(config.title)} RSS Feed">`
      : '',
    chrome.feeds
      ? `<link rel="alternate" type="application/atom+xml" href="${escapeAttr(chrome.feeds.atom)}" title="${escapeAttr(config.title)} Atom Feed">`
      : '',
    `<script>${withInput(inlineScripts().colorMode, colorModeInput(config, chrome))}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    // After egdocs' stylesheet, so that the project's accent and its own rules win.
    accentStyle(config),
    ...config.theme.stylesheets.map(
      (sheet) => `<link rel="stylesheet" href="${escapeAttr(isExternal(sheet) ? sheet : sitePath(config, sheet))}">`,
    ),
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
 * The project's accent colour (theme.accentColor) over egdocs' tokens (templates/styles/tokens.css): links, the
 * accent and the text on it (black or white, whichever reads better on the accent).
 */
function accentStyle(config: Config): string {
  const accent = config.theme.accentColor;
  if (!accent) return '';
  const rules = (['light', 'dark'] as const).flatMap((mode) => {
    const color = accent[mode];
    if (!color) return [];
    const onAccent = contrast(color, '#ffffff') >= contrast(color, '#000000') ? '#ffffff' : '#000000';
    return [
      `html[data-theme='${mode}']{--accent:${color};--accent-strong:${color};--link:${color};--accent-fg:${onAccent}}`,
    ];
  });
  return `<style>${rules.join('')}</style>`;
}

/**
 * The picture a shared link shows: the page's front matter `image`, else the config's, as an absolute URL; a large
 * card with one, the small summary card without.
 */
function socialCard(config: Config, route: Route): string[] {
  const written =
    route.image ?? (config.image && (isExternal(config.image) ? config.image : sitePath(config, config.image)));
  if (!written) return ['<meta name="twitter:card" content="summary">'];
  const url = isExternal(written) ? written : config.url + written;
  return [
    `<meta property="og:image" content="${escapeAttr(url)}">`,
    `<meta name="twitter:image" content="${escapeAttr(url)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ];
}

/** The client's module scripts, asked for after the first contentful paint (src/client/inline/script-loader.ts). */
function scriptLoader(assets: Assets): string {
  if (assets.scripts.length === 0) return '';
  const input: ScriptLoaderInput = { scripts: assets.scripts, preload: assets.preload };
  return `<script>${withInput(inlineScripts().scriptLoader, input)}</script>`;
}

/** The module scripts and the chunks a page's loader asks for (for tests and tools that read a written page). */
export function scriptsOf(html: string): ScriptLoaderInput {
  // The loader is the page's last script; its input is the JSON object that starts with its scripts.
  const loader = html.slice(html.lastIndexOf('<script>'));
  const start = loader.indexOf('{"scripts":');
  // The object ends at one of the closing braces after it: the first at which it is whole.
  for (let end = loader.indexOf('}', start); start >= 0 && end >= 0; end = loader.indexOf('}', end + 1)) {
    try {
      return JSON.parse(loader.slice(start, end + 1)) as ScriptLoaderInput;
    } catch {
      // Not whole yet.
    }
  }
  return { scripts: [], preload: [] };
}

/** An inline script (src/bundle/inline.ts) with this page's input in place of its INPUT_SLOT. */
function withInput(script: string, input: unknown): string {
  return script.replace(INPUT_SLOT, () => scriptJson(input));
}

/** "Page | Site", or just the site title when the page is the site. */
export function documentTitle(config: Config, route: Route): string {
  return route.title && route.title !== config.title ? `${route.title} | ${config.title}` : config.title;
}

/**
 * The colour-mode script's input (src/client/inline/color-mode.ts): the keys the templates store the reader's
 * settings under (templates/storage.ts), the announcement bar's id, and whether the stored mode is forgotten.
 */
function colorModeInput(config: Config, chrome: Chrome): ColorModeInput {
  const bar = chrome.announcementBar;
  const forget = config.colorMode.disableSwitch;
  const system = config.colorMode.respectPrefersColorScheme;
  const input: ColorModeInput = [storageKey('theme', chrome)];
  // Trailing entries left out when unset: the script is in every page's head.
  if (bar || forget || system) input.push(bar ? storageKey('announcement-dismissed', chrome) : null, bar?.id ?? null);
  if (forget || system) input.push(forget);
  if (system) input.push(true);
  return input;
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
