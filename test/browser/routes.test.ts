// Every route of the site, loaded cold in Chromium: the server-rendered h1 is there, hydration finishes, and not
// one console error or warning appears (React reports hydration mismatches as console errors).
import * as assert from 'uvu/assert';
import { browserSuite, DESKTOP, hydrated, problemsOf } from './browser.ts';

const { test, h } = browserSuite('browser: every route');

test('every route hydrates with no console error or warning', async () => {
  const page = await h.browser.newPage(DESKTOP);
  const problems = problemsOf(page);
  const routes = h.result.site.routes.filter((route) => route.data.kind !== 'redirect');
  assert.ok(routes.length > 100, `${routes.length} routes`);
  const origin = new URL(h.base).origin;
  for (const route of routes) {
    const before = problems.length;
    await page.goto(origin + route.path);
    await hydrated(page);
    if (problems.length > before) problems.push(`  (on ${route.path})`);
    assert.ok((await page.locator('h1').first().textContent())?.trim(), `${route.path} has an h1`);
  }
  assert.equal(problems, []);
  await page.close();
});

test.run();
