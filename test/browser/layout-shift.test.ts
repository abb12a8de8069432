// Layout stability: a browser paints a long page before it has all of its HTML, so nothing that comes later in the
// HTML may change the size of what is already painted. The page is served in two parts, the second held until the
// first has been painted, the cut right after the article (before the table of contents), and the page must record
// no layout shift worth the name (a score under 0.01).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as assert from 'uvu/assert';
import { staticHandler } from '../../src/serve/static.ts';
import { mapSource } from '../../src/serve/sources.ts';
import { browserSuite, DESKTOP, settled } from './browser.ts';

const { test, h } = browserSuite('browser: layout stability');

const SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value); })
  .observe({ type: 'layout-shift', buffered: true });`;

/**
 * Serves the built site, except that `path` arrives in two parts, cut before `cutBefore`: the second part is held
 * until `release()`, so the test decides when it comes (after the first part has been painted).
 */
async function slowPageServer(
  path: string,
  cutBefore: string,
): Promise<{ base: string; release(): void; close(): Promise<void> }> {
  const files = new Map(h.result.files.map((file) => [file.path, file.contents]));
  const config = h.result.site.config;
  const site = staticHandler(mapSource(files), config.baseUrl);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    if (req.url !== config.baseUrl + path) return void site(req, res);
    const html = Buffer.from(files.get(`${path}index.html`)!).toString('utf8');
    const cut = html.indexOf(cutBefore);
    assert.ok(cut > 0, `the page has ${cutBefore}`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(html.slice(0, cut));
    void released.then(() => res.end(html.slice(cut)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${config.baseUrl}`,
    release,
    close: () => {
      // A test that failed before releasing the page must not leave its response (and so the server) open.
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('a doc page whose table of contents arrives late does not shift what was painted before it', async () => {
  const path = 'docs/admin-panel/server-requirements/';
  const slow = await slowPageServer(path, '<div class="doc-toc">');
  const context = await h.browser.newContext(DESKTOP);
  await context.addInitScript(SHIFTS);
  const page = await context.newPage();
  try {
    await page.goto(slow.base + path, { waitUntil: 'commit' });
    // The first part is painted while the rest is on its way; then the rest comes.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    assert.is(await page.locator('.doc-toc').count(), 0, 'the table of contents is not there yet');
    slow.release();
    await page.waitForFunction('document.querySelector(".doc-toc") !== null');
    // Shifts are reported after the frame that makes them: let the page load and paint what arrived.
    await page.waitForLoadState('load');
    await settled(page);
    const shifts = (await page.evaluate('window.__shifts')) as number[];
    // Lighthouse calls under 0.1 good; the bug this guards against scored 0.185. A shift of a few pixels somewhere
    // (0.0003 was seen once) is not what this test is about.
    const total = shifts.reduce((sum, value) => sum + value, 0);
    assert.ok(total < 0.01, `layout shift score ${total.toFixed(4)} (${shifts.join(', ')})`);
  } finally {
    await context.close();
    await slow.close();
  }
});

test.run();
