// Search: the data the build writes (one record per section, plain text, each page once) and the engine the worker
// runs over it (queries the lunr parser rejects are searched as words; excerpts are text, never HTML).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createEngine, excerptOf, withinOneEdit } from '../../src/client/search/engine.ts';
import type { SearchData } from '../../src/types.ts';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('search: data and engine');

const files = {
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\n---\nStart here.\n',
  'docs/admin/payments.md':
    '---\ntitle: Payment Gateways\n---\nConnect **Stripe** and Razorpay.\n\n## Stripe webhook\n\nPaste the `endpoint URL` into Stripe.\n\n### Test mode\n\nUse test keys first.\n\n## Escaping\n\nA page may show `<script>alert(1)</script>` as text.\n',
  'docs/admin/php.md': '---\ntitle: PHP.ini Settings\n---\nSet memory_limit and max_execution_time in php.ini.\n',
  'blog/2025-01-01-news.md': '---\ntitle: News\nauthors: []\n---\nThe blog has news about gateways.\n',
};
const config = { docs: { sidebars: { docs: ['intro', { type: 'category', label: 'Admin', items: ['admin/payments', 'admin/php'] }] } } };

async function data(): Promise<SearchData> {
  const result = await buildFromMap(files, config);
  const file = result.files.find((f) => f.path.startsWith('assets/search/search-data-current.'));
  assert.ok(file, 'the build writes hashed search data');
  return JSON.parse(fileText(result, file!.path));
}

test('one record per h2/h3 section, with plain text and each page title once', async () => {
  const d = await data();
  const payments = d.pages.findIndex((p) => p[0] === 'Payment Gateways');
  assert.equal(d.pages[payments], ['Payment Gateways', 'docs/admin/payments/', 'Admin', 'docs']);
  const sections = d.sections.filter((s) => s[0] === payments);
  assert.equal(sections.map((s) => [s[1], s[2]]), [['', ''], ['stripe-webhook', 'Stripe webhook'], ['test-mode', 'Test mode'], ['escaping', 'Escaping']]);
  assert.is(sections[0][3], 'Connect Stripe and Razorpay.');
  assert.is(sections[1][3], 'Paste the endpoint URL into Stripe.');
  assert.ok(d.pages.some((p) => p[3] === 'blog' && p[2] === 'Blog'));
  assert.not.ok(JSON.stringify(d).includes('<strong>'), 'no markup');
});

test('two words find the section that has both; a typo of one letter still finds it', async () => {
  const engine = createEngine(await data(), { baseUrl: '/base/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 });
  assert.is(engine.search('stripe webhook', 8)[0].url, '/base/docs/admin/payments/#stripe-webhook');
  assert.is(engine.search('strpie webhok', 8)[0].url, '/base/docs/admin/payments/#stripe-webhook');
  assert.is(engine.search('php ini', 8)[0].url, '/base/docs/admin/php/');
  assert.is(engine.search('max_execution', 8)[0].url, '/base/docs/admin/php/', 'prefix of the word being typed');
  assert.equal(engine.search('zzzz qqqq', 8), []);
});

test('queries the lunr parser rejects are searched as plain words, never thrown', async () => {
  const engine = createEngine(await data(), { baseUrl: '/base/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 });
  const rejected = {
    'unknown field': 'colour:stripe',
    'expecting term or field': 'stripe :',
    'expecting term, found nothing': 'stripe title:',
    'non-numeric edit distance': 'stripe~x',
    'non-numeric boost': 'stripe^x',
    'presence operator with nothing after it': 'stripe +',
  };
  for (const [why, query] of Object.entries(rejected)) {
    let hits: ReturnType<typeof engine.search> = [];
    assert.not.throws(() => (hits = engine.search(query, 8)), why);
    assert.ok(hits.some((hit) => hit.url.includes('/docs/admin/payments/')), `${why}: '${query}' still finds the page`);
  }
  // Valid lunr syntax is honoured.
  assert.ok(engine.search('title:php', 8).every((hit) => hit.title === 'PHP.ini Settings'));
});

test('excerpts are text segments around the match, with page text never turned into markup', async () => {
  const engine = createEngine(await data(), { baseUrl: '/base/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 });
  const hit = engine.search('script alert', 8).find((h) => h.heading === 'Escaping')!;
  const text = hit.excerpt.map((s) => s.text).join('');
  assert.match(text, '<script>alert(1)</script>');
  assert.ok(hit.excerpt.some((s) => s.match && s.text.toLowerCase() === 'script'));
  const long = 'word '.repeat(40) + 'needle ' + 'word '.repeat(40);
  const segments = excerptOf(long, { needl: { body: { position: [[200, 6]] } } }, 50);
  const shown = segments.map((s) => s.text).join('');
  assert.ok(shown.replace(/…/g, '').length <= 50, shown);
  assert.equal(segments.find((s) => s.match), { text: 'needle', match: true });
});

test('one edit: insertion, deletion, substitution, swap', () => {
  assert.ok(withinOneEdit('gateway', 'gatway'));
  assert.ok(withinOneEdit('gateway', 'gateaway'));
  assert.ok(withinOneEdit('gateway', 'gatevay'));
  assert.ok(withinOneEdit('gateway', 'gaetway'));
  assert.not.ok(withinOneEdit('gateway', 'gtwy'));
});

test('a page about the subject outranks a page that mentions it once; a short stem gets no typo matches', () => {
  // Built by hand: two pages each with one section that has both words; one page has a second such section.
  const handmade: SearchData = {
    format: 1,
    docsVersion: 'current',
    pages: [
      ['Overview', 'docs/overview/', '', 'docs'],
      ['Cart Reminder', 'docs/cart-reminder/', '', 'docs'],
    ],
    sections: [
      [0, '', '', 'The panel sends a cart reminder to customers, among many other things it does every day.'],
      [1, '', '', 'A cart reminder is a notification for carts left unpaid.'],
      [1, 'schedule', 'Schedule', 'Set when the cart reminder is sent, and how often.'],
      [0, 'other', 'Other', 'The bot answers every day.'],
    ],
  };
  const engine = createEngine(handmade, { baseUrl: '/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 });
  const hits = engine.search('cart reminder', 8);
  assert.is(hits[0].title, 'Cart Reminder');
  assert.is(hits.length, 3, 'only sections with the words');
  // "boxes" stems to "box": one edit from a three-letter stem is any short word ("bot"), so it gets no typo matches.
  assert.equal(engine.search('boxes', 8), []);
  assert.is(engine.search('remnder', 8).length, 3, 'a longer word still gets one typo');
});

test.run();
