// Where a file under content/ goes in the output: the markdown stage points images at it, the site stage copies it.
import { readFileSync } from 'node:fs';
import path from 'node:path/posix';
import { contentHash } from '../platform/hash.ts';
import { encodeSegment } from '../shared/urls.ts';
import type { AssetBytes, Config, OutputFile } from '../shared/model/types.ts';

/**
 * URL of a file under content/: content/static/x -> <base>x; anything else -> <base>assets/images/<name>-<hash>.<ext>.
 */
export function assetUrl(config: Config, contentPath: string, bytes: AssetBytes): string {
  return config.baseUrl + assetOutPath(contentPath, bytes).split('/').map(encodeSegment).join('/');
}

/** Output path (relative to the output folder) of a file under content/. */
export function assetOutPath(contentPath: string, bytes: AssetBytes): string {
  if (contentPath.startsWith('content/static/')) return contentPath.slice('content/static/'.length);
  const ext = path.extname(contentPath);
  const name = path.basename(contentPath, ext);
  // A large file outside content/static/ was hashed as it was read (content/read.ts).
  const hash = bytes instanceof Uint8Array ? contentHash(bytes) : bytes.hash;
  return `assets/images/${name}-${hash}${ext}`;
}

/** The output file of a file of content/: its bytes, or for a large one, a copy the writer makes from the disk. */
export function assetFile(outPath: string, bytes: AssetBytes): OutputFile {
  if (bytes instanceof Uint8Array) return { path: outPath, contents: bytes };
  const { from, key, size } = bytes;
  return {
    path: outPath,
    copy: { from, key, size },
    // Only a caller that needs the bytes themselves reads them (serve streams the file instead).
    get contents() {
      return readFileSync(from);
    },
  };
}

/** Whether a path under content/ passes through a file or folder whose name starts with a dot. */
export function isDotPath(contentPath: string): boolean {
  return contentPath.split('/').some((part) => part.startsWith('.') && part !== '.' && part !== '..');
}

/** How to publish a dot file a page points at. */
export function dotFileHint(contentPath: string): string {
  return contentPath.startsWith('content/static/')
    ? `rename it without the dot, or name it in the config's publishDotfiles ('${contentPath.slice('content/static/'.length)}')`
    : "rename it without the dot (only dot files of content/static/ can be published, through the config's publishDotfiles)";
}
