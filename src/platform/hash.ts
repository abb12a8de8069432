// The one hash of the build: content hashes in file names, cache keys for highlighted code and rendered routes.
import * as crypto from 'node:crypto';

// Node's one-shot hash (20.12 and later) skips making a Hash object: two to three times faster for the many short
// texts the build keys (150,000 search texts: 390-830 ms with createHash, 170-260 ms with it), the same digest.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: string) => string }).hash;

/** SHA-256 of `data` in `encoding`: 'hex' where people read it (file names), 'base64url' for shorter keys. */
export function sha256(data: string | Uint8Array, encoding: 'hex' | 'base64url'): string {
  return oneShot ? oneShot('sha256', data, encoding) : crypto.createHash('sha256').update(data).digest(encoding);
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
