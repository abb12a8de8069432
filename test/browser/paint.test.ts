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
  await page.waitForFunction(() => (window as unknown as { __paints: [string, number][] }).__paints.some(([name]) => name === 'first-contentful-paint'));
  assert.ok(await page.getByRole('heading', { level: 1, name: 'Server Requirements' }).isVisible(), 'the heading is on screen');
  assert.not.ok(await page.evaluate(() => document.getElementById('__egdocs')?.hasAttribute('data-hydrated')), 'not hydrated yet: main.js is held');
  release();
  await hydrated(page);
  assert.equal(problems, []);
  await page.close();
});

test.run();
