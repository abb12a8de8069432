import type { Chrome } from '../src/types.ts';

/** Local storage key for a setting, with the configured suffix (SPEC: empty). */
export function storageKey(name: string, chrome: Chrome): string {
  return `egdocs-${name}${chrome.client.storage.keySuffix}`;
}
