// Reader settings in local storage (SPEC: colour mode, announcement dismissal, preferred docs version).
// Storage can be unavailable (blocked cookies, private modes, a full quota): the site then works without
// remembering, and says so once per page load in the console rather than once per write.
import type { Chrome } from '../src/shared/model/types.ts';

/** Local storage key for a setting, with the configured suffix (SPEC: empty). */
export function storageKey(name: string, chrome: Pick<Chrome, 'client'>): string {
  return `egdocs-${name}${chrome.client.storage.keySuffix}`;
}

let warned = false;

function unavailable(error: unknown): void {
  if (warned) return;
  warned = true;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(
    `egdocs: local storage is unavailable (${reason}); reader settings such as the colour mode will not be remembered`,
  );
}

/** The stored value of a setting, or null when it is not set or storage is unavailable. */
export function readSetting(name: string, chrome: Pick<Chrome, 'client'>): string | null {
  try {
    return window.localStorage.getItem(storageKey(name, chrome));
  } catch (error) {
    unavailable(error);
    return null;
  }
}

/** Stores a setting; null removes it. Never throws. */
export function writeSetting(name: string, chrome: Pick<Chrome, 'client'>, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(storageKey(name, chrome));
    else window.localStorage.setItem(storageKey(name, chrome), value);
  } catch (error) {
    unavailable(error);
  }
}
