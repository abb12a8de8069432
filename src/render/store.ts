// The render memo kept between builds (node_modules/.cache/egdocs/render.json): serve's RenderMemo, written to disk,
// so a build from the disk renders again only the routes whose props changed, when what every page shares (chrome,
// asset URLs, egdocs' code and so its templates) is the same. Files are kept as text: every file a route makes is
// HTML or JSON.
import { codeKey, readStore, writeStore } from '../build-store.ts';
import { sha256 } from '../hash.ts';
import type { Config } from '../types.ts';
import type { RenderMemo } from './index.ts';

/** The pages' HTML depends on the config beyond what the memo's shared parts hold (the canonical URL, the locale). */
const keyOf = async (config: Config) => sha256(JSON.stringify([await codeKey(), config]), 'base64url');

interface StoredMemo {
  shared?: string;
  routes: [outFile: string, { key: string; files: { path: string; text: string }[] }][];
}

/** The memo the last build from the disk left, or an empty one. */
export async function readRenderMemo(store: string, config: Config): Promise<RenderMemo> {
  const kept = await readStore<StoredMemo>(store, await keyOf(config));
  const routes = (kept?.routes ?? []).map(([outFile, { key, files }]) => [
    outFile,
    { key, files: files.map(({ path, text }) => ({ path, contents: Buffer.from(text) })) },
  ]) satisfies [string, RenderMemo['routes'] extends Map<string, infer V> ? V : never][];
  return { shared: kept?.shared, routes: new Map(routes), rendered: 0 };
}

/** Writes the memo when this build rendered or dropped something. */
export async function writeRenderMemo(store: string, config: Config, memo: RenderMemo, before: number): Promise<void> {
  if (memo.rendered === 0 && memo.routes.size === before) return;
  const routes: StoredMemo['routes'] = [...memo.routes].map(([outFile, { key, files }]) => [
    outFile,
    { key, files: files.map(({ path, contents }) => ({ path, text: Buffer.from(contents).toString() })) },
  ]);
  await writeStore<StoredMemo>(store, await keyOf(config), { shared: memo.shared, routes });
}
