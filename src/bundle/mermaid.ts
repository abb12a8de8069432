// Mermaid's library as the pages with a diagram load it (src/client/mermaid.ts imports it): mermaid's own ES module
// build, `dist/mermaid.esm.min.mjs` and the chunks it imports, published as the package ships them, already minified,
// each chunk named by a hash. Not bundled again by esbuild: mermaid's sources and their packages (d3, cytoscape,
// dagre, …) are thousands of files, which the bundle store would read to key the bundle on every build, and which
// would take esbuild seconds to bundle. The entry is named by a hash of its bytes (it names the chunks it imports, so
// a new mermaid gives a new entry), and only a site with a diagram publishes the files (build/steps.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentHash } from '../platform/hash.ts';
import type { OutputFile } from '../shared/model/types.ts';

const FOLDER = 'assets/mermaid';
// Where the entry's imports lead, relative to it: `./chunks/mermaid.esm.min/chunk-….mjs`.
const CHUNKS = 'chunks/mermaid.esm.min';

/** The entry's file in mermaid's package, and its path in the output folder. */
export function mermaidEntry(): { file: string; path: string } {
  const file = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.esm.min.mjs');
  return { file, path: `${FOLDER}/mermaid-${contentHash(readFileSync(file))}.mjs` };
}

/** The library's files: its entry and every chunk, which mermaid imports as a diagram needs them. */
export function mermaidFiles(): OutputFile[] {
  const entry = mermaidEntry();
  const chunks = path.join(path.dirname(entry.file), CHUNKS);
  const files: OutputFile[] = [{ path: entry.path, contents: readFileSync(entry.file) }];
  for (const name of readdirSync(chunks).sort())
    if (name.endsWith('.mjs'))
      files.push({ path: `${FOLDER}/${CHUNKS}/${name}`, contents: readFileSync(path.join(chunks, name)) });
  return files;
}
