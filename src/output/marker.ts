// The mark egdocs leaves in every folder it writes: a small JSON file at the folder's root. It tells `build` that a
// folder is its own to replace (anything else is refused without --force), and `serve --dir` which base path the
// build was made for, so a `--base-url /other/` build previews under /other/.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../shared/model/types.ts';
import { VERSION } from '../platform/version.ts';

/** The marker's file name. A dot file: static hosts serve it like any file, and it says nothing secret. */
export const MARKER_FILE = '.egdocs-build.json';

export interface BuildMarker {
  /** "egdocs 0.1.0": who wrote the folder. */
  generator: string;
  /** The base path the pages were built for ('/egrocer-documentation/'). */
  baseUrl: string;
}

/** The marker file of a build for `baseUrl`. No date: the same sources give the same bytes. */
export function markerFile(baseUrl: string): OutputFile {
  const marker: BuildMarker = { generator: `egdocs ${VERSION}`, baseUrl };
  return { path: MARKER_FILE, contents: `${JSON.stringify(marker, null, 2)}\n` };
}

/**
 * The marker of the build in `dir`, or undefined when `dir` holds no egdocs build. A build written before the marker
 * existed is recognised by the generator tag its 404 page carries; its base path is read from the page's data.
 */
export async function readBuildMarker(dir: string): Promise<BuildMarker | undefined> {
  const text = await readFile(path.join(dir, MARKER_FILE), 'utf8').catch(() => undefined);
  if (text !== undefined) {
    try {
      const parsed = JSON.parse(text) as Partial<BuildMarker>;
      if (
        typeof parsed.generator === 'string' &&
        parsed.generator.startsWith('egdocs') &&
        typeof parsed.baseUrl === 'string'
      )
        return { generator: parsed.generator, baseUrl: parsed.baseUrl };
    } catch {
      // Not ours after all: fall through to the legacy check.
    }
  }
  const page = await readFile(path.join(dir, '404.html'), 'utf8').catch(() => undefined);
  const generator = page && /<meta name="generator" content="(egdocs[^"]*)"/.exec(page)?.[1];
  if (!page || !generator) return undefined;
  const base = /"baseUrl":"([^"]*)"/.exec(page)?.[1];
  return { generator, baseUrl: base ?? '/' };
}
