// The relevance gate: content/search-queries.yaml lists what readers type and the page each should find; `check`
// warns at the query's line when the page is not among the suggestions, and at its line for a malformed entry.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { checkSearchQueries, type SearchFunction } from '../../src/check/search-queries.ts';
import { type Diagnostic, Diagnostics } from '../../src/shared/model/diagnostics.ts';
import { siteSearch } from '../../src/search/in-memory.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { buildFromMap, contentFiles, sharedBundle, testConfig } from '../helpers.ts';
import { tempProject } from '../project.ts';

const test = suite('check: search queries');

const PAGES = {
  'docs/intro.md': '# Welcome\n\nStart here.\n',
  'docs/server-setup.md': '# Server Setup\n\nUpload the package and run the installer.\n',
  'docs/payments.md': '# Payment Gateways\n\nConnect Stripe and Razorpay.\n',
  'docs/email.md': '# Email Settings\n\nSMTP host, port and password.\n',
  'blog/2025-01-15-launch.md': '---\ntitle: We Launched\n---\nThe store opens today.\n',
};

async function gate(
  queries: string | undefined,
  pages: Record<string, string> = PAGES,
  user: Record<string, unknown> = {},
) {
  const files = contentFiles(queries === undefined ? pages : { ...pages, 'search-queries.yaml': queries });
  const config = testConfig(user);
  const result = await buildSiteFiles({ config, files, checkSearch: true, bundle: sharedBundle(config.baseUrl) });
  const found = result.diagnostics.filter((d) => d.code === 'search-query' || d.code === 'search-queries-file');
  return { found, counts: result.searchQueries, all: result.diagnostics, site: result.site };
}
const at = (d: Diagnostic) => `${d.location?.file}:${d.location?.line}:${d.location?.column}`;
const seen = (d: Diagnostic) => `${at(d)}  ${d.message}${d.hint ? `; ${d.hint}` : ''}`;

test('queries whose page is among the suggestions pass, and are counted', async () => {
  const { found, counts } = await gate(
    '- query: stripe\n  page: payments\n- query: smtp password\n  page: [email, intro]\n- query: store opens\n  page: /blog/launch\n',
  );
  assert.equal(found, []);
  assert.equal(counts, { checked: 3, found: 3 });
});

test('a query whose page is not suggested is a warning at its line, naming the page that came first', async () => {
  const { found, counts } = await gate(
    '# Readers\n- query: stripe\n  page: payments\n- query: razorpay\n  page: email\n',
  );
  assert.equal(found.map(seen), [
    'content/search-queries.yaml:4:10  search for "razorpay" does not suggest /docs/email/ among its first 8 (nor anywhere in its results); the first is /docs/payments/ (Payment Gateways)' +
      "; use the readers' words in the page's title or headings, or add them to its sidebar category's keywords",
  ]);
  assert.is(found[0].code, 'search-query');
  assert.equal(counts, { checked: 2, found: 1 });
  const nothing = await gate('- query: qqqzzz\n  page: intro\n');
  assert.match(
    nothing.found[0].message,
    'search for "qqqzzz" does not suggest /docs/intro/ among its first 8; it finds nothing',
  );
});

test('a page just below the suggestions is named with its rank, as the deeper search finds it', async () => {
  // Five pages say "invoice" in their title; the page the readers want only mentions it.
  const pages: Record<string, string> = {
    'docs/intro.md': '# Welcome\n\nStart here.\n',
    'docs/billing.md': '# Billing\n\nEach order has an invoice.\n',
  };
  for (const n of [1, 2, 3, 4, 5])
    pages[`docs/invoice-${n}.md`] = `# Invoice Template ${n}\n\nInvoice layout number ${n}.\n`;
  const { found, site } = await gate('- query: invoice\n  page: billing\n', pages, { search: { maxSuggestions: 2 } });
  const deep = await siteSearch(site)('invoice', 50);
  const rank = deep.findIndex((hit) => hit.url === '/base/docs/billing/') + 1;
  assert.ok(rank > 2, `billing ranks ${rank}`);
  const ordinal = `${rank}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[rank] ?? 'th'}`;
  assert.is(found.length, 1);
  assert.match(
    found[0].message,
    `search for "invoice" does not suggest /docs/billing/ among its first 2 (it comes ${ordinal}); the first is ${deep[0].url.slice('/base'.length)}`,
  );
});

test('the gate takes any search function: ranks past the limit, and pages lost past the deeper search', async () => {
  const { site } = await buildFromMap(PAGES);
  const hits = (count: number) => Array.from({ length: count }, (_, i) => ({ url: `/base/docs/intro/#part-${i}` }));
  const asked: number[] = [];
  const search: SearchFunction = (query, limit) => {
    asked.push(limit);
    return query === 'far'
      ? [...hits(10), { url: '/base/docs/email/#smtp' }, ...hits(60)].slice(0, limit)
      : hits(limit);
  };
  const diagnostics = new Diagnostics();
  const counts = await checkSearchQueries(
    site,
    '- query: far\n  page: email\n- query: lost\n  page: email\n',
    search,
    diagnostics,
  );
  assert.equal(counts, { checked: 2, found: 0 });
  assert.equal(
    diagnostics.items.map((d) => d.message),
    [
      'search for "far" does not suggest /docs/email/ among its first 8 (it comes 11th); the first is /docs/intro/#part-0',
      'search for "lost" does not suggest /docs/email/ among its first 8 (nor in the first 50); the first is /docs/intro/#part-0',
    ],
  );
  assert.equal(asked, [8, 50, 8, 50], 'a failing query is searched once more, deeper');
});

test('a page that names no page is a warning at the page line with the nearest id or path; a path names any page', async () => {
  const { found } = await gate(
    '- query: stripe\n  page: payment\n- query: welcome\n  page: /docs/intro/\n- query: smtp\n  page: [email, /blog/lanch/]\n- query: setup\n  page: docs/server-setup\n- query: port\n  page: [{ id: email }]\n',
  );
  assert.equal(found.map(seen), [
    `content/search-queries.yaml:2:9  search query "stripe": no page 'payment'; did you mean 'payments'?`,
    `content/search-queries.yaml:6:17  search query "smtp": no page '/blog/lanch/'; did you mean '/blog/launch/'?`,
    `content/search-queries.yaml:8:9  search query "setup": no page 'docs/server-setup'; did you mean 'server-setup'?`,
    `content/search-queries.yaml:10:10  search query "port": a page is a doc id or a path; write 'page: admin-panel/server-setup', or a list of them in [ ]`,
  ]);
  assert.ok(found.every((d) => d.code === 'search-queries-file'));
});

test('bad YAML, a file that is not a list, missing fields and unknown keys are warnings at their lines, never a failed build', async () => {
  const bad = await gate('- query: stripe\n  page: payments\n- query: "razorpay\n  page: payments\n');
  assert.is(bad.found.length, 1);
  assert.is(at(bad.found[0]), 'content/search-queries.yaml:3:10');
  assert.is(bad.found[0].code, 'search-queries-file');
  assert.ok(bad.all.every((d) => d.severity === 'warning'));

  const tab = await gate('- query: stripe\n\tpage: payments\n');
  assert.equal(tab.found.map(seen), [
    'content/search-queries.yaml:2:1  this line is indented with a tab, which YAML does not allow; indent with spaces',
  ]);

  const map = await gate('stripe: payments\n');
  assert.equal(map.found.map(seen), [
    "content/search-queries.yaml:1:1  the search queries file must be a list of queries; start each entry with '- query: ...' and give it a 'page: <doc id>'",
  ]);

  const fields = await gate(
    '- query: stripe\n- page: payments\n- query: smtp\n  pages: email\n  page: email\n- just a line\n- query: port\n  page:\n',
  );
  assert.equal(fields.found.map(seen), [
    `content/search-queries.yaml:1:3  search query "stripe" names no page; add 'page: <doc id>', the file under content/docs without .md`,
    `content/search-queries.yaml:2:3  a search query without its text; add 'query: <what a reader types>'`,
    `content/search-queries.yaml:4:3  unknown key 'pages' in a search query; did you mean 'page'?`,
    `content/search-queries.yaml:6:3  each search query is a map with query and page; write '- query: install the admin panel' and on the next line '  page: admin-panel/server-setup'`,
    `content/search-queries.yaml:8:8  search query "port" names no page; add 'page: <doc id>', the file under content/docs without .md`,
  ]);
  assert.equal(fields.counts, { checked: 1, found: 1 }, 'the good entry still runs');

  const empty = await gate('# nothing yet\n');
  assert.equal(empty.found, []);
  assert.equal(empty.counts, { checked: 0, found: 0 });
});

test('no query file, no gate; build and serve do not run it', async () => {
  const missing = await gate(undefined);
  assert.equal(missing.counts, undefined);
  assert.equal(missing.found, []);
  const files = contentFiles({ ...PAGES, 'search-queries.yaml': '- query: razorpay\n  page: email\n' });
  const built = await buildSiteFiles({ config: testConfig(), files, bundle: sharedBundle('/base/') });
  assert.equal(
    built.diagnostics.filter((d) => d.code === 'search-query'),
    [],
  );
  assert.is(built.searchQueries, undefined, 'build does not run the gate');
  assert.not.ok(
    built.files.some((file) => file.path.includes('search-queries')),
    'the query file is not a page',
  );
});

test('a check from the disk keeps its answers and warnings for the next check of the same index', async () => {
  const project = await tempProject(
    Object.fromEntries([
      ...Object.entries(PAGES).map(([rel, text]) => [`content/${rel}`, text]),
      ['content/search-queries.yaml', '- query: smtp\n  page: email\n'],
    ]),
  );
  const config = validateConfig(
    { title: 'Test Docs', url: 'https://example.com', baseUrl: '/base/' },
    path.join(project.dir, 'site.config.ts'),
  );
  const check = async () => (await buildSiteFiles({ config, checkSearch: true })).diagnostics.map((d) => d.message);
  const store = path.join(project.dir, 'node_modules/.cache/egdocs/search-answers.json');
  const edit = async (change: (kept: { answers: [string, unknown][]; whole: { warnings: unknown[] } }) => void) => {
    const saved = JSON.parse(await readFile(store, 'utf8'));
    change(saved.value);
    await writeFile(store, JSON.stringify(saved));
  };
  try {
    assert.equal(await check(), []);
    // Changed in the store, the kept warnings show that the same query file is not checked again.
    await edit((kept) => kept.whole.warnings.push({ severity: 'warning', code: 'search-query', message: 'kept' }));
    assert.equal(await check(), ['kept']);
    // Another query file is checked again, with the answers kept: a changed answer shows it is read, not searched.
    await edit((kept) => (kept.answers = kept.answers.map(([id]) => [id, [{ url: '/base/docs/intro/' }]])));
    await project.write(
      'content/search-queries.yaml',
      '# The same query, another file.\n- query: smtp\n  page: email\n',
    );
    assert.match((await check()).join('\n'), 'the first is /docs/intro/');
    // A changed page makes another index: the answers are searched again.
    await project.write('content/docs/intro.md', '# Welcome\n\nStart here, then read on.\n');
    assert.equal(await check(), []);
  } finally {
    await project.remove();
  }
});

test.run();
