// What `egdocs serve` answers over HTTP: its live-reload script, and the site it built, as a static host would serve
// it (static.ts) but with that script in every page, tagged with the page's build number; before any build has
// succeeded, every request gets the failure page instead.
import type http from 'node:http';
import { Readable } from 'node:stream';
import { CLIENT_PATH, clientTag, type PageBuild } from '../shared/live-protocol.ts';
import { failurePage } from './failure.ts';
import type { DevSite } from './site.ts';
import { staticHandler } from './static.ts';
import { diskFile, type FileSource, mapSource, type SiteFile } from './sources.ts';

export interface DevHandlerOptions {
  site: DevSite;
  /** The base path the site is served under. */
  baseUrl: string;
  /** The live-reload script's text (bundled once, while the first build runs). */
  client: Promise<string>;
}

/** The dev server's request handler. */
export function devHandler({ site, baseUrl, client }: DevHandlerOptions): http.RequestListener {
  const serveSite = staticHandler(servedSource(site), baseUrl);
  return async (req, res) => {
    if (req.url?.split('?')[0] === CLIENT_PATH) {
      const script = await client.catch((error: unknown) => error);
      const failed = typeof script !== 'string';
      res.writeHead(failed ? 500 : 200, {
        'content-type': `text/${failed ? 'plain' : 'javascript'}; charset=utf-8`,
        'cache-control': 'no-cache',
      });
      res.end(failed ? `egdocs serve: the live-reload script did not build: ${String(script)}` : script);
      return;
    }
    if (site.served.build === 0 && site.failure) {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(failurePage(site.failure, site.server));
      return;
    }
    await serveSite(req, res);
  };
}

/**
 * The files of the served build. Each page gets the live-reload script before `</body>`, tagged with the build it
 * belongs to, and an ETag that names that build too: a page unchanged by a rebuild (or a restart) still carries the
 * old number, and a 304 would let the browser keep it, so the script would find it stale and reload it for ever. The
 * search index is made when a page first asks for one of its files (most saves are never searched).
 */
function servedSource(site: DevSite): FileSource {
  const files = mapSource(() => site.served.files);
  return async (relPath) => {
    if (relPath.startsWith('assets/search/')) await site.writeSearchIndex();
    // Read in the same tick as `files` reads site.served.files: the page and its number are of one build.
    const { build, copies } = site.served;
    const copy = copies.get(relPath);
    if (copy) return diskFile(copy);
    const file = await files(relPath);
    return file && relPath.endsWith('.html') ? await withClient(file, { server: site.server, build }) : file;
  };
}

/** A page with the live-reload script added, as the file the handler serves. */
async function withClient(file: SiteFile, build: PageBuild): Promise<SiteFile> {
  const raw = await file.read();
  const html = (typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8')).replace(
    '</body>',
    `${clientTag(build)}</body>`,
  );
  const bytes = Buffer.from(html);
  return {
    size: bytes.length,
    etag: `${file.etag.slice(0, -1)}-${build.server}-${build.build}"`,
    read: async () => html,
    stream: (start, end) => Readable.from([bytes.subarray(start, end + 1)]),
  };
}
