// Serves a built site as a static host (GitHub Pages) would: index.html for folders, a 301 to add the trailing
// slash, the site's own 404.html with status 404, cache headers by kind of file, and no way out of the site folder.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Looks up a file of the site by its path relative to the site root ('docs/x/index.html'). */
export type FileSource = (relPath: string) => Promise<Uint8Array | string | undefined>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const HTML = TYPES['.html'];
const TEXT = 'text/plain; charset=utf-8';

/** Whether absolute path `file` is `dir` or lies under it. */
export const isInside = (dir: string, file: string): boolean => file === dir || file.startsWith(dir + path.sep);

/** Files of a folder on disk, never outside it (nor through a symbolic link that leads out of it). */
export function folderSource(root: string): FileSource {
  const top = path.resolve(root);
  return async (relPath) => {
    const full = path.resolve(top, relPath);
    if (!isInside(top, full)) return undefined;
    try {
      // The handler never asks for '..', but a link inside the build could still point anywhere.
      if (!isInside(await realpath(top), await realpath(full))) return undefined;
      if (!(await stat(full)).isFile()) return undefined;
      return await readFile(full);
    } catch {
      return undefined;
    }
  };
}

/** Files from a map (an in-memory build). */
export function mapSource(files: Map<string, string | Uint8Array>): FileSource {
  return async (relPath) => files.get(relPath);
}

/**
 * A request target's path, percent-decoded exactly once, and its query; undefined when it is not a plain path inside
 * the site: another form of target, bad encoding (overlong UTF-8 like %c0%ae ends here), NUL, backslashes, or '.',
 * '..' and empty segments. The raw target is used on purpose: WHATWG URL parsing would quietly resolve '..' and
 * '%2e%2e' and read '//x' as a host name, so a traversal attempt would be answered as some other path.
 */
export function requestPath(target: string): { raw: string; path: string; query: string } | undefined {
  const q = target.indexOf('?');
  const raw = q < 0 ? target : target.slice(0, q);
  if (!raw.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  // Segments after the leading slash; only the last may be empty (a folder's trailing slash).
  const segments = decoded.split('/').slice(1);
  if (segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1))) return undefined;
  return { raw, path: decoded, query: q < 0 ? '' : target.slice(q) };
}

/** Hashed file names (esbuild's base32 `.ABCD2345.`, our hex `-1a2b3c4d.`) never change content. */
const HASHED = /[.-](?:[A-Z2-7]{8}|[0-9a-f]{8})\.[A-Za-z0-9]+$/;

/** Cache-Control for a served file: hashed assets for a year; anything else is checked again on every use. */
function cacheControl(relPath: string): string {
  // A file the user put under static/assets/ keeps its name, so the folder alone does not make it immutable.
  return relPath.startsWith('assets/') && HASHED.test(relPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

interface Reply {
  status: number;
  body: string | Uint8Array;
  type?: string;
  headers?: Record<string, string>;
}

/**
 * A request handler for the site at `baseUrl`. `transformHtml` changes each HTML page on its way out (the dev
 * server adds its live-reload script; the files themselves stay as a build writes them).
 */
export function staticHandler(source: FileSource, baseUrl: string, transformHtml?: (html: string) => string): http.RequestListener {
  const html = (raw: string | Uint8Array) => {
    const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
    return transformHtml ? transformHtml(text) : raw;
  };
  const notFound = async (): Promise<Reply> => {
    const page = await source('404.html');
    return page === undefined ? { status: 404, body: 'Not found', type: TEXT } : { status: 404, body: html(page), type: HTML, headers: { 'cache-control': 'no-cache' } };
  };
  const redirect = (location: string): Reply => ({ status: 301, body: '', headers: { location } });
  const file = (rel: string, body: string | Uint8Array): Reply => {
    const type = TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream';
    return { status: 200, body: type === HTML ? html(body) : body, type, headers: { 'cache-control': cacheControl(rel) } };
  };

  const resolve = async (req: http.IncomingMessage): Promise<Reply> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, body: 'Method not allowed', type: TEXT, headers: { allow: 'GET, HEAD' } };
    const target = requestPath(req.url ?? '');
    if (!target) return { status: 400, body: 'Bad request', type: TEXT };
    // Locations are built from the raw path, still percent-encoded: a header cannot carry the decoded characters.
    if (`${target.path}/` === baseUrl) return redirect(`${target.raw}/${target.query}`);
    if (!target.path.startsWith(baseUrl)) return notFound();
    const rel = target.path.slice(baseUrl.length);
    if (rel === '' || rel.endsWith('/')) {
      const index = await source(`${rel}index.html`);
      return index === undefined ? notFound() : file(`${rel}index.html`, index);
    }
    const exact = await source(rel);
    if (exact !== undefined) return file(rel, exact);
    // Like GitHub Pages: a folder gets its slash, and 'x' is also 'x.html'. 'x.html' is not 'x/' there, so it
    // answers 404 and the 404 page's client router strips the suffix (SPEC; the browser tests rely on it).
    if ((await source(`${rel}/index.html`)) !== undefined) return redirect(`${target.raw}/${target.query}`);
    const page = await source(`${rel}.html`);
    return page === undefined ? notFound() : file(`${rel}.html`, page);
  };

  const gzipped = new Map<string, Uint8Array>();
  return async (req, res) => {
    try {
      send(req, res, await resolve(req), gzipped);
    } catch (error) {
      // Never an unhandled rejection: the server outlives a bad request or a failing source.
      if (res.headersSent) res.destroy();
      else send(req, res, { status: 500, body: `Internal server error: ${error instanceof Error ? error.message : String(error)}`, type: TEXT }, gzipped);
    }
  };
}

/** Writes a reply: an ETag on files and 304 when the client has them, the length always, the body unless HEAD. */
function send(req: http.IncomingMessage, res: http.ServerResponse, reply: Reply, gzipped: Map<string, Uint8Array>): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  let etag: string | undefined;
  if (reply.status === 200) {
    // The content is the validator: an in-memory build has no modification times, and every build rewrites the
    // files on disk, so Last-Modified would change when the bytes do not.
    etag = `"${createHash('sha1').update(reply.body).digest('base64url')}"`;
    headers.etag = etag;
    if (matches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  if (reply.type) headers['content-type'] = reply.type;
  let body = reply.body;
  // Text goes out gzip-compressed when the client takes it, as GitHub Pages sends it: page weight and Lighthouse
  // see what readers download. The ETag stays the one of the file: the representation varies by Accept-Encoding.
  if (reply.type && COMPRESSIBLE.test(reply.type) && Buffer.byteLength(body) > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    // A file is compressed once (the dev server's assets are asked for on every reload), keyed by its ETag.
    const cached = etag ? gzipped.get(etag) : undefined;
    body = cached ?? gzipSync(body);
    if (etag && !cached) {
      if (gzipped.size >= GZIP_CACHE_ENTRIES) gzipped.clear();
      gzipped.set(etag, body);
    }
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Compressed files a handler keeps; past this, it starts again (old builds' files are never asked for again). */
const GZIP_CACHE_ENTRIES = 512;

/** Content types worth compressing: text of every kind (images and fonts are compressed already). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;

/** If-None-Match against an ETag: '*' or any listed tag, weak or strong (RFC 9110 uses the weak comparison here). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Listens on host:port, trying the next port (and saying so) when it is taken. Resolves with the server and the port. */
export async function listen(
  handler: http.RequestListener,
  host: string,
  port: number,
  options: { tries?: number; log?: (line: string) => void } = {},
): Promise<{ server: http.Server; port: number }> {
  const { tries = 20, log = (line: string) => console.error(line) } = options;
  for (let attempt = 0; attempt < tries && port + attempt <= 65535; attempt++) {
    const server = http.createServer(handler);
    const result = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
      server.once('error', resolve);
      // Port 0 asks the system for a free port: the real one is in the address.
      server.listen(port + attempt, host, () => resolve((server.address() as { port: number }).port));
    });
    if (typeof result === 'number') return { server, port: result };
    if (result.code !== 'EADDRINUSE') throw result;
    log(`Port ${port + attempt} is in use; trying ${port + attempt + 1}.`);
  }
  throw new Error(`no free port from ${port} to ${Math.min(port + tries - 1, 65535)} on ${host}`);
}
