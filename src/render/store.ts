// The render memo kept between builds (node_modules/.cache/egdocs/render.json): serve's RenderMemo, on the disk, so
// a build from the disk renders again only the routes whose props changed, when what every page shares (chrome, asset
// URLs, egdocs' code and so its templates) is the same.
//
// The memo keeps no pages: they are in the output folder the last build wrote. It keeps each route's key and the hash
// of each of its files as written, and the URLs written over the stand-ins (render/late-urls.ts). A route whose key
// matches reads its files back from the output folder, with this build's URLs in place of those, and is used only
// if every file is there with that hash: a file changed or removed by hand, or a build that failed before writing,
// makes the route render again. (Kept as text in the memo, the pages of a 1,000-page site made a 53 MB file that took longer to
// write and read than rendering them.) A file the output's ledger vouches for (output-ledger.ts: its `stat` is as
// the writer left it) is not even read: the writer keeps or copies it as it is.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { codeKey, readStore, spareOutputDir, writeStore } from '../incremental/build-store.ts';
import { sha256 } from '../platform/hash.ts';
import { hashOf, keptFile, type Ledger, ledgerFiles, readLedger, unchanged } from '../incremental/output-ledger.ts';
import type { Config, OutputFile } from '../shared/model/types.ts';
import type { RenderMemo } from './index.ts';
import { LateUrls } from './late-urls.ts';

/** The pages' HTML depends on the config beyond what the memo's shared parts hold (the canonical URL, the locale). */
const keyOf = async (config: Config) => sha256(JSON.stringify([await codeKey(), config]), 'base64url');

interface StoredMemo {
  shared?: string;
  /** The stand-ins of the last build, each with the URL written over it. */
  urls: [token: string, url: string][];
  routes: [outFile: string, key: string, files: [path: string, hash: string][]][];
}

/** The memo the last build from the disk left (its routes read from `config.paths.outDir` when used), or an empty one. */
export async function readRenderMemo(store: string, config: Config, late: LateUrls): Promise<RenderMemo> {
  const { outDir } = config.paths;
  const [kept, ledger] = await Promise.all([
    readStore<StoredMemo>(store, await keyOf(config)),
    readLedger(ledgerFiles(spareOutputDir(config.paths.root)).live, outDir),
  ]);
  const routes: RenderMemo['routes'] = new Map();
  // With the same URLs as last time, the files as written are what this build writes, and are not even read when the
  // ledger knows them. Other URLs mean reading them, to write the new URLs over the old.
  const same = JSON.stringify(kept?.urls) === JSON.stringify(late.pairs());
  const urls = same ? undefined : { before: kept?.urls ?? [], after: late.pairs() };
  for (const [outFile, key, files] of kept?.routes ?? [])
    routes.set(outFile, { key, files: () => readBack(outDir, files, urls, same ? ledger : undefined) });
  return { shared: kept?.shared, routes, rendered: 0, urls: JSON.stringify(kept?.urls ?? []) };
}

/** A route's files as the last build rendered them, or undefined if any is missing or not as it was written. */
function readBack(
  outDir: string,
  files: StoredMemo['routes'][number][2],
  urls: { before: StoredMemo['urls']; after: StoredMemo['urls'] } | undefined,
  ledger: Ledger | undefined,
) {
  const out: OutputFile[] = [];
  for (const [file, hash] of files) {
    const from = path.join(outDir, file);
    const entry = ledger?.get(file);
    if (entry?.[0] === hash && unchanged(entry, statSync(from, { throwIfNoEntry: false }))) {
      out.push(keptFile(file, from, entry));
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(from);
    } catch {
      return undefined;
    }
    if (sha256(bytes, 'base64url') !== hash) return undefined;
    out.push({ path: file, contents: urls ? LateUrls.refill(bytes, urls.before, urls.after) : bytes });
  }
  return out;
}

/**
 * Writes the memo when this build rendered or dropped something, or filled in other URLs: `written` are the route
 * files as they go to the disk, with `late`'s URLs in them.
 */
export async function writeRenderMemo(
  store: string,
  config: Config,
  memo: RenderMemo,
  { before, late, written }: { before: number; late: LateUrls; written: OutputFile[] },
): Promise<void> {
  const urls = late.pairs();
  if (memo.rendered === 0 && memo.routes.size === before && memo.urls === JSON.stringify(urls)) return;
  const hashes = new Map(written.map((file) => [file.path, hashOf(file)]));
  const routes: StoredMemo['routes'] = [];
  for (const [outFile, { key, files }] of memo.routes) {
    if (typeof files === 'function') continue;
    routes.push([outFile, key, files.map((file) => [file.path, hashes.get(file.path) ?? ''])]);
  }
  await writeStore<StoredMemo>(store, await keyOf(config), { shared: memo.shared, urls, routes });
}
