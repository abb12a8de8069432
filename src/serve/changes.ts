// What a good build changed, as the open pages need to know it (live-protocol's Update): the routes whose pages
// differ, which a page showing one renders afresh in place, or the reason every page must load again. Found by
// comparing the files served before and after: a build gives an unchanged route the very bytes it had (the render
// memo), so most comparisons are of one object with itself.
import path from 'node:path';
import { PAYLOAD_FILE } from '../shared/routing.ts';
import type { Update } from '../shared/live-protocol.ts';
import type { Route } from '../shared/model/types.ts';

/** One build's output as compared: its files, and which of them are a route's page or payload. */
export interface BuildOutput {
  files: ReadonlyMap<string, string | Uint8Array>;
  /** Large files of content/, by output path: the file on disk they are served from. */
  copies: ReadonlyMap<string, string>;
  /** Each route's HTML file and payload (output paths) to the route's path. */
  pages: ReadonlyMap<string, string>;
}

/** The output paths of each route's HTML and payload, to the route's path (see BuildOutput.pages). */
export function pagesOf(routes: Route[]): Map<string, string> {
  const pages = new Map<string, string>();
  for (const route of routes) {
    pages.set(route.outFile, route.path);
    if (route.outFile === 'index.html' || route.outFile.endsWith('/index.html'))
      pages.set(path.posix.join(path.posix.dirname(route.outFile), PAYLOAD_FILE), route.path);
  }
  return pages;
}

/**
 * Files a page fetches when it needs them, asking the server each time (served with `no-cache`, their names never
 * hashed under serve), and never holds while shown: a change to one needs no page loaded again. The search index is
 * among them, and is made only when first asked for, so it is missing from one build's files and present in another's.
 */
const FETCHED_FRESH = /\.(?:json|xml|txt|md)$/;

/** Files pages run: a change to one, or one gone (the bundle made anew under other names), loads every page again. */
const RUN = /\.(?:m?js|css)$/;

/**
 * The update the pages get for a build that replaced `before` with `after`. `whole` is a reason, found elsewhere,
 * for every page to load again whatever the files say (the config or a template changed, or what every page shares).
 */
export function updateOf(before: BuildOutput, after: BuildOutput, whole?: string): Update {
  if (whole) return { in: 'page', because: whole };
  const routes = new Set<string>();
  let because: string | undefined;
  const differs = (file: string, how: 'new' | 'changed' | 'gone') => {
    const route = after.pages.get(file) ?? before.pages.get(file);
    if (route !== undefined) routes.add(route);
    else if (RUN.test(file)) {
      // A new script or style is run by no page yet.
      if (how !== 'new') because ??= 'the scripts or styles pages run changed';
    }
    // An image or another file a page shows may be in its cache, under the same name: only bytes that changed there
    // matter. A new one is in no cache, and one gone is shown by no page (a page that showed it changed).
    else if (how === 'changed' && !FETCHED_FRESH.test(file)) because ??= `${file} changed`;
  };
  for (const [file, now] of after.files) {
    const was = before.files.get(file);
    if (was === undefined) differs(file, 'new');
    else if (!same(was, now)) differs(file, 'changed');
  }
  for (const file of before.files.keys()) if (!after.files.has(file)) differs(file, 'gone');
  for (const [file, from] of after.copies) {
    const was = before.copies.get(file);
    if (was === undefined) differs(file, 'new');
    else if (was !== from) differs(file, 'changed');
  }
  for (const file of before.copies.keys()) if (!after.copies.has(file)) differs(file, 'gone');
  return because ? { in: 'page', because } : { in: 'place', routes: [...routes].sort() };
}

function same(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return false;
  return bytesOf(a).equals(bytesOf(b));
}

const bytesOf = (contents: string | Uint8Array): Buffer =>
  typeof contents === 'string'
    ? Buffer.from(contents)
    : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
