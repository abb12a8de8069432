// The client bundle kept between builds (node_modules/.cache/egdocs/bundle.json): esbuild takes about 0.15 s for it,
// and it changes only with egdocs' client sources, the packages they import and the base URL. The store holds the
// bundle with a hash of every file esbuild read (its metafile's inputs); a build that finds them all unchanged uses
// it as it is. A project with template overrides bundles every time (its files come through a plugin).
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readStore, writeStore } from '../incremental/build-store.ts';
import { sha256 } from '../platform/hash.ts';
import type { Bundle } from './index.ts';

interface StoredBundle {
  inputs: [file: string, hash: string][];
  bundle: Omit<Bundle, 'files'> & { files: { path: string; base64: string }[] };
}

const hashOf = async (root: string, file: string) => sha256(await readFile(path.join(root, file)), 'base64url');

/** The bundle for `baseUrl` from the store when every file it was made from is unchanged; otherwise `make`s one. */
export async function storedBundle(
  store: string,
  { root, baseUrl, versions, imageZoom }: { root: string; baseUrl: string; versions: boolean; imageZoom: boolean },
  make: () => Promise<Bundle>,
): Promise<Bundle> {
  const esbuild = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
  const key = sha256(JSON.stringify([esbuild, baseUrl, root, versions, imageZoom]), 'base64url');
  const kept = await readStore<StoredBundle>(store, key);
  if (kept) {
    const same = await Promise.all(
      kept.inputs.map(async ([file, hash]) => (await hashOf(root, file).catch(() => '')) === hash),
    );
    if (same.every(Boolean)) {
      const files = kept.bundle.files.map(({ path, base64 }) => ({
        path,
        contents: new Uint8Array(Buffer.from(base64, 'base64')),
      }));
      return { ...kept.bundle, files };
    }
  }
  const bundle = await make();
  // An input that cannot be read now (removed meanwhile) leaves the store as it was: the next build bundles again.
  const inputs = await Promise.all(
    bundle.inputs.map(async (file): Promise<[string, string]> => [file, await hashOf(root, file).catch(() => '')]),
  );
  if (inputs.every(([, hash]) => hash)) {
    const files = bundle.files.map((file) => ({
      path: file.path,
      base64: Buffer.from(file.contents).toString('base64'),
    }));
    await writeStore<StoredBundle>(store, key, { inputs, bundle: { ...bundle, files } });
  }
  return bundle;
}
