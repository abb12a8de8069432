// The postings of the search index (index-files.ts cuts them into files): every term's sections, per field, with the
// weight lunr's index builder would give each (BM25 with the field and document boosts applied, rounded as lunr
// rounds them), computed here rather than by lunr.Builder, which takes several times longer. A very common word keeps
// its heaviest postings only (MAX_POSTINGS).
import { MAX_POSTINGS } from '../shared/search/format.ts';
import { FIELD_BOOST, FIELDS } from '../shared/search/tokens.ts';
import type { Sliced } from '../platform/pace.ts';
import type { Config, SearchData } from '../shared/model/types.ts';

/** The top of a page is where a reader who searched for the page's subject wants to land. */
const TOP_OF_PAGE_BOOST = 1.3;

/**
 * Postings of every term, per field, flat: section, weight × 1000, section, weight..., sections ascending. The
 * weight is lunr's: BM25 of the term in the field (lunr's idf, which counts a section once per field the term is
 * in), times the field's and the section's boost, rounded to three decimals. Flat arrays, not pairs: a large site
 * has millions of postings. Yields between two sections or terms.
 */
export function* weighPostings(
  data: SearchData,
  { b, k1 }: Config['search']['bm25'],
  terms: (text: string, joined: boolean) => string[],
): Sliced<Map<string, number[][]>> {
  const totalLength = FIELDS.map(() => 0);
  const lengths = FIELDS.map(() => new Uint32Array(data.sections.length));
  // Each term gets a number when first met, and a field's counts are kept by number: one map lookup per word of the
  // site, which is most of the index's work (millions of words at 10,000 docs).
  const numbers = new Map<string, number>();
  const postingsOf: number[][][] = [];
  let frequency: Int32Array = new Int32Array(1024);
  const met: number[] = [];
  // Every section of a page repeats its title and categories: their terms are worked out once per page.
  let pageTerms: { page: number; title: string[]; part: string[] } | undefined;
  for (const [section, [page, , heading, text]] of data.sections.entries()) {
    yield;
    if (pageTerms?.page !== page) {
      const [title, , breadcrumb, , keywords] = data.pages[page];
      pageTerms = {
        page,
        title: terms(title, true),
        part: terms(keywords ? `${breadcrumb} ${keywords}` : breadcrumb, false),
      };
    }
    [pageTerms.title, terms(heading, true), terms(text, false), pageTerms.part].forEach((list, field) => {
      lengths[field][section] = list.length;
      totalLength[field] += list.length;
      for (const term of list) {
        let n = numbers.get(term);
        if (n === undefined) {
          numbers.set(term, (n = postingsOf.length));
          postingsOf.push(FIELDS.map(() => []));
          if (n === frequency.length) frequency = growTo(frequency, n * 2);
        }
        if (frequency[n]++ === 0) met.push(n);
      }
      // In the order the terms were first met in the field, as each term's list only grows by section.
      for (const n of met) {
        postingsOf[n][field].push(section, frequency[n]);
        frequency[n] = 0;
      }
      met.length = 0;
    });
  }
  const counts = new Map<string, number[][]>();
  for (const [term, n] of numbers) counts.set(term, postingsOf[n]);
  const documents = data.sections.length;
  const average = totalLength.map((total) => total / documents);
  const boost = FIELDS.map((field) => FIELD_BOOST[field]);
  for (const fields of counts.values()) {
    yield;
    const withTerm = fields.reduce((sum, list) => sum + list.length / 2, 0);
    const idf = Math.log(1 + Math.abs((documents - withTerm + 0.5) / (withTerm + 0.5)));
    fields.forEach((list, field) => {
      for (let i = 0; i < list.length; i += 2) {
        const section = list[i];
        const tf = list[i + 1];
        const sectionBoost = data.sections[section][1] === '' ? TOP_OF_PAGE_BOOST : 1;
        const score =
          ((idf * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (lengths[field][section] / average[field])) + tf)) *
          boost[field] *
          sectionBoost;
        list[i + 1] = Math.round(score * 1000);
      }
    });
  }
  return counts;
}

/**
 * The number of sections each term is in (a term in two fields of a section counts it once), marking each section
 * with the term's number as it is met; then a term in more than MAX_POSTINGS sections keeps its heaviest postings
 * (heaviest), its frequency counted first. `terms` sorted. Yields between two terms.
 */
export function* documentFrequencies(
  terms: string[],
  postings: Map<string, number[][]>,
  sections: number,
): Sliced<Map<string, number>> {
  const documentFrequency = new Map<string, number>();
  const seen = new Int32Array(sections).fill(-1);
  for (const [n, term] of terms.entries()) {
    yield;
    const fields = postings.get(term)!;
    let count = 0;
    for (const list of fields) {
      for (let i = 0; i < list.length; i += 2) {
        if (seen[list[i]] !== n) {
          seen[list[i]] = n;
          count++;
        }
      }
    }
    documentFrequency.set(term, count);
    const total = fields.reduce((sum, list) => sum + list.length / 2, 0);
    if (total > MAX_POSTINGS) postings.set(term, heaviest(fields, MAX_POSTINGS));
  }
  return documentFrequency;
}

/** `numbers` in a larger array. */
function growTo(numbers: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(numbers);
  return grown;
}

/**
 * The value at index `k` of `values` sorted ascending (Hoare's selection, which reorders `values`): linear where a
 * sort is not, for the tens of thousands of weights of a word on every page.
 */
export function nthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swapped = values[i];
        values[i++] = values[j];
        values[j--] = swapped;
      }
    }
    // Now values[low..j] <= pivot <= values[i..high], and whatever lies between equals the pivot.
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k];
  }
  return values[k];
}

/**
 * A very common word keeps its `count` heaviest postings (at equal weight, the first in field order), so no term's
 * file grows with the site (see MAX_POSTINGS). The cut is found by sorting the weights alone, as numbers.
 */
function heaviest(fields: number[][], count: number): number[][] {
  const weights = new Float64Array(fields.reduce((sum, list) => sum + list.length / 2, 0));
  let n = 0;
  for (const list of fields) for (let i = 1; i < list.length; i += 2) weights[n++] = list[i];
  // The weight `count` places from the top, as sorting would place it, without sorting them all.
  const cut = nthSmallest(weights, weights.length - count);
  // Everything above the cut is kept; of the postings at the cut, as many as fit, in field and section order.
  let room = count - weights.filter((weight) => weight > cut).length;
  return fields.map((list) => {
    const kept: number[] = [];
    for (let i = 0; i < list.length; i += 2)
      if (list[i + 1] > cut || (list[i + 1] === cut && room-- > 0)) kept.push(list[i], list[i + 1]);
    return kept;
  });
}
