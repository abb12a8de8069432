// Search: the records the build cuts pages into (one per section, plain text), the index files it writes (a small
// manifest, then vocabularies, postings and texts loaded by the query), and the engine the worker runs over them:
// typos, names typed whole, the product part a query names, lunr syntax, excerpts as text.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createEngine, type Engine } from '../../src/shared/search/engine.ts';
import { excerptOf, matchesIn } from '../../src/shared/search/excerpts.ts';
import { withinOneEdit } from '../../src/shared/search/typos.ts';
import { groupOf, type Manifest, MAX_POSTINGS, vocabName } from '../../src/shared/search/format.ts';
import { searchData } from '../../src/search/data.ts';
import { type IndexFile, indexFiles } from '../../src/search/index-files.ts';
import { LOAD_POLICY } from '../../src/search/load-policy.ts';
import { nthSmallest } from '../../src/search/postings.ts';
import { engineOfFiles, engineOfRecords, siteSearchEngine } from '../../src/search/in-memory.ts';
import type { BuildResult, SearchData } from '../../src/shared/model/types.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('search: records, index files and engine');

const files = {
  'docs/intro.md': '---\nslug: /\ntitle: Welcome\n---\nStart here.\n',
  'docs/admin/payments.md':
    '---\ntitle: Payment Gateways\n---\nConnect **Stripe** and Razorpay.\n\n## Stripe webhook\n\nPaste the `endpoint URL` into Stripe.\n\n### Test mode\n\nUse test keys first.\n\n## Escaping\n\nA page may show `<script>alert(1)</script>` as text.\n',
  'docs/admin/php.md': '---\ntitle: PHP.ini Settings\n---\nSet memory_limit and upload_max_filesize in php.ini.\n',
  'docs/admin/install.md': '---\ntitle: Installation\n---\nUpload the package to the server and open the installer.\n',
  'docs/admin/uploads.md':
    '---\ntitle: Uploads\n---\nThe max size of an upload depends on the filesize your host allows. Upload images of any max width.\n',
  'docs/web/install.md': '---\ntitle: Installation\n---\nCopy the website package to the server and build it.\n',
  'docs/web/env.md':
    '---\ntitle: Environment\n---\nSet NEXT_PUBLIC_API_URL and NEXT_PUBLIC_MAP_KEY in the .env file.\n',
  'docs/app/firebase.md':
    '---\ntitle: Firebase\n---\nPut google-services.json in android/app and edit AndroidManifest.xml.\n\n## Google services\n\nThe Google services plugin reads the json file.\n',
  'blog/2025-01-01-news.md': '---\ntitle: News\nauthors: []\n---\nThe blog has news about gateways.\n',
};
const config = {
  docs: {
    sidebars: {
      docs: [
        'intro',
        {
          type: 'category',
          label: 'Admin Panel',
          items: ['admin/payments', 'admin/php', 'admin/install', 'admin/uploads'],
        },
        { type: 'category', label: 'Website', items: ['web/install', 'web/env'] },
        { type: 'category', label: 'Customer App', keywords: ['shopper app'], items: ['app/firebase'] },
      ],
    },
  },
};

let built: Promise<BuildResult> | undefined;
const build = () => (built ??= buildFromMap(files, config));
const engine = async () => siteSearchEngine((await build()).site);
const urls = async (search: Engine, query: string) =>
  (await search.search(query, 8)).map((hit) => hit.url.replace(/^\/base\//, '/'));

test('one record per h2/h3 section, with plain text and each page title once', async () => {
  const d = searchData((await build()).site);
  const payments = d.pages.findIndex((p) => p[0] === 'Payment Gateways');
  assert.equal(d.pages[payments].slice(1), [d.pages[payments][1], 'Admin Panel', 'docs']);
  const sections = d.sections.filter((s) => s[0] === payments);
  assert.equal(
    sections.map((s) => [s[1], s[2]]),
    [
      ['', ''],
      ['stripe-webhook', 'Stripe webhook'],
      ['test-mode', 'Test mode'],
      ['escaping', 'Escaping'],
    ],
  );
  assert.is(sections[0][3], 'Connect Stripe and Razorpay.');
  assert.is(sections[1][3], 'Paste the endpoint URL into Stripe.');
  assert.ok(d.pages.some((p) => p[3] === 'blog' && p[2] === 'Blog'));
  assert.not.ok(JSON.stringify(d).includes('<strong>'), 'no markup');
});

test('the build writes a manifest of a fixed name and hashed index files; the engine over the written files answers like the one in memory', async () => {
  const result = await build();
  const search = result.files.filter((file) => file.path.startsWith('assets/search/'));
  const manifest = search.find((file) => file.path === 'assets/search/search-current.json');
  assert.ok(manifest, search.map((file) => file.path).join());
  const { hashes } = JSON.parse(manifest!.contents as string) as { hashes: Record<string, string> };
  assert.ok(Object.keys(hashes).length > 0);
  for (const file of search) {
    if (file === manifest) continue;
    const [, name, hash] = /^assets\/search\/([vtd](?:\d+|-all\d+))\.([0-9a-f]{8})\.json$/.exec(file.path) ?? [];
    assert.is(hash, hashes[groupOf(name)], `${file.path} carries its group's hash, as the manifest says`);
  }
  assert.ok(search.some((file) => /\/t\d+\./.test(file.path)) && search.some((file) => /\/d\d+\./.test(file.path)));
  const written = engineOfFiles(result.files, manifest!.path, '/base/', 50);
  for (const query of ['stripe webhook', 'php', 'installation website', 'zzz'])
    assert.equal(await written.search(query, 8), await (await engine()).search(query, 8), query);
});

test("an edit to one page's text changes that page and the index, and no other page", async () => {
  const before = await build();
  const edited = await buildFromMap(
    { ...files, 'docs/admin/php.md': `${files['docs/admin/php.md']}\nRestart PHP-FPM after the change.\n` },
    config,
  );
  const text = (result: BuildResult) => new Map(result.files.map((file) => [file.path, String(file.contents)]));
  const [was, now] = [text(before), text(edited)];
  const changed = [...now.keys()].filter((path) => was.get(path) !== now.get(path));
  const pages = changed.filter((path) => path.endsWith('.html'));
  assert.equal(pages, ['docs/admin/php/index.html']);
  assert.ok(changed.includes('assets/search/search-current.json'), changed.join());
});

test("a large index: an edit renames the postings and the edited page's group of text files, not the others", async () => {
  const many: Record<string, string> = {};
  const words = 'server panel database payment gateway delivery seller customer order product category store';
  for (let i = 0; i < 200; i++)
    many[`docs/p${i}.md`] = `# Page ${i}\n\n${Array.from({ length: 40 }, (_, k) => `${words} ${i} ${k}.`).join(' ')}\n`;
  const site = (edit: string) => buildFromMap({ ...many, 'docs/p0.md': `${many['docs/p0.md']}${edit}` });
  const names = (result: BuildResult) =>
    new Set(result.files.filter((file) => file.path.startsWith('assets/search/')).map((file) => file.path));
  const [before, after] = [names(await site('')), names(await site('\nOne more sentence.\n'))];
  const texts = [...before].filter((path) => /\/d\d+\./.test(path));
  assert.ok(texts.length > 64, `more than one group of text files: ${texts.length}`);
  const kept = texts.filter((path) => after.has(path));
  assert.ok(kept.length >= texts.length - 64, `text files kept by name: ${kept.length} of ${texts.length}`);
  assert.ok(kept.length < texts.length, 'the group of the edited page is renamed');
});

test('two words find the section that has both; a typo of one letter still finds it; the word being typed is a prefix', async () => {
  const search = await engine();
  assert.is((await urls(search, 'stripe webhook'))[0], '/docs/admin/payments/#stripe-webhook');
  assert.is((await urls(search, 'strpie webhok'))[0], '/docs/admin/payments/#stripe-webhook');
  assert.is((await urls(search, 'php ini'))[0], '/docs/admin/php/');
  assert.is((await urls(search, 'razorp'))[0], '/docs/admin/payments/', 'prefix of the word being typed');
  assert.equal(await search.search('zzzz qqqq', 8), []);
});

test('a name typed whole finds the page that has it, before pages that only use its words; and by its parts', async () => {
  const search = await engine();
  assert.is((await urls(search, 'upload_max_filesize'))[0], '/docs/admin/php/');
  assert.is((await urls(search, 'google-services.json'))[0], '/docs/app/firebase/');
  assert.is((await urls(search, 'AndroidManifest.xml'))[0], '/docs/app/firebase/');
  assert.is((await urls(search, 'android manifest'))[0], '/docs/app/firebase/', 'camel-case parts');
  assert.is((await urls(search, 'NEXT_PUBLIC_'))[0], '/docs/web/env/', 'the prefix of a name being typed');
  assert.is((await urls(search, 'next public map key'))[0], '/docs/web/env/', 'a name by its parts');
  const hit = (await search.search('upload_max_filesize', 8))[0];
  assert.ok(
    hit.excerpt.some((segment) => segment.match && segment.text === 'upload_max_filesize'),
    JSON.stringify(hit.excerpt),
  );
});

test('each hit says where its page lives, and a query that names a part of the product ranks that part first', async () => {
  const search = await engine();
  const hits = await search.search('installation', 8);
  assert.equal(hits.map((hit) => hit.breadcrumb).sort(), ['Admin Panel', 'Website']);
  assert.is((await urls(search, 'website installation'))[0], '/docs/web/install/');
  assert.is((await urls(search, 'install admin panel'))[0], '/docs/admin/install/');
  assert.is((await urls(search, 'installation website'))[0], '/docs/web/install/');
});

test("a category's keywords find its pages as its label does; keywords that are not a list of strings are a config error", async () => {
  const search = await engine();
  assert.is((await urls(search, 'shopper app'))[0], '/docs/app/firebase/');
  const hit = (await search.search('shopper', 8))[0];
  assert.is(hit.breadcrumb, 'Customer App', 'keywords are searched, not shown');
  const bad = {
    docs: {
      sidebars: {
        docs: [{ type: 'category', label: 'Customer App', keywords: 'shopper app', items: ['app/firebase'] }],
      },
    },
  };
  await buildFromMap({ 'docs/app/firebase.md': '# Firebase\n' }, bad).then(
    () => assert.unreachable('the build should fail'),
    (error: { diagnostics?: { message: string; hint?: string }[] }) => {
      const problem = error.diagnostics?.find((d) => /keywords/.test(d.message));
      assert.ok(problem, JSON.stringify(error.diagnostics));
      assert.match(problem!.message, "category 'Customer App' has keywords that are not a list of strings");
    },
  );
});

test("a category's keywords reach the docs of an autogenerated entry in it", async () => {
  const result = await buildFromMap(files, {
    docs: {
      sidebars: {
        docs: [
          'intro',
          { type: 'category', label: 'Admin Panel', items: [{ type: 'autogenerated', dirName: 'admin' }] },
          { type: 'category', label: 'Website', items: [{ type: 'autogenerated', dirName: 'web' }] },
          {
            type: 'category',
            label: 'Customer App',
            keywords: ['shopper app'],
            items: [{ type: 'autogenerated', dirName: 'app' }],
          },
        ],
      },
    },
  });
  const search = siteSearchEngine(result.site);
  // 'shopper' is only in the keywords.
  assert.equal(await urls(search, 'shopper'), ['/docs/app/firebase/', '/docs/app/firebase/#google-services']);
});

test('a page with only a title owns no section: the next page keeps its own', async () => {
  const result = await buildFromMap(
    {
      'docs/a.md': '# Alpha\n\nFirst words.\n',
      'docs/b.md': '# Bravo\n',
      'docs/c.md': '# Charlie\n\n## Install\n\nSteps.\n',
    },
    { docs: { sidebars: { docs: ['a', 'b', 'c'] } } },
  );
  const search = siteSearchEngine(result.site);
  assert.equal(
    (await search.search('install', 8)).map((hit) => [hit.url, hit.title]),
    [['/base/docs/c/#install', 'Charlie']],
  );
  assert.equal(
    (await search.search('first words', 8)).map((hit) => hit.url),
    ['/base/docs/a/'],
  );
});

test('queries the lunr parser rejects are searched as plain words, never thrown; valid syntax is honoured', async () => {
  const search = await engine();
  const rejected = {
    'unknown field': 'colour:stripe',
    'expecting term or field': 'stripe :',
    'expecting term, found nothing': 'stripe title:',
    'non-numeric edit distance': 'stripe~x',
    'non-numeric boost': 'stripe^x',
    'presence operator with nothing after it': 'stripe +',
  };
  for (const [why, query] of Object.entries(rejected)) {
    const hits = await search.search(query, 8);
    assert.ok(
      hits.some((hit) => hit.url.includes('/docs/admin/payments/')),
      `${why}: '${query}' still finds the page`,
    );
  }
  const titled = await search.search('title:php', 8);
  assert.ok(titled.length > 0 && titled.every((hit) => hit.title === 'PHP.ini Settings'));
  assert.ok(
    (await search.search('*zorpay', 8)).some((hit) => hit.title === 'Payment Gateways'),
    'a leading wildcard looks in every vocabulary',
  );
});

test('results depend on the query alone, not on what earlier queries loaded', async () => {
  const fresh = await engine();
  const before = await fresh.search('installation', 8);
  const used = await engine();
  for (const query of ['stripe', 'upload', 'website', 'instal', 'google services', 'payment'])
    await used.search(query, 8);
  assert.equal(await used.search('installation', 8), before);
});

test('excerpts are text segments around the match, with page text never turned into markup', async () => {
  const search = await engine();
  const hit = (await search.search('script alert', 8)).find((h) => h.heading === 'Escaping')!;
  const text = hit.excerpt.map((s) => s.text).join('');
  assert.match(text, '<script>alert(1)</script>');
  assert.ok(hit.excerpt.some((s) => s.match && s.text.toLowerCase() === 'script'));
  const long = 'word '.repeat(40) + 'needle ' + 'word '.repeat(40);
  const segments = excerptOf(long, matchesIn(long, new Set(['needl'])), 50);
  const shown = segments.map((s) => s.text).join('');
  assert.ok(shown.replace(/…/g, '').length <= 50, shown);
  assert.equal(
    segments.find((s) => s.match),
    { text: 'needle', match: true },
  );
});

test('one edit: insertion, deletion, substitution, swap', () => {
  assert.ok(withinOneEdit('gateway', 'gatway'));
  assert.ok(withinOneEdit('gateway', 'gateaway'));
  assert.ok(withinOneEdit('gateway', 'gatevay'));
  assert.ok(withinOneEdit('gateway', 'gaetway'));
  assert.not.ok(withinOneEdit('gateway', 'gtwy'));
});

const OPTIONS = { baseUrl: '/', bm25: { b: 0.75, k1: 1.2 }, excerptLength: 50 };

test('a page about the subject outranks a page that mentions it once; a short stem gets no typo matches', async () => {
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
      [0, 'other', 'Other', 'The bot answers every day.'],
      [1, '', '', 'A cart reminder is a notification for carts left unpaid.'],
      [1, 'schedule', 'Schedule', 'Set when the cart reminder is sent, and how often.'],
    ],
  };
  const search = engineOfRecords(handmade, OPTIONS);
  const hits = await search.search('cart reminder', 8);
  assert.is(hits[0].title, 'Cart Reminder');
  assert.is(hits.length, 3, 'only sections with the words');
  // "boxes" stems to "box": one edit from a three-letter stem is any short word ("bot"), so it gets no typo matches.
  assert.equal(await search.search('boxes', 8), []);
  assert.is((await search.search('remnder', 8)).length, 3, 'a longer word still gets one typo');
});

test('what one query loads is bounded: a word in every section keeps its best postings, and loads few files', async () => {
  const count = MAX_POSTINGS + 500;
  const data: SearchData = { format: 1, docsVersion: 'current', pages: [], sections: [] };
  for (let i = 0; i < count; i++) {
    data.pages.push([i === 1234 ? 'Common ground' : `Page ${i}`, `docs/p${i}/`, 'Part', 'docs']);
    data.sections.push([i, '', '', `Common words on page ${i}, with filler number ${i} and more filler.`]);
  }
  const files = indexFiles(data, OPTIONS.bm25);
  const postings = files
    .filter((file) => file.name.startsWith('t'))
    .map((file) => file.data as Record<string, number[][]>);
  const common = postings.find((shard) => 'common' in shard)!.common;
  assert.is(
    common.reduce((sum, list) => sum + list.length / 2, 0),
    MAX_POSTINGS,
    'at most MAX_POSTINGS postings',
  );
  const loaded: string[] = [];
  const byName = new Map(files.map((file) => [file.name, file.data]));
  const { createEngine } = await import('../../src/shared/search/engine.ts');
  const search = createEngine(files[0].data as never, async (name) => (loaded.push(name), byName.get(name)), OPTIONS);
  const hits = await search.search('common', 8);
  assert.is(hits[0].title, 'Common ground', 'the section where the word weighs most is kept');
  assert.ok(
    loaded.length <= 12 && loaded.length < files.length / 10,
    `${loaded.length} of ${files.length} files: ${loaded}`,
  );
});

test("a small site's manifest holds the vocabularies and asks for the whole index once a reader has searched; a large one, less", async () => {
  const data = searchData((await build()).site);
  const [small, ...smallFiles] = indexFiles(data, OPTIONS.bm25);
  const manifest = small.data as Manifest;
  assert.equal(Object.keys(manifest.vocabularies ?? {}), manifest.letters, 'every vocabulary, with the manifest');
  assert.not.ok(
    smallFiles.some((file) => file.name.startsWith('v')),
    'no vocabulary file of its own',
  );
  assert.equal(manifest.fill, { postings: true, texts: true });
  assert.equal(manifest.bundles, { t: [0], d: [0] }, 'one part each');
  // The same records with a policy for a site whose vocabularies, postings or texts are large.
  const [large, ...largeFiles] = indexFiles(data, OPTIONS.bm25, undefined, {
    vocabularyInline: 100,
    fillPostingsGzip: 1_000_000,
    fillTextsGzip: 100,
    bundlePart: 300,
  });
  const big = large.data as Manifest;
  assert.is(big.vocabularies, undefined);
  assert.equal(
    largeFiles.filter((file) => file.name.startsWith('v')).map((file) => file.name),
    big.letters.map(vocabName),
  );
  assert.equal(big.fill, { postings: true, texts: false });
  assert.ok(big.bundles.t, 'the postings bundled');
  assert.is(big.bundles.d, undefined);
  assert.equal(
    largeFiles.filter((file) => file.name.includes('-all')).map((file) => file.name),
    big.bundles.t!.map((_, n) => `t-all${n}`),
  );
  // Either way the engine answers alike.
  const engineOf = ([first, ...rest]: IndexFile[]) => {
    const byName = new Map(rest.map((file) => [file.name, file.data]));
    return createEngine(first.data as Manifest, async (name) => byName.get(name), OPTIONS);
  };
  for (const query of ['stripe webhook', 'php', 'instal'])
    assert.equal(
      await engineOf([large, ...largeFiles]).search(query, 8),
      await engineOf([small, ...smallFiles]).search(query, 8),
    );
});

test('bundles come in parts: the fill loads every part, and the answers are those of an engine that loads file by file', async () => {
  const data: SearchData = { format: 1, docsVersion: 'current', pages: [], sections: [] };
  const words = 'server panel database payment gateway delivery seller customer order product category store';
  for (let i = 0; i < 300; i++) {
    data.pages.push([`Page ${i}`, `docs/p${i}/`, 'Part', 'docs']);
    data.sections.push([i, '', '', `${words} term${i} word${i * 7} ${'filler text '.repeat(30)}`]);
  }
  const policy = { ...LOAD_POLICY, bundlePart: 20_000 };
  const [first, ...rest] = indexFiles(data, OPTIONS.bm25, undefined, policy);
  const manifest = first.data as Manifest;
  assert.ok(
    (manifest.bundles.t ?? []).length > 1 && (manifest.bundles.d ?? []).length > 1,
    JSON.stringify(manifest.bundles),
  );
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  const asked: string[] = [];
  const filled = createEngine(manifest, async (name) => (asked.push(name), byName.get(name)), OPTIONS);
  const plain = createEngine({ ...manifest, bundles: {} }, async (name) => byName.get(name), OPTIONS);
  await filled.fill();
  const parts = [...byName.keys()].filter((name) => name.includes('-all')).sort();
  assert.equal([...asked].sort(), parts, 'every part, once, and nothing else');
  asked.length = 0;
  for (const query of ['payment', 'term17', 'word21', 'seller order', 'sto'])
    assert.equal(await filled.search(query, 100), await plain.search(query, 100), query);
  assert.equal(asked, [], 'from memory');
});

test('once filled, the engine answers any query from memory: no file is asked for', async () => {
  const [manifest, ...rest] = indexFiles(searchData((await build()).site), OPTIONS.bm25);
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  const asked: string[] = [];
  const search = createEngine(manifest.data as Manifest, async (name) => (asked.push(name), byName.get(name)), OPTIONS);
  const fresh = createEngine(manifest.data as Manifest, async (name) => byName.get(name), OPTIONS);
  await search.search('stripe', 8);
  await search.fill();
  assert.equal(
    asked.filter((name) => name.includes('-all')).sort(),
    ['d-all0', 't-all0'],
    'the fill loads the bundle of every postings file and of every text file',
  );
  assert.is(asked.length, new Set(asked).size, 'no file twice');
  asked.length = 0;
  for (const query of ['payment gateway', 'twilio', 'instal', 'google services', 'uplod', 'NEXT_PUBLIC_API_URL']) {
    assert.equal(await search.search(query, 8), await fresh.search(query, 8), query);
    assert.equal(asked, [], `${query}: nothing fetched`);
  }
});

test('a query that needs many text files (the search page) loads their bundle, in one request', async () => {
  const data: SearchData = { format: 1, docsVersion: 'current', pages: [], sections: [] };
  for (let i = 0; i < 400; i++) {
    data.pages.push([`Page ${i}`, `docs/p${i}/`, 'Part', 'docs']);
    data.sections.push([
      i,
      '',
      '',
      `Shared words on page ${i}. ${'Filler text of a page, to fill its section. '.repeat(40)}`,
    ]);
  }
  const [manifest, ...rest] = indexFiles(data, OPTIONS.bm25);
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  assert.ok(rest.filter((file) => /^d\d+$/.test(file.name)).length > 20, 'many text files');
  const asked: string[] = [];
  const search = createEngine(manifest.data as Manifest, async (name) => (asked.push(name), byName.get(name)), OPTIONS);
  const few = await search.search('shared', 8);
  assert.is(few.length, 8);
  assert.not.ok(
    asked.some((name) => name.startsWith('d-all')),
    `eight hits, their own text files: ${asked}`,
  );
  const many = await search.search('shared', 100);
  assert.is(many.length, 100);
  assert.ok(
    asked.some((name) => name.startsWith('d-all')),
    'a hundred: the bundle',
  );
  assert.ok(asked.filter((name) => /^d\d+$/.test(name)).length <= 12, asked.join());
});

test('the cut of a common word is the weight a sort would put there, whatever the repeats', () => {
  // A small generator with a fixed seed: arrays with many equal weights (as rounded weights are), sorted, reversed,
  // all equal, and of one or two values.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const cases: number[][] = [[5], [2, 1], [3, 3, 3, 3], [...Array(50).keys()], [...Array(50).keys()].reverse()];
  for (let n = 0; n < 200; n++) {
    const length = 1 + Math.floor(next() * 3000);
    const distinct = 1 + Math.floor(next() * (n % 2 ? 8 : 5000));
    cases.push(Array.from({ length }, () => Math.floor(next() * distinct) * 17));
  }
  for (const values of cases) {
    const sorted = [...values].sort((a, b) => a - b);
    for (const k of new Set([0, values.length - 1, Math.floor(values.length / 2), Math.floor(next() * values.length)]))
      assert.is(nthSmallest(Float64Array.from(values), k), sorted[k], `k=${k} of ${values.length}`);
  }
});

test('a file that fails to load fails the query with its name, and the next query loads it again', async () => {
  const [manifest, ...rest] = indexFiles(searchData((await build()).site), OPTIONS.bm25);
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  let failures = 1;
  const { createEngine } = await import('../../src/shared/search/engine.ts');
  const search = createEngine(
    manifest.data as never,
    async (name) => {
      if (name.startsWith('t') && failures-- > 0) throw new Error(`search index file ${name}: 404 Not Found`);
      return byName.get(name);
    },
    OPTIONS,
  );
  await search.search('stripe', 8).then(
    () => assert.unreachable('the query should fail'),
    (error: Error) => assert.match(error.message, /search index file t\d+: 404/),
  );
  assert.ok((await search.search('stripe', 8)).length > 0, 'a retry loads the file again');
  const damaged = createEngine(
    manifest.data as never,
    async (name) => (name.startsWith('d') ? { nonsense: true } : byName.get(name)),
    OPTIONS,
  );
  await damaged.search('stripe', 8).then(
    () => assert.unreachable('the query should fail'),
    (error: Error) => assert.match(error.message, /search index file d\d+ is damaged/),
  );
});

test.run();
