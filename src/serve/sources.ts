// Where a served site's files come from: a folder on disk (never outside it) or a map in memory (a build held by
// serve or a test). Each file gives its size and validator at once and its bytes on demand.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A file of the site: its size and validator up front, its bytes on demand (whole, or a range as a stream). */
export interface SiteFile {
  size: number;
  /** A strong ETag: size and modification time for a file on disk, a hash of the bytes for one in memory. */
  etag: string;
  read(): Promise<string | Uint8Array>;
  /** Bytes `start` to `end` inclusive. */
  stream(start: number, end: number): Readable;
}

/** Looks up a file of the site by its path relative to the site root ('docs/x/index.html'). */
export type FileSource = (relPath: string) => Promise<SiteFile | undefined>;

/** Whether absolute path `file` is `dir` or lies under it. */
export const isInside = (dir: string, file: string): boolean => file === dir || file.startsWith(dir + path.sep);

/** Files of a folder on disk, never outside it (nor through a symbolic link that leads out of it). */
export function folderSource(root: string): FileSource {
  const top = path.resolve(root);
  return async (relPath) => {
    const full = path.resolve(top, relPath);
    if (!isInside(top, full)) return undefined;
    try {
      // The handler never asks for '..', but a link inside the build could still point anywhere.
      if (!isInside(await realpath(top), await realpath(full))) return undefined;
      return await diskFile(full);
    } catch {
      return undefined;
    }
  };
}

/** The file at the absolute path `full`, read from the disk as asked: undefined when it is no file (or gone). */
export async function diskFile(full: string): Promise<SiteFile | undefined> {
  const info = await stat(full).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  // Size and modification time change whenever the bytes do (a build writes every file anew), and reading them
  // costs no hashing of a file that may be gigabytes.
  return {
    size: info.size,
    etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
    read: () => readFile(full),
    stream: (start, end) => createReadStream(full, { start, end }),
  };
}

/**
 * Files from a map (an in-memory build), or from whichever map `files()` gives now (the dev server swaps its map on
 * every rebuild). The ETag is a hash of the bytes, computed once per version of a file.
 */
export function mapSource(
  files: Map<string, string | Uint8Array> | (() => Map<string, string | Uint8Array>),
): FileSource {
  const current = typeof files === 'function' ? files : () => files;
  const tags = new WeakMap<object, string>();
  const texts = new Map<string, { contents: string; etag: string }>();
  const etagOf = (relPath: string, contents: string | Uint8Array): string => {
    if (typeof contents === 'string') {
      const known = texts.get(relPath);
      if (known?.contents === contents) return known.etag;
      const etag = hashTag(contents);
      texts.set(relPath, { contents, etag });
      return etag;
    }
    let etag = tags.get(contents);
    if (!etag) tags.set(contents, (etag = hashTag(contents)));
    return etag;
  };
  return async (relPath) => {
    const contents = current().get(relPath);
    if (contents === undefined) return undefined;
    const bytes =
      typeof contents === 'string'
        ? Buffer.from(contents)
        : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
    return {
      size: bytes.length,
      etag: etagOf(relPath, contents),
      read: async () => contents,
      stream: (start, end) => Readable.from([bytes.subarray(start, end + 1)]),
    };
  };
}

function hashTag(contents: string | Uint8Array): string {
  return `"${createHash('sha1').update(contents).digest('base64url')}"`;
}
