// ranking.ts WordMarks: what the ranking weighs of the index terms a section has, read as bit masks (the scoring ORs
// each (term, field)'s marks into the section's). Each weight the ranking gives a section, one at a time: the share
// of the query's words it answers (squared), a name typed whole, the words in its part of the product, and a
// headline that holds them all.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { WordMarks } from '../../src/shared/search/ranking.ts';

const test = suite('search: the ranking reads word marks');

const marksOf = (query: string[], names: string[] = []) =>
  new WordMarks({ content: query, identifiers: names, fixes: new Map() });

/**
 * lunr's score 1 of a section with these terms in these fields (`term@field`, space-separated), as the ranking weighs
 * it: [coverage, score].
 */
function weigh(marks: WordMarks, pairs: string): [number, number] {
  const section = new Int32Array(marks.width);
  for (const pair of pairs.split(' ')) {
    const [term, field] = pair.split('@');
    marks.marksOf(term, field).forEach((mark, i) => (section[i] |= mark));
  }
  return marks.weigh(1, section, 0);
}

test('every word counts: a section with half the words keeps a quarter of its score', () => {
  const marks = marksOf(['refund', 'window']);
  assert.equal(weigh(marks, 'refund@body'), [0.5, 0.25]);
  assert.equal(weigh(marks, 'refund@body window@body'), [1, 1]);
  // A stem, a prefix of the word being typed or one typo answers the word as it does.
  assert.equal(weigh(marksOf(['refunds', 'windo']), 'refund@body window@body'), [1, 1]);
  assert.equal(weigh(marksOf(['refnud']), 'refund@body'), [1, 1]);
});

test('a headline (title, heading or categories) with every word gains half again; with one of two, nothing', () => {
  const marks = marksOf(['php', 'version']);
  assert.equal(weigh(marks, 'php@heading version@title'), [1, 1.5]);
  assert.equal(weigh(marks, 'php@heading version@body'), [1, 1]);
});

test("each word in the section's part of the product counts more", () => {
  const marks = marksOf(['install', 'website']);
  // "website" in the categories: part (half the words) and, as categories are a headline, not every word there.
  assert.equal(weigh(marks, 'install@body website@part'), [1, 1.5]);
  assert.equal(weigh(marks, 'install@part website@part'), [1, 2 * 1.5]);
});

test('a name typed whole answers each of its words and doubles the score', () => {
  const marks = marksOf(['google', 'services', 'json'], ['google-services.json']);
  assert.equal(weigh(marks, 'google-services.json@body'), [1, 2]);
  assert.equal(weigh(marks, 'google@body services@body json@body'), [1, 1]);
});

test('up to 32 words, the most a query searches', () => {
  const words = Array.from({ length: 32 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
  const marks = marksOf(words);
  assert.equal(weigh(marks, words.map((word) => `${word}@title`).join(' ')), [1, 1.5]);
  assert.equal(weigh(marks, `${words[31]}@body`)[0], 1 / 32);
});

test.run();
