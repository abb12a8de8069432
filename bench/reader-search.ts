// Search as a reader meets it, for `npm run bench:client`: on a freshly loaded page (a new browser context, so an
// empty cache), Ctrl+K and a word typed at full speed (Playwright's keyboard.type with no delay between keys, as a
// fast typist or autofill does); then in the same page, warm, another word typed the same way, and a third pasted
// (one input event). Each from its last key (or the input) to the frame after the suggestion list's final change,
// with the requests made meanwhile and how often the list changed. And the search page loaded with a query: how
// soon its results are drawn, and how often redrawn. Nothing here knows egdocs: a site is a URL and a few selectors.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { installRecorder, QUIET_MS, readRecording, resetRecording, settle, shownAt } from './page-probe.ts';
import { recordRequests, type RequestLog, startedBetween, waves } from './requests.ts';

/** A site to search in. */
export interface SearchSite {
  /** Its name in the tables. */
  name: string;
  /** Its root, with the base path, ending in '/'. */
  base: string;
  /** The page the reader searches from, relative to `base`. */
  page: string;
  /** The URLs of its search code and data: those fetched before the shortcut are counted with the first search. */
  searchFiles: RegExp;
  /** The words: the first search, the warm one typed, and the warm one pasted. */
  words: { cold: string; typed: string; pasted: string };
  /** The search page, when the site has one: its path with the query, and what one of its results is. */
  resultsPage?: { path: string; row: string };
}

/** One row of the suggestion list: egdocs' and Pagefind's harness are ARIA listboxes, the old site's autocomplete.js. */
export const SUGGESTION_ROW = '[role="listbox"] [role="option"], .aa-dropdown-menu .aa-suggestion';
/** Where the search field is when the shortcut does not focus one. */
const SEARCH_FIELD = 'input[type="search"], input[aria-label="Search" i], input[placeholder*="Search" i]';
const VIEWPORT = { width: 1280, height: 800 };
/** A load that has not finished in this time is given up as a failure (its context closed). */
const LOAD_LIMIT_MS = 120_000;

/** One query's figures. Times in ms; undefined when the list did not settle. */
export interface QueryFigures {
  /** From the last key (typed) or the input event (pasted) to the frame after the list's final change. */
  latency?: number;
  /**
   * From the last key or the input to the page's receipt of the answer to it (the last answer a worker of the page
   * posted as `{ type: 'results' }`, egdocs' search worker): undefined for a site whose search answers otherwise.
   * Unlike `latency` it counts when the list the answer makes is the one already drawn.
   */
  answered?: number;
  /** From the shortcut (first search) or the first key or input, to that frame. */
  fromStart?: number;
  /** Requests that started from the shortcut or first key to that frame, their bytes on the wire, their waves. */
  requests: number;
  bytes: number;
  waves: number;
  /** Requests after the final frame, until the network was quiet (fetched ahead for later queries). */
  later: number;
  /** Changes of the list from the first key (or the input) to the final one, and those after the last key. */
  renders: number;
  rendersAfterLastKey: number;
  /** Rows in the final list. */
  rows: number;
  failure?: string;
}

/** One fresh load's three queries. */
export interface LoadFigures {
  cold: QueryFigures & {
    /** Search files fetched since the page was asked for and before the shortcut: their count and bytes. */
    ahead: { requests: number; bytes: number };
  };
  typed: QueryFigures;
  pasted: QueryFigures;
}

/** The search page loaded with a query. */
export interface ResultsPageFigures {
  /** From the navigation's start, the load event's end and the worker's ready message to the first results' frame. */
  fromNavigation?: number;
  fromLoad?: number;
  fromWorkerReady?: number;
  /** Changes of the result list from the first results to the final list (1: drawn once). */
  draws?: number;
  rows: number;
  failure?: string;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `run` with the context it is given, closing the context in any case, giving up after `limitMs`. */
async function inContext<T>(browser: Browser, limitMs: number, run: (context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`gave up after ${limitMs / 1000} s`)), limitMs);
    });
    return await Promise.race([run(context), late]);
  } finally {
    clearTimeout(timer);
    // Closing the context ends whatever a run that was given up still waits for.
    await context.close().catch(() => {});
  }
}

const NOT_SETTLED = `did not settle: no list with rows that stayed unchanged ${QUIET_MS / 1000} s, within 20 s`;
const failed = (failure: string): QueryFigures => ({
  ...{ requests: 0, bytes: 0, waves: 0, later: 0, renders: 0, rendersAfterLastKey: 0, rows: 0 },
  failure,
});

/** Focuses the site's search field as a reader does: the shortcut, or a click when that focuses nothing. */
async function focusSearch(page: Page): Promise<void> {
  const inField = () =>
    page.evaluate(`(() => {
      const active = document.activeElement;
      return !!active && (active.tagName === 'INPUT' || active.getAttribute('role') === 'combobox');
    })()`);
  await page.keyboard.press('Control+k');
  if (await inField()) return;
  await sleep(100);
  if (await inField()) return;
  await page.locator(SEARCH_FIELD).first().click({ timeout: 5000 });
}

/** Types or pastes `word` in the focused field (focusing it by the shortcut first when `shortcut`), and measures. */
async function query(
  page: Page,
  log: RequestLog,
  word: string,
  { paste = false, shortcut = false } = {},
): Promise<QueryFigures> {
  await resetRecording(page);
  // The network was quiet before: whatever starts from here on, this query asked for.
  const asked = now();
  if (shortcut) await focusSearch(page);
  if (paste) await page.keyboard.insertText(word);
  else await page.keyboard.type(word);
  const settled = await settle(page);
  await log.quiet(500, 10_000);
  const recording = await readRecording(page);
  const keys = recording.keys.filter((key) => !key.modifier && key.key.length === 1);
  const first = paste ? recording.inputs[0] : keys[0]?.at;
  const last = paste ? recording.inputs[0] : keys[keys.length - 1]?.at;
  const start = shortcut
    ? (recording.keys.find((key) => key.modifier && key.key.toLowerCase() === 'k')?.at ?? first)
    : first;
  const final = recording.changes[recording.changes.length - 1];
  if (first === undefined || last === undefined) return failed('the page saw no keys');
  if (!settled || !final || final.rows === 0) return failed(NOT_SETTLED);
  const finalAt = shownAt(final);
  const answers = recording.workers.flatMap((worker) => worker.answers).filter((at) => at >= last);
  const critical = startedBetween(log, asked, recording.origin + finalAt);
  return {
    latency: Math.max(0, finalAt - last),
    answered: answers.length ? Math.max(...answers) - last : undefined,
    fromStart: finalAt - start!,
    requests: critical.length,
    bytes: critical.reduce((sum, request) => sum + request.bytes, 0),
    waves: waves(critical),
    later: startedBetween(log, recording.origin + finalAt, Infinity).length,
    renders: recording.changes.filter((change) => change.at >= first).length,
    rendersAfterLastKey: recording.changes.filter((change) => change.at > last).length,
    rows: final.rows,
  };
}

/** Empties the field as a reader does, and lets the page settle before the next query. */
async function clearField(page: Page): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await sleep(800);
}

/** One fresh load of the site's page: the first search, then a warm one typed and one pasted. */
export async function searchOnce(browser: Browser, site: SearchSite): Promise<LoadFigures> {
  try {
    return await inContext(browser, LOAD_LIMIT_MS, async (context) => {
      await installRecorder(context, SUGGESTION_ROW);
      const log = recordRequests(context);
      const page = await context.newPage();
      const opened = now();
      await page.goto(site.base + site.page, { waitUntil: 'load', timeout: 60_000 });
      // egdocs marks its root once hydrated; other sites are ready when their network is.
      await page.waitForFunction(
        `(() => { const root = document.querySelector('#__egdocs'); return !root || root.hasAttribute('data-hydrated'); })()`,
        undefined,
        { timeout: 20_000 },
      );
      await log.quiet(1000, 20_000);
      const ahead = startedBetween(log, opened, now()).filter((request) => site.searchFiles.test(request.url));
      const cold = await query(page, log, site.words.cold, { shortcut: true });
      await clearField(page);
      const typed = await query(page, log, site.words.typed);
      await clearField(page);
      const pasted = await query(page, log, site.words.pasted, { paste: true });
      return {
        cold: {
          ...cold,
          ahead: { requests: ahead.length, bytes: ahead.reduce((sum, request) => sum + request.bytes, 0) },
        },
        typed,
        pasted,
      };
    });
  } catch (error) {
    const failure = (error as Error).message.split('\n')[0];
    return {
      cold: { ...failed(failure), ahead: { requests: 0, bytes: 0 } },
      typed: failed(failure),
      pasted: failed(failure),
    };
  }
}

/** One fresh load of the site's search page with a query, until its results have settled. */
export async function resultsPageOnce(browser: Browser, site: SearchSite): Promise<ResultsPageFigures> {
  const { path, row } = site.resultsPage!;
  try {
    return await inContext(browser, LOAD_LIMIT_MS, async (context) => {
      await installRecorder(context, row);
      const page = await context.newPage();
      await page.goto(site.base + path, { waitUntil: 'load', timeout: 60_000 });
      const settled = await settle(page);
      const recording = await readRecording(page);
      const first = recording.changes.findIndex((change) => change.rows > 0);
      const final = recording.changes[recording.changes.length - 1];
      if (!settled || first < 0 || final.rows === 0) return { rows: 0, failure: NOT_SETTLED };
      const drawn = shownAt(recording.changes[first]);
      const ready = recording.workers.find((worker) => worker.ready !== undefined)?.ready;
      return {
        fromNavigation: drawn,
        fromLoad: recording.loaded > 0 ? drawn - recording.loaded : undefined,
        fromWorkerReady: ready === undefined ? undefined : drawn - ready,
        draws: recording.changes.length - first,
        rows: final.rows,
      };
    });
  } catch (error) {
    return { rows: 0, failure: (error as Error).message.split('\n')[0] };
  }
}
