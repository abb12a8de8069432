// The search page in a real browser: a cold load of /search/?q=… shows results grouped by page, built by the
// search worker from the pre-generated data; typing updates results and the URL without new history entries.
import * as assert from 'uvu/assert';
import { browserSuite, open, problemsOf } from './browser.ts';

const { test, h } = browserSuite('browser: search page');

test('a cold load of /search/?q=firebase shows results by page, from the worker; typing updates them and the URL', async () => {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = problemsOf(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await open(page, `${h.base}search/?q=firebase`);
  await page.getByRole('region', { name: 'Firebase Settings' }).waitFor();
  assert.match((await page.locator('.search-summary').textContent()) ?? '', /results? on \d+ pages? for “firebase”/);
  assert.ok(workers.some((url) => /\/assets\/js\/search-worker\.[^/]+\.js$/.test(url)), `a search worker started: ${workers.join()}`);
  assert.ok(fetched.some((p) => /\/assets\/search\/search-data-current\.[^/]+\.json$/.test(p)), 'the data was fetched');
  assert.ok(await page.locator('.search-excerpt mark').first().isVisible(), 'matched terms are marked');
  const historyLength = await page.evaluate(() => history.length);
  const input = page.locator('.search-page-input');
  await input.fill('');
  await input.pressSequentially('twilio sms', { delay: 30 });
  await page.getByRole('region', { name: 'Twilio SMS Settings' }).waitFor();
  assert.is(new URL(page.url()).searchParams.get('q'), 'twilio sms');
  assert.is(await page.evaluate(() => history.length), historyLength, 'no history entry per keystroke');
  await input.fill('qqqzzzx');
  await page.getByText('No results', { exact: true }).waitFor();
  assert.equal(problems, []);
  await page.close();
});

test.run();
