// The one hash of the build: content hashes in file names, cache keys for highlighted code and rendered routes.
import { createHash } from 'node:crypto';

/** SHA-256 of `data` in `encoding`: 'hex' where people read it (file names), 'base64url' for shorter keys. */
export function sha256(data: string | Uint8Array, encoding: 'hex' | 'base64url'): string {
  return createHash('sha256').update(data).digest(encoding);
}

/** First 8 hex digits of a SHA-256: enough to bust caches, short enough to read. */
export function contentHash(data: string | Uint8Array): string {
  return sha256(data, 'hex').slice(0, 8);
}

/** A 32-bit FNV-1a hash of a string: not for names or keys, for spreading things evenly and the same everywhere. */
export function smallHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
