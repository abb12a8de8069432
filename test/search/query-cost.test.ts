// What a query costs the engine: a word thousands of letters long, or a pasted page of words, must cost about what
// a typed query does, since the worker answers one query at a time and every later keystroke waits behind it. Work
// is counted, never timed: the characters the stemmer is handed (typo corrections stem every word one edit away)
// and the nodes of lunr's automata (an edit distance builds one as large as the word's length squared).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from '../../src/shared/search/query-plan.ts';
import { lunr } from '../../src/shared/search/lunr.ts';
import { engineOfRecords } from '../../src/search/in-memory.ts';
import type { SearchData } from '../../src/shared/model/types.ts';

const test = suite('search: what a query costs');

const OPTIONS = { baseUrl: '/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 };
const data: SearchData = {
  format: 1,
  docsVersion: 'current',
  pages: [
    ['Payment Gateways', 'docs/payments/', 'Admin Panel', 'docs'],
    ['Reminders', 'docs/reminders/', 'Admin Panel', 'docs'],
  ],
  sections: [
    [0, '', '', 'Connect Stripe and Razorpay to take payments.'],
    [0, 'stripe-webhook', 'Stripe webhook', 'Paste the endpoint URL into Stripe.'],
    [1, '', '', 'The panel sends a cart reminder to customers with something in their cart.'],
  ],
};
const engine = () => engineOfRecords(data, OPTIONS);

/** Letters from a fixed seed: a word no cache has seen, so its cost is paid in full. */
let seed = 11;
const letters = (count: number, first = 's') =>
  first +
  Array.from(
    { length: count - 1 },
    () => 'abcdefghijklmnopqrstuvwxyz'[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26],
  ).join('');

/** The work a search does: characters stemmed and automaton nodes built, counted while it runs. */
async function workOf(search: () => Promise<unknown>): Promise<{ stemmed: number; nodes: number }> {
  const stemmer = lunr.stemmer;
  const internals = lunr.TokenSet as unknown as { _nextId: number };
  const work = { stemmed: 0, nodes: 0 };
  const firstNode = internals._nextId;
  lunr.stemmer = ((token: lunr.Token) => {
    work.stemmed += token.toString().length;
    return stemmer(token);
  }) as typeof lunr.stemmer;
  try {
    await search();
  } finally {
    lunr.stemmer = stemmer;
  }
  work.nodes = internals._nextId - firstNode;
  return work;
}

test('a word of 3,000 letters costs work in proportion to its length: no typo corrections past a word length', async () => {
  const search = engine();
  await search.search('stripe', 8);
  // Alone, and with a word that is found, so that lunr scores the query and builds its clauses' automata; and a
  // word as long as a query may be, which is searched whole.
  const queries = [
    letters(3_000),
    `stripe ${letters(3_000)}`,
    `stripe ${letters(10_000)}`,
    `stripe ${letters(MAX_QUERY_LENGTH - 'stripe '.length)}`,
  ];
  for (const query of queries) {
    let hits: { url: string }[] = [];
    const work = await workOf(async () => (hits = await search.search(query, 8)));
    const length = query.length.toLocaleString('en');
    assert.ok(work.stemmed <= 10 * query.length, `${length} characters: ${work.stemmed} characters stemmed`);
    assert.ok(work.nodes <= 10 * query.length, `${length} characters: ${work.nodes} automaton nodes`);
    if (query.startsWith('stripe ')) assert.is(hits[0]?.url, '/docs/payments/#stripe-webhook', 'stripe is found');
  }
});

test('an edit distance in lunr syntax is capped: `stripe~6` is searched as `stripe~2`, at the same cost', async () => {
  const search = engine();
  await search.search('stripe~2', 8);
  let [capped, asked]: unknown[] = [];
  const [two, six] = [
    await workOf(async () => (capped = await search.search('stripe~2', 8))),
    await workOf(async () => (asked = await search.search('stripe~6', 8))),
  ];
  assert.equal(asked, capped);
  assert.is(six.nodes, two.nodes, 'automaton nodes');
});

test('a typo in a word of ordinary length is still corrected', async () => {
  const search = engine();
  assert.is((await search.search('remnder', 8))[0]?.url, '/docs/reminders/');
  assert.is((await search.search('strpie webhok', 8))[0]?.url, '/docs/payments/#stripe-webhook');
});

test('a pasted page is searched by its first words: the ones past the cap change nothing and cost nothing', async () => {
  const search = engine();
  const filler = Array.from({ length: MAX_QUERY_WORDS }, () => letters(8, 'q'));
  assert.ok((await search.search('razorpay', 8)).length > 0);
  const pasted = [...filler, 'razorpay', ...Array.from({ length: 1_000 }, () => letters(8, 'q'))].join(' ');
  assert.equal(await search.search(pasted, 8), await search.search(filler.join(' '), 8));
  const cost = (words: number) =>
    workOf(() => search.search(Array.from({ length: words }, () => letters(8)).join(' '), 8));
  const [capped, pastCap] = [await cost(MAX_QUERY_WORDS), await cost(MAX_QUERY_WORDS * 30)];
  assert.ok(
    pastCap.stemmed <= capped.stemmed * 1.2,
    `${pastCap.stemmed} characters stemmed, ${capped.stemmed} at the cap`,
  );
  // Words joined by lunr's operators are words too: the cap holds for them.
  assert.equal(await search.search(`${pasted.replaceAll(' ', '+')}`, 8), await search.search(filler.join('+'), 8));
});

test('a query longer than the cap in characters is searched by its beginning', async () => {
  const search = engine();
  const long = `${'x'.repeat(MAX_QUERY_LENGTH)} razorpay`;
  assert.equal(await search.search(long, 8), await search.search('x'.repeat(MAX_QUERY_LENGTH), 8));
  assert.equal(
    await search.search(`stripe ${'x'.repeat(MAX_QUERY_LENGTH)}`, 8),
    await search.search(`stripe ${'x'.repeat(MAX_QUERY_LENGTH - 'stripe '.length)}`, 8),
  );
});

test.run();
