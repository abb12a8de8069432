// The first paint: a server-rendered page is on screen before any of its scripts is even asked for, and it
// hydrates once they arrive. Held back by the test, main.js must not hold back the text.
import * as assert from 'uvu/assert';
import { browserSuite, hydrated, problemsOf } from './browser.ts';

const { test, h } = browserSuite('browser: first paint');

const MAIN = /\/assets\/js\/main\.[A-Z0-9]+\.js$/;

test('the page paints its text while main.js is held back, and hydrates when it comes', async () => {
  const page = await h.browser.newPage({ viewport: { width: 412, height: 823 } });
  const problems = problemsOf(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested: () => void = () => {};
  const mainRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(MAIN, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  // Paint entries, as the page saw them.
  await page.addInitScript(`
    window.__paints = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__paints.push([e.name, e.startTime]))).observe({ type: 'paint', buffered: true });
  `);
  await page.goto(`${h.base}docs/admin-panel/server-requirements/`, { waitUntil: 'domcontentloaded' });
  await mainRequested;
  await page.waitForFunction(() =>
    (window as unknown as { __paints: [string, number][] }).__paints.some(
      ([name]) => name === 'first-contentful-paint',
    ),
  );
  assert.ok(
    await page.getByRole('heading', { level: 1, name: 'Server Requirements' }).isVisible(),
    'the heading is on screen',
  );
  assert.not.ok(
    await page.evaluate(() => document.getElementById('__egdocs')?.hasAttribute('data-hydrated')),
    'not hydrated yet: main.js is held',
  );
  release();
  await hydrated(page);
  assert.equal(problems, []);
  await page.close();
});

test('no script or chunk is asked for before the first contentful paint is on screen', async () => {
  const page = await h.browser.newPage({ viewport: { width: 412, height: 823 } });
  const problems = problemsOf(page);
  await page.goto(`${h.base}docs/admin-panel/server-requirements/`);
  await hydrated(page);
  // Resource timing as the page recorded it: each script's request against the paint's presentation time.
  const { fcp, scripts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/assets/js/'))
      .map((e) => ({ url: e.name, start: e.startTime })),
  }));
  assert.ok(fcp !== undefined, 'the page recorded its first contentful paint');
  assert.ok(
    scripts.some(({ url }) => MAIN.test(url)),
    scripts.map(({ url }) => url).join(),
  );
  assert.ok(scripts.length > 1, 'the preloaded chunks were asked for too');
  for (const { url, start } of scripts)
    assert.ok(start > fcp!, `${url} asked for at ${start} ms, before the paint at ${fcp} ms`);
  assert.equal(problems, []);
  await page.close();
});

test('a page opened in a background tab, which paints nothing, asks for its scripts at once and hydrates', async () => {
  const page = await h.browser.newPage();
  const problems = problemsOf(page);
  // Headless pages are always visible: the page is told it is hidden, as a tab opened in the background is.
  await page.addInitScript(`Object.defineProperty(Document.prototype, 'hidden', { get: () => true })`);
  await page.goto(`${h.base}docs/admin-panel/server-requirements/`);
  await hydrated(page);
  assert.equal(problems, []);
  await page.close();
});

test('a browser without paint timing asks for the scripts from the frame after the first, and hydrates', async () => {
  const page = await h.browser.newPage();
  const problems = problemsOf(page);
  await page.addInitScript(
    `Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['mark', 'measure'] })`,
  );
  await page.goto(`${h.base}docs/admin-panel/server-requirements/`);
  await hydrated(page);
  assert.equal(problems, []);
  await page.close();
});

test.run();
