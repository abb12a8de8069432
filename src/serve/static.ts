// Serves a built site as a static host (GitHub Pages) would: index.html for folders, a 301 to add the trailing
// slash, the site's own 404.html with status 404, cache headers by kind of file, and no way out of the site folder.
// Files on disk are streamed, never held whole, and answer Range requests, so a large download costs no memory.
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { relativeToBase } from '../shared/urls.ts';
import type { FileSource, SiteFile } from './sources.ts';

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
  '.md': 'text/markdown; charset=utf-8',
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

/** What a request gets: a small generated body (a redirect, the 404 page, an error), or a file of the site. */
type Reply =
  | { status: number; body: string | Uint8Array; type?: string; headers?: Record<string, string> }
  | { status: 200; file: SiteFile; rel: string; type: string; headers: Record<string, string> };

/**
 * A request handler for the site at `baseUrl`. `transformHtml` changes each HTML page on its way out (the dev
 * server adds its live-reload script; the files themselves stay as a build writes them).
 */
export function staticHandler(
  source: FileSource,
  baseUrl: string,
  transformHtml?: (html: string) => string,
): http.RequestListener {
  const html = async (file: SiteFile) => {
    const raw = await file.read();
    const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
    return transformHtml ? transformHtml(text) : raw;
  };
  const notFound = async (): Promise<Reply> => {
    const page = await source('404.html');
    return page === undefined
      ? { status: 404, body: 'Not found', type: TEXT }
      : { status: 404, body: await html(page), type: HTML, headers: { 'cache-control': 'no-cache' } };
  };
  const redirect = (location: string, status = 301): Reply => ({ status, body: '', headers: { location } });
  const file = (rel: string, found: SiteFile): Reply => ({
    status: 200,
    file: found,
    rel,
    type: TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
    headers: { 'cache-control': cacheControl(rel) },
  });

  const resolve = async (req: http.IncomingMessage): Promise<Reply> => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return { status: 405, body: 'Method not allowed', type: TEXT, headers: { allow: 'GET, HEAD' } };
    const target = requestPath(req.url ?? '');
    if (!target) return { status: 400, body: 'Bad request', type: TEXT };
    // Locations are built from the raw path, still percent-encoded: a header cannot carry the decoded characters.
    if (`${target.path}/` === baseUrl) return redirect(`${target.raw}/${target.query}`);
    // The server's root, for a site under a base path: the site is what the person came for. 302, not 301: a
    // browser keeps a 301 for the address, and 127.0.0.1:3000 serves one project today and another tomorrow.
    if (baseUrl !== '/' && (target.path === '/' || target.path === '/index.html'))
      return redirect(baseUrl + target.query, 302);
    const rel = relativeToBase(baseUrl, target.path);
    if (rel === undefined) return notFound();
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

  const gzipped = new GzipCache();
  return async (req, res) => {
    try {
      const reply = await resolve(req);
      if ('file' in reply) await sendFile(req, res, reply, { html: reply.type === HTML ? html : undefined, gzipped });
      else sendBody(req, res, reply);
    } catch (error) {
      // Never an unhandled rejection: the server outlives a bad request or a failing source.
      if (res.headersSent) res.destroy();
      else
        sendBody(req, res, {
          status: 500,
          body: `Internal server error: ${error instanceof Error ? error.message : String(error)}`,
          type: TEXT,
        });
    }
  };
}

/** Writes a generated reply: the length always, the body unless HEAD. */
function sendBody(req: http.IncomingMessage, res: http.ServerResponse, reply: Extract<Reply, { body: unknown }>): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.type) headers['content-type'] = reply.type;
  headers['content-length'] = Buffer.byteLength(reply.body);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : reply.body);
}

/**
 * Writes a file: its ETag and 304 when the client has it; text (and every HTML page, which may be rewritten) read
 * whole and gzip-compressed for clients that take it, as GitHub Pages sends them, so page weight and Lighthouse see
 * what readers download; anything else streamed from the source, whole or the one range asked for (206; 416 when it
 * lies outside the file). Several ranges in one request get the whole file, which RFC 9110 allows.
 */
async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  reply: Extract<Reply, { file: SiteFile }>,
  { html, gzipped }: { html?: (file: SiteFile) => Promise<string | Uint8Array>; gzipped: GzipCache },
): Promise<void> {
  const { file } = reply;
  const headers: Record<string, string | number> = { ...reply.headers, etag: file.etag, 'content-type': reply.type };
  if (matches(req.headers['if-none-match'], file.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const head = req.method === 'HEAD';
  const gzip =
    COMPRESSIBLE.test(reply.type) &&
    file.size > 1024 &&
    file.size <= COMPRESS_AT_MOST &&
    /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (html || gzip) {
    let body: string | Uint8Array = html ? await html(file) : await file.read();
    if (gzip) {
      // The ETag stays the file's: the representation varies by Accept-Encoding, which Vary says.
      body = gzipped.get(reply.rel, file.etag, body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    headers['content-length'] = Buffer.byteLength(body);
    res.writeHead(200, headers);
    res.end(head ? undefined : body);
    return;
  }
  headers['accept-ranges'] = 'bytes';
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === file.etag ? parseRange(req.headers.range, file.size) : undefined;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${file.size}`, 'content-length': 0 });
    res.end();
    return;
  }
  const [start, end] = range ?? [0, file.size - 1];
  if (range) headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
  headers['content-length'] = end - start + 1;
  res.writeHead(range ? 206 : 200, headers);
  if (head || file.size === 0) {
    res.end();
    return;
  }
  const stream = file.stream(start, end);
  // A client that goes away stops the read; a read that fails ends the response (its length is already promised).
  res.on('close', () => stream.destroy());
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * The one byte range a Range header asks for, as [start, end] inclusive; undefined to send the whole file (no header,
 * another unit, several ranges, or a header that does not parse, which RFC 9110 says to ignore); 'unsatisfiable' when
 * the range lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // The last N bytes.
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

/** Text larger than this is streamed as it is: compressing it would mean holding it whole in memory. */
const COMPRESS_AT_MOST = 4 * 2 ** 20;

/**
 * Compressed files, by path and ETag, compressed once (the dev server's assets are asked for on every reload). Not by
 * ETag alone: a file on disk is known by its size and modification time, which two files written by one build in the
 * same millisecond share. Bounded by their total size; past it, it starts again (old builds' files are never asked
 * for again).
 */
class GzipCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  get(rel: string, etag: string, body: string | Uint8Array): Uint8Array {
    const key = `${rel}\0${etag}`;
    const known = this.entries.get(key);
    if (known) return known;
    const zipped = gzipSync(body);
    if (this.bytes + zipped.length > GZIP_CACHE_BYTES) {
      this.entries.clear();
      this.bytes = 0;
    }
    this.entries.set(key, zipped);
    this.bytes += zipped.length;
    return zipped;
  }
}

/** What the compressed files a handler keeps may weigh together. */
const GZIP_CACHE_BYTES = 32 * 2 ** 20;

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

/**
 * Listens on host:port, trying the next port (and saying so) when it is taken. Resolves with the server and the port.
 */
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
