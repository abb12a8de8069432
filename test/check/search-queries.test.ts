// The relevance gate: content/search-queries.yaml lists what readers type and the page each should find; `check`
// warns at the query's line when the page is not among the suggestions, and at its line for a malformed entry.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import type { Diagnostic } from '../../src/diagnostics.ts';
import { contentFiles, testConfig } from '../helpers.ts';

const test = suite('check: search queries');

const PAGES = {
  'docs/intro.md': '# Welcome\n\nStart here.\n',
  'docs/server-setup.md': '# Server Setup\n\nUpload the package and run the installer.\n',
  'docs/payments.md': '# Payment Gateways\n\nConnect Stripe and Razorpay.\n',
  'docs/email.md': '# Email Settings\n\nSMTP host, port and password.\n',
};

async function gate(queries: string | undefined, pages: Record<string, string> = PAGES) {
  const files = contentFiles(queries === undefined ? pages : { ...pages, 'search-queries.yaml': queries });
  const result = await buildSiteFiles({ config: testConfig(), files, checkSearch: true });
  const found = result.diagnostics.filter((d) => d.code === 'search-query');
  return { found, counts: result.searchQueries, all: result.diagnostics };
}
const at = (d: Diagnostic) => `${d.location?.file}:${d.location?.line}:${d.location?.column}`;

test('queries whose page is among the suggestions pass, and are counted', async () => {
  const { found, counts } = await gate('- query: stripe\n  page: payments\n- query: smtp password\n  page: [email, intro]\n');
  assert.equal(found, []);
  assert.equal(counts, { checked: 2, found: 2 });
});

test('a query whose page is not suggested is a warning at its line, naming the page that came first', async () => {
  const { found, counts } = await gate('# Readers\n- query: stripe\n  page: payments\n- query: razorpay\n  page: email\n');
  assert.is(found.length, 1);
  assert.is(at(found[0]), 'content/search-queries.yaml:4:10');
  assert.match(found[0].message, 'search for "razorpay" does not suggest /docs/email/ among its first 8; the first is /docs/payments/ (Payment Gateways)');
  assert.ok(found[0].hint);
  assert.equal(counts, { checked: 2, found: 1 });
  const nothing = await gate('- query: qqqzzz\n  page: intro\n');
  assert.match(nothing.found[0].message, 'it finds nothing');
});

test('a page id that names no page is a warning at the page line with the nearest id; a path names any page', async () => {
  const { found } = await gate('- query: stripe\n  page: payment\n- query: welcome\n  page: /docs/intro/\n- query: smtp\n  page: /nowhere/\n');
  assert.is(found.length, 2, found.map((d) => d.message).join('\n'));
  assert.is(at(found[0]), 'content/search-queries.yaml:2:9');
  assert.match(found[0].message, `search query "stripe": no page 'payment'`);
  assert.match(found[0].hint ?? '', "did you mean 'payments'?");
  assert.is(at(found[1]), 'content/search-queries.yaml:6:9');
});

test('bad YAML, a file that is not a list, missing fields and unknown keys are warnings at their lines, never a failed build', async () => {
  const bad = await gate('- query: "stripe\n  page: payments\n');
  assert.is(bad.found.length, 1);
  assert.is(bad.found[0].location?.line, 1, at(bad.found[0]));
  assert.ok(bad.all.every((d) => d.severity === 'warning'));

  const map = await gate('stripe: payments\n');
  assert.match(map.found[0].message, 'must be a list of queries');

  const fields = await gate('- query: stripe\n- page: payments\n- query: smtp\n  pages: email\n  page: email\n');
  const messages = fields.found.map((d) => `${d.location?.line}: ${d.message}${d.hint ? ` (${d.hint})` : ''}`);
  assert.equal(messages, [
    `1: search query "stripe" names no page (add 'page: <doc id>', the file under content/docs without .md)`,
    `2: a search query without its text (add 'query: <what a reader types>')`,
    `4: unknown key 'pages' in a search query (did you mean 'page'?)`,
  ]);
});

test('no query file, no gate; build and serve do not run it', async () => {
  assert.equal((await gate(undefined)).counts, undefined);
  const files = contentFiles({ ...PAGES, 'search-queries.yaml': '- query: razorpay\n  page: email\n' });
  const built = await buildSiteFiles({ config: testConfig(), files });
  assert.equal(built.diagnostics.filter((d) => d.code === 'search-query'), []);
});

test.run();
