// The markdown stage's pages kept on disk between builds (node_modules/.cache/egdocs/pages.json), so a build that
// finds a page unchanged does not parse it again: markdown is the largest step of a warm build (about half a second
// for this repository's site, most of it the parser's code being compiled on first use in a fresh process).
//
// The file is the serve cache's data (PageCache) made serialisable: a source is known by a hash of its contents and
// route, and each lookup by a key of the value it gave (a route, the hash of an image's bytes or of an included
// text). The whole file is keyed by what every page depends on: egdocs' own code, the config, and the highlighter.
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../hash.ts';
import type { Source } from '../types.ts';

/** A key for the value a lookup gave: strings as they are, bytes by their hash, nothing as null. */
export function valueKey(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Uint8Array) return `#${sha256(value, 'base64url')}`;
  return `=${String(value)}`;
}

/** A key for a source: everything a page is rendered from, its route and front matter included. */
export function sourceKey(source: Source): string {
  return sha256(JSON.stringify(source), 'base64url');
}

let codeKeyMemo: Promise<string> | undefined;

/**
 * A hash of egdocs' own code as it runs: every file of the folder above this module (dist/ when compiled, src/ in a
 * checkout), so a changed plugin never reuses pages an older one made, even without a new version number.
 */
export function codeKey(): Promise<string> {
  codeKeyMemo ??= (async () => {
    const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && /\.(m?js|tsx?)$/.test(entry.name))
      // parentPath from Node 20.12; `path` before it.
      .map((entry) => path.join(entry.parentPath ?? (entry as { path?: string }).path ?? root, entry.name))
      .sort();
    const hashes = await Promise.all(files.map(async (file) => sha256(await readFile(file), 'base64url')));
    return sha256(files.map((file, i) => `${path.relative(root, file)}:${hashes[i]}`).join('\n'), 'base64url');
  })();
  return codeKeyMemo;
}

/** The stored form of a page cache, or an empty list when the file is missing, unreadable or for another key. */
export async function readStore<Entry>(file: string, key: string): Promise<[string, Entry][]> {
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { key: string; entries: [string, Entry][] };
    return saved.key === key ? saved.entries : [];
  } catch {
    return [];
  }
}

/** Writes the stored form of a page cache; whole or not at all (two builds at once each write a file of their own). */
export async function writeStore<Entry>(file: string, key: string, entries: [string, Entry][]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ key, entries }));
  await rename(temp, file);
}
