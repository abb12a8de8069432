// Search in a real browser. The navbar box: Ctrl+K, suggestions from the worker (started on first use), the
// combobox keyboard pattern, "No results", the clear button and the link to every result. The search page: a cold
// load of /search/?q=… shows results grouped by page; typing updates results and the URL without new history
// entries; the ctx and version parameters are read; an index file that cannot be loaded shows the error and Retry; a
// page that read the manifest of an earlier deploy reads it again and answers. Keys typed while the worker is busy
// are answered for the newest only. The field's magnifier at every width, and a query shown whole on a phone.
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, markWindow, open, problemsOf, settled, windowMarked } from './browser.ts';
import { colourSpread } from './pixels.ts';

const { test, h } = browserSuite('browser: search');

const WORKER = /\/assets\/js\/search-worker\.[^/]+\.js$/;
const MANIFEST = /\/assets\/search\/search-current\.json$/;
/** Any of the search index's files: the manifest, vocabularies, postings and texts. */
const INDEX = /\/assets\/search\/[^/]+\.json$/;

/** Records the worker scripts started and the paths requested by a page. */
function watch(page: Page): { workers: string[]; fetched: string[] } {
  const seen = { workers: [] as string[], fetched: [] as string[] };
  page.on('request', (request) => seen.fetched.push(new URL(request.url()).pathname));
  page.on('worker', (worker) => seen.workers.push(new URL(worker.url()).pathname));
  return seen;
}

/**
 * An init script that notes what the search worker tells the page, in order, on the BroadcastChannel it answers on,
 * with the channel's name (a string: tsx would compile a class with helpers the page does not have).
 */
const HEAR_ANSWERS = `{
  const Channel = BroadcastChannel;
  window.__answers = [];
  window.BroadcastChannel = class extends Channel {
    constructor(name) {
      super(name);
      this.addEventListener('message', ({ data }) => window.__answers.push({ name, type: data.type }));
    }
  };
}`;
/** What HEAR_ANSWERS noted. */
const answersHeard = (page: Page) =>
  page.evaluate(() => (window as unknown as { __answers: { name: string; type: string }[] }).__answers);

const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const DOC = 'docs/admin-panel/intro/';

/** A desktop page on a doc page, hydrated, with its console problems collected. */
async function docPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  await open(page, h.base + DOC);
  return { page, problems };
}

/** Clicks into the navbar box and types as a reader does; returns the box. */
async function typeInBox(page: Page, text: string) {
  const input = box(page);
  await input.click();
  await input.pressSequentially(text, { delay: 25 });
  return input;
}
const options = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');

test('the worker starts on first use; Ctrl+K and two misspelled words give the right page first, with section and excerpt', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  const seen = watch(page);
  await open(page, h.base + DOC);
  await page.mouse.move(5, 400);
  await settled(page, 2);
  assert.equal(
    seen.workers.filter((url) => WORKER.test(url)),
    [],
    'no worker before search is used',
  );
  assert.not.ok(
    seen.fetched.some((path) => INDEX.test(path)),
    'no search index file before search is used',
  );
  assert.is(await page.locator('.search-hint').textContent(), 'ctrl K');
  assert.ok(await page.locator('.search-hint').isVisible(), 'the shortcut hint is visible');

  await page.keyboard.press('Control+k');
  assert.ok(await box(page).evaluate((el) => el === document.activeElement), 'Ctrl+K focuses the box');
  await page.keyboard.type('firbase setings', { delay: 25 });
  await options(page).first().waitFor();
  assert.ok(
    seen.workers.some((url) => WORKER.test(url)),
    'the worker started',
  );
  assert.ok(
    seen.fetched.some((path) => MANIFEST.test(path)),
    'the manifest was fetched',
  );
  assert.is(await box(page).getAttribute('aria-expanded'), 'true');
  const first = options(page).first();
  assert.match((await first.locator('.search-suggestion-title').textContent()) ?? '', /^Firebase Settings/);
  assert.ok(await first.locator('.search-excerpt mark').count(), 'matched terms are marked in the excerpt');
  const excerpts = await options(page).locator('.search-excerpt').allTextContents();
  for (const text of excerpts) assert.ok(text.replace(/…/g, '').length <= 50, `excerpt within 50 characters: ${text}`);
  assert.ok(await page.locator('.search-all').isVisible(), 'a link to every result');
  assert.match((await page.locator('.search-all').getAttribute('href')) ?? '', /\/search\/\?q=firbase%20setings$/);
  assert.equal(problems, []);
  await page.close();
});

test('at most 8 suggestions; arrows move through them, Enter opens the active one by client navigation', async () => {
  const { page, problems } = await docPage();
  await markWindow(page);
  const input = await typeInBox(page, 'app');
  await options(page).nth(7).waitFor();
  assert.is(await options(page).count(), 8, 'a common word finds more than 8 sections; 8 are shown');
  assert.is(await input.getAttribute('aria-activedescendant'), null, 'no option is active before an arrow key');

  await input.press('ArrowDown');
  const firstId = await options(page).nth(0).getAttribute('id');
  assert.is(await input.getAttribute('aria-activedescendant'), firstId);
  assert.is(await options(page).nth(0).getAttribute('aria-selected'), 'true');
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  assert.is(await input.getAttribute('aria-activedescendant'), await options(page).nth(2).getAttribute('id'));
  await input.press('ArrowUp');
  assert.is(await input.getAttribute('aria-activedescendant'), await options(page).nth(1).getAttribute('id'));
  assert.is(await options(page).nth(0).getAttribute('aria-selected'), 'false');
  await input.press('ArrowUp');
  await input.press('ArrowUp');
  assert.is(
    await input.getAttribute('aria-activedescendant'),
    await options(page).nth(7).getAttribute('id'),
    'Up from the first wraps to the last',
  );
  assert.ok(await input.evaluate((el) => el === document.activeElement), 'focus stays in the box');

  await input.press('ArrowDown');
  const target = new URL((await options(page).nth(0).getAttribute('data-href'))!, h.base);
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash);
  assert.ok(await windowMarked(page), 'a client navigation, not a page load');
  assert.is(await input.inputValue(), '', 'the box is emptied');
  assert.is(await input.getAttribute('aria-expanded'), 'false');
  assert.equal(problems, []);
  await page.close();
});

test('Escape closes the list, then empties the box; the clear button empties it and keeps focus; "No results"', async () => {
  const { page } = await docPage();
  const clear = page.getByRole('button', { name: 'Clear search' });
  assert.not.ok(await clear.count(), 'no clear button before typing');
  const input = await typeInBox(page, 'twilio');
  await options(page).first().waitFor();
  assert.ok(await clear.isVisible(), 'a clear button after typing');
  await input.press('Escape');
  assert.is(await input.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await page.getByRole('listbox', { name: 'Search suggestions' }).isVisible());
  assert.is(await input.inputValue(), 'twilio', 'the first Escape keeps the text');
  await input.press('ArrowDown');
  assert.is(await input.getAttribute('aria-expanded'), 'true', 'Down opens the list again');
  await input.press('Escape');
  await input.press('Escape');
  assert.is(await input.inputValue(), '', 'the second Escape empties the box');

  await input.pressSequentially('zzqxv wqqk', { delay: 25 });
  await page.locator('.search-panel').getByText('No results', { exact: true }).waitFor();
  assert.is(await options(page).count(), 0);
  assert.not.ok(await page.locator('.search-all').isVisible(), 'no "all results" link when there are none');
  await clear.click();
  assert.is(await input.inputValue(), '');
  assert.ok(await input.evaluate((el) => el === document.activeElement), 'focus is back in the box');
  assert.not.ok(await clear.count(), 'the clear button goes with the text');

  // Text the query parser rejects is searched as words: no error reaches the reader.
  for (const query of ['title:', 'firebase~x', 'firebase^x', 'nosuchfield:firebase', '+', 'api key -']) {
    await input.fill(query);
    await page.locator(`.search-panel[data-query="${query.trim()}"]`).waitFor({ state: 'attached' });
    assert.not.match((await page.locator('.search-panel').textContent()) ?? '', /unavailable|error/i, query);
  }
  await page.close();
});

test('on macOS the hint reads ⌘ K and Cmd+K focuses the box', async () => {
  const page = await h.browser.newPage(DESKTOP);
  // As a string: a function would be sent as tsx compiled it, with helpers the page does not have.
  await page.addInitScript({
    content: "Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel', configurable: true });",
  });
  await open(page, h.base + DOC);
  await page.locator('.search-hint', { hasText: '⌘ K' }).waitFor();
  await page.keyboard.press('Meta+k');
  assert.ok(await box(page).evaluate((el) => el === document.activeElement));
  await page.close();
});

test('Enter with no suggestion active opens every result on the search page; the navbar box keeps working there', async () => {
  const { page, problems } = await docPage();
  await markWindow(page);
  const input = await typeInBox(page, 'firebase');
  await input.press('Enter');
  await page.waitForURL(/\/search\/\?q=firebase$/);
  await page.getByRole('heading', { level: 2, name: 'Firebase Settings' }).waitFor();
  assert.ok(await windowMarked(page), 'a client navigation');
  assert.is(await page.locator('.search-page-input').inputValue(), 'firebase');
  await typeInBox(page, 'twilio');
  await options(page).first().waitFor();
  await input.press('Enter');
  await page.waitForURL(/\/search\/\?q=twilio$/);
  await page.getByRole('heading', { level: 2, name: 'Twilio SMS Settings' }).waitFor();
  assert.is(await page.locator('.search-page-input').inputValue(), 'twilio', 'the page follows the new query');
  assert.equal(problems, []);
  await page.close();
});

test('the search page reads ctx and version, and says when they ask for what this site does not have', async () => {
  const page = await h.browser.newPage(DESKTOP);
  await open(page, `${h.base}search/?q=firebase&version=${encodeURIComponent('/egrocer-documentation/docs/')}`);
  await page.getByRole('heading', { level: 2, name: 'Firebase Settings' }).waitFor();
  assert.not.ok(await page.locator('.search-scope').count(), 'the current version is what the site has');
  await open(
    page,
    `${h.base}search/?q=firebase&version=${encodeURIComponent('/egrocer-documentation/docs/1.0/')}&ctx=partner`,
  );
  await page.getByRole('heading', { level: 2, name: 'Firebase Settings' }).waitFor();
  const note = (await page.locator('.search-scope').textContent()) ?? '';
  assert.match(
    note,
    /no documentation version “\/egrocer-documentation\/docs\/1\.0\/”: the results are from 3\.0\.2\.1/,
  );
  assert.match(note, /“partner”/);
  await page.locator('.search-page-input').fill('twilio');
  await page.getByRole('heading', { level: 2, name: 'Twilio SMS Settings' }).waitFor();
  const params = new URL(page.url()).searchParams;
  assert.is(params.get('ctx'), 'partner', 'typing keeps the other parameters');
  assert.is(params.get('q'), 'twilio');
  await page.close();
});

test('a cold load of /search/?q=firebase shows results by page, from the worker; typing updates them and the URL', async () => {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = problemsOf(page);
  const { fetched, workers } = watch(page);
  await open(page, `${h.base}search/?q=firebase`);
  await page.getByRole('heading', { level: 2, name: 'Firebase Settings' }).waitFor();
  assert.match((await page.locator('.search-summary').textContent()) ?? '', /^\d+ pages? for “firebase”/);
  // One entry per page, at most three sections showing; the rest of a page's sections open in place.
  const pages = page.locator('ol.search-result-pages > li');
  assert.ok((await pages.count()) > 3, 'results grouped by page');
  const sectionCounts = await pages.evaluateAll((items) =>
    items.map((item) => [...item.querySelectorAll('.search-sections li')].filter((li) => li.checkVisibility()).length),
  );
  assert.ok(
    sectionCounts.every((n) => n >= 1 && n <= 3),
    `1 to 3 sections show per page: ${sectionCounts}`,
  );
  const more = page.locator('.search-more summary').first();
  const folded = Number(/^(\d+) more/.exec((await more.textContent()) ?? '')?.[1]);
  assert.ok(folded > 0, 'a page with more than three matching sections folds the rest');
  await more.click();
  assert.is(await more.locator('xpath=..').locator('li').filter({ visible: true }).count(), folded);
  assert.ok(
    workers.some((url) => WORKER.test(url)),
    `a search worker started: ${workers.join()}`,
  );
  assert.ok(
    fetched.some((p) => MANIFEST.test(p)),
    'the manifest was fetched',
  );
  assert.ok(await page.locator('.search-excerpt mark').first().isVisible(), 'matched terms are marked');
  const historyLength = await page.evaluate(() => history.length);
  const input = page.locator('.search-page-input');
  await input.fill('');
  await input.pressSequentially('twilio sms', { delay: 30 });
  await page.getByRole('heading', { level: 2, name: 'Twilio SMS Settings' }).waitFor();
  assert.is(new URL(page.url()).searchParams.get('q'), 'twilio sms');
  assert.is(await page.evaluate(() => history.length), historyLength, 'no history entry per keystroke');
  await input.fill('qqqzzzx');
  await page.getByText('No results', { exact: true }).waitFor();
  assert.equal(problems, []);
  await page.close();
});

test('a pointer over the box starts the worker and reads the manifest, nothing more; suggestions say where each page lives', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const seen = watch(page);
  await open(page, h.base + DOC);
  await settled(page, 2);
  assert.not.ok(
    seen.fetched.some((path) => INDEX.test(path)),
    'a plain page view loads nothing of search',
  );
  const manifest = page.waitForResponse((response) => MANIFEST.test(new URL(response.url()).pathname));
  await box(page).hover();
  await manifest;
  assert.ok(
    seen.workers.some((url) => WORKER.test(url)),
    'the worker started on hover',
  );
  assert.equal(
    seen.fetched.filter((path) => INDEX.test(path)).length,
    1,
    `only the manifest: ${seen.fetched.filter((path) => INDEX.test(path))}`,
  );

  // Four parts of the product have a Firebase page: each suggestion names its part.
  await typeInBox(page, 'firebase');
  await page.locator('.search-panel[data-query="firebase"]').waitFor();
  const where = await options(page).locator('.search-suggestion-where').allTextContents();
  assert.ok(where.length >= 4, `each suggestion says where it lives: ${where}`);
  for (const part of ['Admin Panel', 'Website', 'Flutter App'])
    assert.ok(
      where.some((text) => text.startsWith(part)),
      `${part} among ${where}`,
    );
  await page.close();
});

test('once the reader has searched, the rest of the index loads in the background in two files, and the next queries fetch nothing', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const seen = watch(page);
  // This site's index is small enough to be loaded whole (its manifest's `fill`): the bundles of every postings
  // file and every text file.
  const BUNDLES = /\/assets\/search\/[td]-all\d+\.[^/]+\.json$/;
  const bundles = () => seen.fetched.filter((path) => BUNDLES.test(path));
  const both = new Promise<void>((resolve) => page.on('request', () => bundles().length === 2 && resolve()));
  await open(page, h.base + DOC);
  await typeInBox(page, 'firebase');
  await page.locator('.search-panel[data-query="firebase"]').waitFor();
  // A deadline, so that a fill that never comes fails the test rather than hangs the suite.
  const deadline = new Promise<void>((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`no fill: ${bundles()}`)), 30_000);
    void both.then(() => clearTimeout(timer));
  });
  await Promise.race([both, deadline]);
  await settled(page, 2);
  const index = seen.fetched.filter((path) => INDEX.test(path));
  assert.is(index.length, new Set(index).size, 'no file twice');
  const before = seen.fetched.length;
  await box(page).fill('');
  await typeInBox(page, 'payment gateway');
  await page.locator('.search-panel[data-query="payment gateway"]').waitFor();
  await box(page).fill('twilio');
  await page.locator('.search-panel[data-query="twilio"]').waitFor();
  assert.equal(seen.fetched.slice(before), [], 'answered from memory');
  await page.close();
});

test("the worker answers on the page's own channel: two tabs searching at once each see their own answers; without BroadcastChannel the answers still come", async () => {
  const context = await h.browser.newContext(DESKTOP);
  await context.addInitScript({ content: HEAR_ANSWERS });
  const tabs = [await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab) => open(tab, h.base + DOC)));
  const queries = ['firebase', 'twilio'];
  await Promise.all(tabs.map((tab, i) => typeInBox(tab, queries[i])));
  for (const [i, tab] of tabs.entries()) {
    await tab.locator(`.search-panel[data-query="${queries[i]}"]`).waitFor();
    assert.match((await options(tab).first().textContent()) ?? '', new RegExp(queries[i], 'i'), `tab ${i + 1}`);
  }
  const heard = await Promise.all(
    tabs.map((tab) =>
      tab.evaluate(() => (window as unknown as { __answers: { name: string; type: string }[] }).__answers),
    ),
  );
  for (const [i, answers] of heard.entries()) {
    assert.ok(
      answers.some((answer) => answer.type === 'results'),
      `tab ${i + 1} was answered over its channel`,
    );
    assert.is(new Set(answers.map((answer) => answer.name)).size, 1, `tab ${i + 1} heard one channel`);
    assert.match(answers[0].name, /^egdocs-search-\w+$/);
  }
  assert.is.not(heard[0][0].name, heard[1][0].name, 'each tab has a channel of its own');
  await context.close();

  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  await page.addInitScript({ content: 'delete window.BroadcastChannel;' });
  await open(page, h.base + DOC);
  await typeInBox(page, 'twilio');
  await page.locator('.search-panel[data-query="twilio"]').waitFor();
  assert.ok(await options(page).count(), "answered through the worker's messages");
  assert.equal(problems, []);
  await page.close();
});

test('an index file that cannot be loaded shows the error with Retry on the search page, and Retry recovers', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  // Every postings file fails until released, as on a site half deployed.
  let blocked = true;
  const postings = /\/assets\/search\/t\d+\.[^/]+\.json$/;
  await page.context().route(
    (url) => postings.test(url.pathname),
    (route) => (blocked ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()),
  );
  await open(page, `${h.base}search/?q=firebase`);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /could not load its index/);
  assert.match((await alert.locator('details code').textContent()) ?? '', /search index file t\d+: 404/);
  assert.not.ok(await page.locator('.search-result-page').count(), 'no empty list in its place');
  blocked = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { level: 2, name: 'Firebase Settings' }).waitFor();
  assert.not.ok(await page.getByRole('alert').count(), 'the error is gone');
  assert.equal(
    problems.filter((problem) => !/404/.test(problem)),
    [],
  );
  await page.close();
});

test('a manifest read before a deploy: the files it names are gone, so the worker reads the manifest again and answers', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  let manifests = 0;
  page.on('request', (request) => void (MANIFEST.test(new URL(request.url()).pathname) && manifests++));
  // The first manifest is the one of the deploy before: the same, but naming its files by another hash.
  let first = true;
  await page.context().route(
    (url) => MANIFEST.test(url.pathname),
    async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      const manifest = await response.json();
      const hashes = Object.fromEntries(Object.keys(manifest.hashes).map((group) => [group, '0ldd3p10']));
      await route.fulfill({ response, json: { ...manifest, hashes } });
    },
  );
  await open(page, h.base + DOC);
  await typeInBox(page, 'firebase');
  await options(page).first().waitFor();
  assert.is(manifests, 2, 'read again once, for the queries typed meanwhile too');
  assert.not.ok(await page.getByRole('alert').count(), 'no error shown');
  assert.equal(
    problems.filter((problem) => !/404/.test(problem)),
    [],
  );
  await page.close();
});

test('keys typed while the worker waits for index files: it answers the newest query and drops the others', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  await page.addInitScript({ content: HEAR_ANSWERS });
  // The postings are held back: the first key's query waits for them while the others are typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.context().route(
    (url) => /\/assets\/search\/t\d+\.[^/]+\.json$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await open(page, h.base + DOC);
  await typeInBox(page, 'firebase');
  const told = async () => (await answersHeard(page)).map((answer) => answer.type);
  release();
  await page.locator('.search-panel[data-query="firebase"]').waitFor();
  await options(page).first().waitFor();
  const answers = (await told()).filter((type) => type !== 'ready');
  assert.equal(
    answers.filter((type) => type === 'results'),
    ['results'],
    `the newest query only: ${answers}`,
  );
  assert.ok(answers.filter((type) => type === 'dropped').length >= 1, `${answers}`);
  assert.match((await options(page).first().textContent()) ?? '', /Firebase/);
  assert.equal(problems, []);
  await page.close();
});

test('the field shows a magnifier at every width, not announced; on a phone a typed query shows whole', async () => {
  for (const width of [1280, 390]) {
    const page = await h.browser.newPage({ viewport: { width, height: 844 } });
    await open(page, h.base + DOC);
    // The icon is a file of its own: wait until it has come.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/media\/search\.[^/]*svg$/.test(entry.name)),
    );
    // Only what is drawn at the field's start is looked at: the placeholder is hidden.
    await page.addStyleTag({ content: '.search-input::placeholder { color: transparent; }' });
    const field = (await box(page).boundingBox())!;
    const start = { x: field.x + 10, y: field.y + 9, width: 20, height: field.height - 18 };
    const spread = await colourSpread(page, start);
    assert.ok(spread > 60, `${width} px: nothing drawn at the field's start (channels differ by ${spread})`);
    assert.is(await page.getByRole('combobox', { name: 'Search', exact: true }).count(), 1, 'the name is still Search');
    if (width === 390) {
      await box(page).click();
      await box(page).pressSequentially('firebase setup');
      const shown = await box(page).evaluate((input) => ({
        hidden: input.scrollWidth - input.clientWidth,
        scrolled: input.scrollLeft,
      }));
      assert.equal(shown, { hidden: 0, scrolled: 0 }, 'the whole query is in view');
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(sideways <= 0, `the top bar is ${sideways} px wider than the screen`);
    }
    await page.close();
  }
});

test.run();
