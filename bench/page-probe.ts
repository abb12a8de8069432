// The recorder `npm run bench:client` puts in each page it measures search in, before the page's own scripts run.
// It knows nothing of egdocs: a CSS selector says what one row of the list to watch is (a suggestion, a search
// result), so the same recorder measures the site this one replaces and Pagefind. Its definitions are those of the
// recorder the figures of the issue "Step 15 — no waiting" were taken with:
// - the list's content is the text of its visible rows; each change of it is one render, timed at the frame after
//   it (the first requestAnimationFrame callback once the change is in the DOM);
// - key and input times are the events' own timestamps, on the page's clock;
// - a list has settled when it has not changed for 1.5 s and holds rows.
import type { BrowserContext, Page } from 'playwright-core';

/** One change of the watched list's content. */
export interface ListChange {
  /** When the change was seen in the DOM (page clock, ms). */
  at: number;
  /** The frame after it; undefined until that frame has run. */
  frame?: number;
  /** Visible rows after the change. */
  rows: number;
}

/** What the recorder holds: keys, input events and changes of the list since it was last emptied. */
export interface Recording {
  /** performance.timeOrigin of the page: its clock's zero, in ms since the epoch (the network's clock). */
  origin: number;
  keys: { at: number; key: string; modifier: boolean }[];
  inputs: number[];
  changes: ListChange[];
  /**
   * Each worker the page started: when, its first message, its first `{ type: 'ready' }` message, and when each
   * `{ type: 'results' }` message (egdocs' answer to a query) reached the page.
   */
  workers: { created: number; firstMessage?: number; ready?: number; answers: number[] }[];
  /** The end of the load event (0 before it). */
  loaded: number;
}

/** The recorder's source: a string, as tsx would compile a function with helpers the page does not have. */
function recorderSource(selector: string): string {
  return `(() => {
  if (window.__reader) return;
  const reader = { keys: [], inputs: [], changes: [], workers: [], signature: '' };
  window.__reader = reader;
  const visible = (element) => {
    if (!element.getClientRects().length) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) !== 0;
  };
  document.addEventListener('keydown', (event) => reader.keys.push({ at: event.timeStamp, key: event.key, modifier: event.ctrlKey || event.metaKey }), true);
  document.addEventListener('input', (event) => reader.inputs.push(event.timeStamp), true);
  const check = () => {
    const rows = [...document.querySelectorAll(${JSON.stringify(selector)})].filter(visible);
    const signature = rows.map((row) => row.textContent.trim().replace(/\\s+/g, ' ')).join('\\u0001');
    if (signature === reader.signature) return;
    reader.signature = signature;
    const change = { at: performance.now(), rows: rows.length };
    reader.changes.push(change);
    requestAnimationFrame(() => (change.frame = performance.now()));
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden', 'aria-expanded', 'aria-hidden'],
  });
  // Workers the page starts, and when each first says it is ready (egdocs' search worker posts { type: 'ready' }
  // once it has read the index's manifest). Listening changes nothing for the page's own handler.
  const NativeWorker = window.Worker;
  if (NativeWorker)
    window.Worker = class Worker extends NativeWorker {
      constructor(...args) {
        super(...args);
        const entry = { created: performance.now(), answers: [] };
        reader.workers.push(entry);
        this.addEventListener('message', (event) => heard(entry, event));
      }
    };
  function heard(entry, event) {
    const at = performance.now();
    entry.firstMessage ??= at;
    if (entry.ready === undefined && event.data && event.data.type === 'ready') entry.ready = at;
    if (event.data && event.data.type === 'results') entry.answers.push(at);
  }
  // egdocs' worker answers on a BroadcastChannel the page opens for it (src/client/search/client.ts): its messages
  // are the newest worker's.
  const NativeChannel = window.BroadcastChannel;
  if (NativeChannel)
    window.BroadcastChannel = class BroadcastChannel extends NativeChannel {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          const entry = reader.workers[reader.workers.length - 1];
          if (entry) heard(entry, event);
        });
      }
    };
  // Resolves true once the list has not changed for quietMs and holds rows, false after limitMs.
  reader.settle = (quietMs, limitMs) =>
    new Promise((resolve) => {
      const begun = performance.now();
      let seen = reader.changes.length;
      let since = begun;
      const tick = () => {
        const now = performance.now();
        if (reader.changes.length !== seen) {
          seen = reader.changes.length;
          since = now;
        }
        const last = reader.changes[reader.changes.length - 1];
        if (last && last.rows > 0 && now - since >= quietMs) resolve(true);
        else if (now - begun >= limitMs) resolve(false);
        else setTimeout(tick, 50);
      };
      tick();
    });
})()`;
}

/** Puts the recorder, watching rows that match `selector`, in every page the context opens from now on. */
export async function installRecorder(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript({ content: recorderSource(selector) });
}

/** Forgets the keys, inputs and changes recorded so far (the list's current content stays the reference). */
export async function resetRecording(page: Page): Promise<void> {
  await page.evaluate(
    '(() => { const r = window.__reader; r.keys.length = 0; r.inputs.length = 0; r.changes.length = 0; for (const w of r.workers) w.answers.length = 0; })()',
  );
}

/** How long a list must stay unchanged to have settled. */
export const QUIET_MS = 1500;

/** Resolves once the list has settled (see the file's comment): true, or false when it had not within `limitMs`. */
export async function settle(page: Page, limitMs = 20_000): Promise<boolean> {
  return (await page.evaluate(`window.__reader.settle(${QUIET_MS}, ${limitMs})`)) as boolean;
}

export async function readRecording(page: Page): Promise<Recording> {
  return (await page.evaluate(`(() => {
    const r = window.__reader;
    const navigation = performance.getEntriesByType('navigation')[0];
    return {
      origin: performance.timeOrigin,
      keys: r.keys,
      inputs: r.inputs,
      changes: r.changes,
      workers: r.workers,
      loaded: navigation ? navigation.loadEventEnd : 0,
    };
  })()`)) as Recording;
}

/** The time of a change as the reader sees it: its frame, or when it was seen if that frame never ran. */
export const shownAt = (change: ListChange): number => change.frame ?? change.at;
