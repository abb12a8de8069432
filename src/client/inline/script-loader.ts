// Runs inline at the end of <body>: asks for the page's scripts, and the chunks they import, once the first
// contentful paint is on screen. The page is server-rendered, so the first paint needs only the document and the
// stylesheet. The paint timing entry is given to observers only after the frame was presented, so the requests come
// after it however busy the machine is (counting animation frames did not: under load the second frame's callbacks
// could run before the first was presented, and Lighthouse's simulation then counted the scripts as blocking the
// paint). A page that is or goes hidden paints nothing, so it asks at once; a browser without paint timing asks
// from the frame after the first. Without scripts the page is complete. Built on its own and minified by the bundle
// stage; no imports but types.
import type { ScriptLoaderInput } from '../../shared/inline-scripts.ts';

/** This page's input, written in by the render stage (src/shared/inline-scripts.ts). */
declare const EGDOCS_INLINE_INPUT: ScriptLoaderInput;

const { scripts, preload } = EGDOCS_INLINE_INPUT;
const page = document;
let asked = false;

/** Adds the module scripts and their chunks' preloads to the document, once. */
function ask(): void {
  if (asked) return;
  asked = true;
  const add = (tag: string, attributes: object) => page.head.append(Object.assign(page.createElement(tag), attributes));
  for (const href of preload) add('link', { rel: 'modulepreload', href });
  for (const src of scripts) add('script', { type: 'module', src });
}

if (page.hidden) ask();
else {
  page.addEventListener('visibilitychange', ask);
  if (PerformanceObserver.supportedEntryTypes.includes('paint'))
    new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint')[0] && ask()).observe({
      type: 'paint',
      buffered: true,
    });
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ask)));
}
