// Route paths and payload URLs, shared by the render stage (which writes payloads) and the client router
// (which fetches them), so both sides agree on where a route's data lives.

/** Name of the per-route JSON file that client navigation fetches, beside the route's index.html. */
export const PAYLOAD_FILE = 'page-data.json';

/** URL of the payload of the route at `routePath` (which ends with '/'). */
export function payloadUrl(routePath: string): string {
  return routePath + PAYLOAD_FILE;
}

/**
 * The route path a URL pathname asks for, or undefined when it is not a page (a file such as rss.xml or an image).
 * SPEC: a trailing `/index.html` or `.html` is stripped when no exact route matches; a missing trailing slash is added.
 */
export function routePathOf(pathname: string): string | undefined {
  if (pathname.endsWith('/')) return pathname;
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return `${pathname.slice(0, -'.html'.length)}/`;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') ? undefined : `${pathname}/`;
}
