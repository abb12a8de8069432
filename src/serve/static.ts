// Serves a built site as a static host (GitHub Pages) would: index.html for folders, a 301 to add the trailing
// slash, the site's own 404.html with status 404, and no way out of the site folder.
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/** Looks up a file of the site by its path relative to the site root ('docs/x/index.html'). */
export type FileSource = (relPath: string) => Promise<Uint8Array | string | undefined>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files of a folder on disk, never outside it. */
export function folderSource(root: string): FileSource {
  const top = path.resolve(root);
  return async (relPath) => {
    const full = path.resolve(top, relPath);
    if (full !== top && !full.startsWith(top + path.sep)) return undefined;
    try {
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
 * A request handler for the site at `baseUrl`. `transformHtml` changes each HTML page on its way out (the dev
 * server adds its live-reload script; the files themselves stay as a build writes them).
 */
export function staticHandler(source: FileSource, baseUrl: string, transformHtml?: (html: string) => string): http.RequestListener {
  return async (req, res) => {
    const send = (status: number, raw: string | Uint8Array, type: string, headers: Record<string, string> = {}) => {
      const body = transformHtml && type === TYPES['.html'] ? transformHtml(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8')) : raw;
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const notFound = async () => send(404, (await source('404.html')) ?? 'Not found', TYPES['.html'], { 'cache-control': 'no-cache' });

    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return send(400, 'Bad request', 'text/plain; charset=utf-8');
    }
    if (pathname.includes('\0') || pathname.split(/[\\/]/).includes('..')) return send(400, 'Bad request', 'text/plain; charset=utf-8');
    if (pathname === baseUrl.replace(/\/$/, '')) return send(301, '', 'text/plain', { location: baseUrl });
    if (!pathname.startsWith(baseUrl)) return notFound();
    const rel = pathname.slice(baseUrl.length);

    const isFolder = rel === '' || rel.endsWith('/');
    const file = isFolder ? `${rel}index.html` : rel;
    const body = await source(file);
    if (body !== undefined) {
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      // Hashed assets never change; pages must be revalidated.
      const cache = /^assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      return send(200, body, type, { 'cache-control': cache });
    }
    if (!isFolder && (await source(`${rel}/index.html`)) !== undefined) {
      const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      return send(301, '', 'text/plain', { location: `${baseUrl}${rel}/${query}` });
    }
    return notFound();
  };
}

/** Listens on host:port, trying the next port when it is taken. Resolves with the server and the port. */
export async function listen(handler: http.RequestListener, host: string, port: number, tries = 20): Promise<{ server: http.Server; port: number }> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const server = http.createServer(handler);
    const result = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
      server.once('error', resolve);
      // Port 0 asks the system for a free port: the real one is in the address.
      server.listen(port + attempt, host, () => resolve((server.address() as { port: number }).port));
    });
    if (typeof result === 'number') return { server, port: result };
    if (result.code !== 'EADDRINUSE') throw result;
    console.error(`port ${port + attempt} is in use, trying ${port + attempt + 1}`);
  }
  throw new Error(`no free port between ${port} and ${port + tries - 1}`);
}
