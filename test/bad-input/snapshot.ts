// Byte-for-byte pictures of folders, for tests that promise a build left something exactly as it was.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `dir` (dot folders such as .git included) with a hash of its bytes, by path; sorted. A hash keeps
 * a failing comparison short enough to read.
 */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  return Object.fromEntries(
    await Promise.all(
      files.sort().map(async (file) => [
        file,
        createHash('sha256')
          .update(await readFile(path.join(dir, file)))
          .digest('hex')
          .slice(0, 16),
      ]),
    ),
  );
}

/** The names in `dir` of a build's working folders (`.build.tmp-<pid>`, `.build.old-<pid>`, or for another name). */
export async function workFolders(dir: string, out = 'build'): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith(`.${out}.`)).sort();
}
