// Sites served for `npm run bench:client`: a built folder (the old site; a synthetic site built by the CLI into a
// temporary folder, optionally indexed by Pagefind too) on loopback by egdocs' static handler, which serves this site
// too: every site the same way, text gzip-compressed.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listen, staticHandler } from '../src/serve/static.ts';
import { folderSource } from '../src/serve/sources.ts';
import { indexWithPagefind } from './pagefind.ts';
import { writeSyntheticSite } from './synthetic.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The synthetic sites' base path (synthetic.ts). */
const BASE = '/bench/';

/** Serves the built site in `dir` at `baseUrl` on 127.0.0.1: its root URL, and how to stop. */
export async function serveFolder(dir: string, baseUrl: string): Promise<{ base: string; close(): Promise<void> }> {
  const { server } = await listen(staticHandler(folderSource(dir), baseUrl), '127.0.0.1', 0);
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${baseUrl}`,
    async close() {
      // The browser's idle keep-alive connections would hold the server open.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface ServedSite {
  /** The site's root URL, ending in '/'. */
  base: string;
  /** Time of `egdocs build`, and of `pagefind --site` when it ran. */
  buildMs: number;
  pagefindMs?: number;
  /** Stops the server and removes the folder. */
  close(): Promise<void>;
}

/** Builds and serves a synthetic site of `pages` pages; `pagefind` is the command to index it with, if any. */
export async function serveSynthetic(pages: number, pagefind?: string): Promise<ServedSite> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-client-bench-'));
  try {
    await writeSyntheticSite(dir, pages);
    const started = performance.now();
    const build = spawnSync(
      'node',
      [path.join(root, 'bin/egdocs.js'), 'build', '-c', path.join(dir, 'site.config.ts')],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
    const buildMs = performance.now() - started;
    if (build.status !== 0) throw new Error(`egdocs build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
    const out = path.join(dir, 'build');
    const pagefindMs = pagefind ? (await indexWithPagefind(pagefind, out, BASE)).ms : undefined;
    const served = await serveFolder(out, BASE);
    return {
      base: served.base,
      buildMs,
      pagefindMs,
      async close() {
        await served.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
