// The search worker's message handling, in node: over an index served from memory, with its postings held back
// where a test needs a query that is still being answered. Each asker is answered for its newest query only; the
// queries it replaced are dropped, and the page's client gives them no hits.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerSearches, type WorkerRequest, type WorkerResponse } from '../../src/client/search/answers.ts';
import { createSearchClient } from '../../src/client/search/client.ts';
import { indexFileName, type Manifest } from '../../src/shared/search/format.ts';
import { indexFiles } from '../../src/search/index-files.ts';
import type { SearchData } from '../../src/shared/model/types.ts';

const test = suite('client: the search worker answers the newest query');

const data: SearchData = {
  format: 1,
  docsVersion: 'current',
  pages: [
    ['Payment Gateways', 'docs/payments/', 'Admin Panel', 'docs'],
    ['Reminders', 'docs/reminders/', 'Admin Panel', 'docs'],
  ],
  sections: [
    [0, '', '', 'Connect Stripe and Razorpay to take payments.'],
    [1, '', '', 'The panel sends a cart reminder to customers.'],
  ],
};
const [manifest, ...rest] = indexFiles(data, { b: 0.75, k1: 1.2 });
const served = new Map(rest.map((file) => [indexFileName(file.name, manifest.data as Manifest), file.data]));
served.set('search-current.json', manifest.data);

/** A worker over the index, its messages to the page, and a gate that holds postings files back while closed. */
function worker({ shortQueryWaitMs }: { shortQueryWaitMs?: number } = {}) {
  // The fill starts as soon as a query is answered (FILL_AFTER_MS waits for the reader to pause).
  const fillAfterMs = 0;
  const posted: WorkerResponse[] = [];
  /** The index files fetched, by name, in order. */
  const fetched: string[] = [];
  const waiters: (() => void)[] = [];
  let open: () => void = () => {};
  let gate: Promise<void> | undefined;
  const receive = answerSearches(
    {
      post: (message) => {
        posted.push(message);
        for (const wake of waiters.splice(0)) wake();
      },
      fetch: async (url) => {
        const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
        fetched.push(name);
        if (name.startsWith('t')) await gate;
        const body = served.get(name);
        return body === undefined ? new Response('gone', { status: 404 }) : Response.json(body);
      },
      href: 'https://docs.example/base/assets/js/search-worker.js',
    },
    { shortQueryWaitMs, fillAfterMs },
  );
  const init: WorkerRequest = { type: 'init', indexUrl: '/base/assets/search/search-current.json', options };
  receive(init);
  return {
    posted,
    fetched,
    receive,
    ask: (id: number, query: string, asker = 'box') => receive({ type: 'query', id, query, limit: 8, asker }),
    hold: () => (gate = new Promise((resolve) => (open = resolve))),
    /** Resolves once the worker has begun a query: it asked for a postings file. */
    begun: async () => {
      for (let turns = 0; !fetched.some((name) => name.startsWith('t')) && turns < 400; turns++) await aTurn();
    },
    release: () => open(),
    /** Resolves once the worker has posted what `done` waits for. */
    until: async (done: (posted: WorkerResponse[]) => boolean) => {
      while (!done(posted)) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}
const options = { baseUrl: '/base/', excerptLength: 50 };
const answered = (id: number) => (posted: WorkerResponse[]) =>
  posted.some((message) => message.type !== 'ready' && 'id' in message && message.id === id);
/** The worker's answers, as `results 1: /base/docs/payments/` or `dropped 2`. */
const told = (posted: WorkerResponse[]) =>
  posted.flatMap((message) =>
    message.type === 'results'
      ? [`results ${message.id}: ${message.hits.map((hit) => hit.url).join(' ')}`]
      : message.type === 'ready'
        ? []
        : [`${message.type} ${message.id}`],
  );
/** Lets the worker start on what it has received (the manifest read, a query begun). */
const aTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

test('queries posted while one is answered: only the newest is answered; the others, and the one waiting for its files, are dropped', async () => {
  const search = worker();
  search.hold();
  search.ask(1, 'stripe');
  await search.begun();
  search.ask(2, 'razor');
  search.ask(3, 'razorp');
  search.ask(4, 'reminder');
  search.release();
  await search.until(answered(4));
  // Query 1 was waiting for its postings when 4 came: it is given up there, and 4 is answered from what it loaded.
  assert.equal(told(search.posted), ['dropped 2', 'dropped 3', 'dropped 1', 'results 4: /base/docs/reminders/']);
});

test('queries posted before the worker gets to them: only the last is answered', async () => {
  const search = worker();
  search.ask(1, 'r');
  search.ask(2, 'ra');
  search.ask(3, 'razorpay');
  await search.until(answered(3));
  await aTurn();
  assert.equal(told(search.posted), ['dropped 1', 'dropped 2', 'results 3: /base/docs/payments/']);
});

test('a query of one or two letters waits a moment for the next key, which replaces it', async () => {
  // A wait longer than the test: the next key always comes within it.
  const search = worker({ shortQueryWaitMs: 60_000 });
  await aTurn();
  search.ask(1, 'r');
  await aTurn();
  search.ask(2, 'razorpay');
  await search.until(answered(2));
  assert.equal(told(search.posted), ['dropped 1', 'results 2: /base/docs/payments/']);
  // Alone, it is answered once the wait is over.
  const alone = worker({ shortQueryWaitMs: 1 });
  alone.ask(3, 'st');
  await alone.until(answered(3));
  assert.equal(told(alone.posted), ['results 3: /base/docs/payments/']);
});

test("each asker is answered for its newest query: the search page's query is not dropped for the box's", async () => {
  const search = worker();
  search.hold();
  search.ask(1, 'stripe', 'box');
  await search.begun();
  search.ask(2, 'reminder', 'page');
  search.ask(3, 'razorpay', 'box');
  search.release();
  await search.until((posted) => [1, 2, 3].every((id) => answered(id)(posted)));
  assert.equal(told(search.posted).sort(), [
    'dropped 1',
    'results 2: /base/docs/reminders/',
    'results 3: /base/docs/payments/',
  ]);
});

test('the rest of a small index loads once a query is answered, never before nor while one is; later queries fetch nothing', async () => {
  const search = worker();
  await aTurn();
  assert.equal(
    search.fetched,
    ['search-current.json'],
    'on the first sign of a search: the manifest, vocabularies in it',
  );
  search.hold();
  search.ask(1, 'stripe');
  await search.begun();
  const whileAnswering = [...search.fetched];
  search.release();
  await search.until(answered(1));
  // The fill runs in the background: the bundles of every postings and every text file (this index's one postings
  // and one text file the query loaded besides).
  const everyFile = [...served.keys()].filter((name) => name !== 'search-current.json').sort();
  for (let turns = 0; new Set(search.fetched).size < everyFile.length + 1 && turns < 200; turns++) await aTurn();
  assert.ok(
    whileAnswering.every((name) => name === 'search-current.json' || name.startsWith('t')),
    `nothing but the query's own files while it was answered: ${whileAnswering}`,
  );
  assert.equal([...new Set(search.fetched)].slice(1).sort(), everyFile);
  assert.is(search.fetched.length, new Set(search.fetched).size, 'no file twice');
  const before = search.fetched.length;
  search.ask(2, 'reminder');
  search.ask(3, 'razorpay', 'page');
  await search.until((posted) => answered(2)(posted) && answered(3)(posted));
  assert.is(search.fetched.length, before, 'answered from memory');
  assert.equal(told(search.posted).slice(-2).sort(), [
    'results 2: /base/docs/reminders/',
    'results 3: /base/docs/payments/',
  ]);
});

test('after the fill, the queries answered run again unseen: nothing posted, nothing fetched, and a new query answered', async () => {
  const search = worker();
  search.ask(1, 'stripe');
  await search.until(answered(1));
  search.ask(2, 'reminder');
  await search.until(answered(2));
  const posted = search.posted.length;
  const everyFile = [...served.keys()].filter((name) => name !== 'search-current.json');
  for (let turns = 0; new Set(search.fetched).size < everyFile.length + 1 && turns < 200; turns++) await aTurn();
  // The warm-up runs 'stripe' and 'reminder' again in these turns.
  for (let turns = 0; turns < 10; turns++) await aTurn();
  const fetched = search.fetched.length;
  search.ask(3, 'razorpay');
  await search.until(answered(3));
  assert.is(search.fetched.length, fetched, 'nothing fetched');
  assert.equal(told(search.posted.slice(posted)), ['results 3: /base/docs/payments/']);
});

for (const channel of [true, false])
  test(`the page's client gives a dropped query no hits, and the newest its hits (answers ${channel ? 'on a BroadcastChannel' : 'posted'})`, async () => {
    // The client starts a Worker: here one that runs the worker's handler in this thread and, as worker.ts does,
    // answers on the channel the page names in its init message.
    const global = globalThis as { Worker?: unknown; BroadcastChannel?: typeof BroadcastChannel };
    const saved = { Worker: global.Worker, BroadcastChannel: global.BroadcastChannel };
    const opened: BroadcastChannel[] = [];
    const answered: string[] = [];
    global.BroadcastChannel = channel
      ? class extends saved.BroadcastChannel! {
          constructor(name: string) {
            super(name);
            opened.push(this);
          }
        }
      : undefined;
    global.Worker = class {
      onmessage?: (event: { data: WorkerResponse }) => void;
      private channel?: BroadcastChannel;
      private receive = answerSearches({
        post: (message) => {
          answered.push(this.channel ? 'channel' : 'posted');
          if (this.channel) this.channel.postMessage(message);
          else this.onmessage?.({ data: message });
        },
        fetch: async (url) => Response.json(served.get(url.pathname.slice(url.pathname.lastIndexOf('/') + 1))),
        href: 'https://docs.example/base/assets/js/search-worker.js',
      });
      postMessage(message: WorkerRequest) {
        if (message.type === 'init' && message.channel) this.channel = new global.BroadcastChannel!(message.channel);
        this.receive(message);
      }
    };
    try {
      const client = createSearchClient({
        ...options,
        workerUrl: '/base/assets/js/search-worker.js',
        indexUrl: '/base/assets/search/search-current.json',
      });
      const [stale, newest, page] = await Promise.all([
        client.query('rem', 8, 'box'),
        client.query('reminder', 8, 'box'),
        client.query('stripe', 8, 'page'),
      ]);
      assert.is(stale, undefined);
      assert.equal(
        newest?.map((hit) => hit.url),
        ['/base/docs/reminders/'],
      );
      assert.equal(
        page?.map((hit) => hit.url),
        ['/base/docs/payments/'],
      );
      assert.equal(new Set(answered), new Set([channel ? 'channel' : 'posted']));
      if (channel) assert.match(opened[0].name, /^egdocs-search-\w+$/);
    } finally {
      // An open channel would keep node running after the tests.
      for (const open of opened) open.close();
      Object.assign(global, saved);
    }
  });

test.run();
