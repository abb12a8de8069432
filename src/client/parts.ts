// Loading a part of a page on demand (templates/Lazy.tsx), so that Retry can recover. A browser may keep a failed
// dynamic import of a URL for the page's life (Chromium did until about version 151; Safari and older Firefox too), so
// importing the same URL again fails again without asking the network. A retry therefore asks for the part under a
// URL of its own. That cannot help when it was a chunk the part imports that failed: its URL is written into the part.
// Then, if the server does answer for the part, what is stale is the page's memory of failed modules, and a full
// page load is the one way left to recover.
import type { Settings } from './tabs.ts';

/** Imports the module at `url`; `attempt` 1, 2, ... asks under a fresh URL and reloads the page as the last resort. */
export async function importPart(url: string, attempt: number): Promise<unknown> {
  try {
    return await import(/* @vite-ignore */ attempt === 0 ? url : `${url}?retry=${attempt}`);
  } catch (error) {
    if (attempt > 0 && (await answers(url))) {
      location.reload();
      // The page is going away; never settle, so nothing flashes the error in the meantime.
      return new Promise(() => {});
    }
    throw error;
  }
}

/** Whether the server answers for `url` now, bypassing every cache. */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * What a part of an article that works from a script of its own (tabs.ts, mermaid.ts, image-zoom.ts) exports: `run`, called after
 * each route renders with such a part, given the reader's settings.
 */
export interface ArticlePart {
  run(settings: Settings): void;
}
