// scoring.ts scores a query's lunr clauses without lunr's bookkeeping for required and forbidden terms: over the
// index parts a query loads, its results (sections, scores to the last bit, order, matched terms and fields) must be
// lunr.Index.query's, for every keystroke of plain queries (prefixes, typos, names typed whole) and for lunr syntax.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Manifest } from '../../src/shared/search/format.ts';
import { IndexLoader } from '../../src/shared/search/index-loader.ts';
import { lunrIndexOf, scoreQuery } from '../../src/shared/search/scoring.ts';
import { lookUp, planQuery } from '../../src/shared/search/query-plan.ts';
import { queryPipeline } from '../../src/shared/search/tokens.ts';
import { searchData } from '../../src/search/data.ts';
import { indexFiles } from '../../src/search/index-files.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('search: scoring as lunr scores');

const WORDS =
  'payment gateway stripe razorpay paypal webhook firebase settings notification install server upload image product order delivery partner customer wallet refund invoice tax currency language'.split(
    ' ',
  );
/** Forty pages of sections mixing the words, so that terms share sections and fields in many ways. */
const files: Record<string, string> = {};
for (let page = 0; page < 40; page++) {
  const word = (i: number) => WORDS[(page * 7 + i * 3) % WORDS.length];
  const sections = [0, 1, 2].map(
    (s) =>
      `## ${word(s)} ${word(s + 5)}\n\n${[0, 1, 2, 3, 4, 5].map((i) => word(s * 4 + i)).join(' ')} with ${word(page + s)}s and NEXT_PUBLIC_${word(s).toUpperCase()}.\n`,
  );
  files[`docs/p${page}.md`] =
    `---\ntitle: ${word(page)} ${word(page + 1)}\n---\n${word(2)} ${word(9)} paid.\n\n${sections.join('\n')}`;
}

const QUERIES = [
  'payment gateway',
  'paymnt setings',
  'stripe webhooks',
  'next_public_wallet',
  'install firebase notification',
  'refunds invoice tax',
];
const SYNTAX = ['+payment -stripe', 'title:payment', 'pay*', 'paymnt~1', 'webhook^4 firebase', '-wallet'];

/** Marks that name each (term, field) pair with a bit of its own, so that a section's marks say which it has. */
const WIDTH = 64;
const pairs: string[] = [];
const marking = {
  width: WIDTH,
  marksOf(term: string, field: string): number[] {
    let bit = pairs.indexOf(`${term}/${field}`);
    if (bit < 0) bit = pairs.push(`${term}/${field}`) - 1;
    assert.ok(bit < 32 * WIDTH, 'the test names at most 2,048 pairs');
    const marks = new Array<number>(WIDTH).fill(0);
    marks[bit >> 5] = 1 << (bit & 31);
    return marks;
  },
};
const pairsIn = (marks: Int32Array) => pairs.filter((_, bit) => (marks[bit >> 5] & (1 << (bit & 31))) !== 0).sort();

test('each keystroke of plain queries, and lunr syntax, finds and scores the sections lunr.Index.query does', async () => {
  const { site } = await buildFromMap(files, {});
  const [manifest, ...rest] = indexFiles(searchData(site), site.config.search.bm25);
  const byName = new Map(rest.map((file) => [file.name, file.data]));
  const loader = new IndexLoader(manifest.data as Manifest, async (name) => byName.get(name));
  const pipeline = queryPipeline();
  const asked = [...QUERIES.flatMap((query) => [...query].map((_, i) => query.slice(0, i + 1))), ...SYNTAX];
  let compared = 0;
  for (const query of asked) {
    const plan = planQuery(query, pipeline, loader.letters);
    if (!plan) continue;
    const { query: build, terms } = lookUp(plan, await loader.vocabulariesOf(plan.letters), pipeline);
    await loader.loadPostings(terms);
    const parts = loader.indexOver(terms, pipeline);
    const ours = scoreQuery(parts, build, marking);
    const lunrs = lunrIndexOf(parts).query(build);
    // Each section once, with its score to the last bit, the (term, field) pairs it matched and its terms.
    const oursShape = ours.sections.map((section, slot) => ({
      section,
      score: ours.scores[slot],
      matched: pairsIn(ours.marks.slice(slot * WIDTH, (slot + 1) * WIDTH)),
      terms: ours.termsOf(slot).sort(),
    }));
    const lunrShape = lunrs.map(({ ref, score, matchData }) => ({
      section: Number(ref),
      score,
      matched: Object.entries(matchData.metadata)
        .flatMap(([term, fields]) => Object.keys(fields).map((field) => `${term}/${field}`))
        .sort(),
      terms: Object.keys(matchData.metadata).sort(),
    }));
    const bySection = (a: { section: number }, b: { section: number }) => a.section - b.section;
    assert.equal(oursShape.sort(bySection), lunrShape.sort(bySection), query);
    if (lunrs.length) compared++;
  }
  assert.ok(compared > asked.length / 2, `most queries find sections (${compared} of ${asked.length})`);
});

test.run();
