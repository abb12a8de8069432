// lunr's scoring of a query over the index parts a query loaded (loaded-postings.ts indexOver), without lunr's
// bookkeeping. lunr.Index.query makes, for every term and field it looks at, a set of the sections that have it (kept
// for `+term` and `-term` clauses even when there are none), an object per field of each matching section and another
// to name it again when it scores, a match-data object per section with one more per term; then it finds each
// section's vector by a string made for it and walks it whole to multiply it by the query's. At 10,000 pages a word
// being typed matches thousands of sections: that work, and collecting it after, was most of a warm query's time in
// the worker, which decides whether its answer reaches the frame of the key that asked.
//
// The queries the search box makes have only optional clauses: for them this takes lunr's steps over the same
// postings, kept as arrays of section numbers and weights, and adds the same products in the same order (scores
// equal to the last bit), walking each query term's posting once instead of each section's vector. What the ranking
// reads of the terms a section has, it reads as marks: a few bits per (term, field) that `marksOf` gives and each
// section ORs together, with no object per section or per term. Any other query goes to lunr, and its match data is
// read into the same marks.
import { floorIndex } from '../sorted.ts';
import { lunr, lunrInternals } from './lunr.ts';

/** The sections that have a term in a field, ascending (lunr's order), and the weight it has in each. */
export interface Posting {
  sections: readonly number[];
  /** As in the sections' field vectors. */
  weights: readonly number[];
}

/** A query's terms of the postings loaded (loaded-postings.ts indexOver), and how lunr reads a query. */
export interface ScoringParts {
  /** The terms, sorted. */
  terms: string[];
  /** A term's number in the index: lunr's vectors are ordered by it. */
  numberOf(term: string): number;
  /** A term's posting in field number `field` (of `fields`). */
  postingOf(term: string, field: number): Posting;
  /** The terms, for lunr's expansion of a clause (prefixes, typos). */
  tokenSet: lunr.TokenSet;
  fields: string[];
  pipeline: lunr.Pipeline;
}

/**
 * What a section found is marked with for each index term it has in a field: `width` 32-bit masks, the same length
 * for every term of a query (ranking.ts). Asked once per term and field, but for a query lunr scores: once per
 * section then.
 */
export interface Marking {
  width: number;
  marksOf(term: string, field: string): readonly number[];
}

/** The sections a query found, in the order lunr first meets them, by slot. */
export interface Found {
  sections: number[];
  /** lunr's score of each. */
  scores: ArrayLike<number>;
  /** `width` masks per section, from slot × width: the OR of the marks of the terms it has in each field. */
  marks: Int32Array;
  /** The index terms a section has, in any field, for the words its excerpt marks. */
  termsOf(slot: number): string[];
}

/** The sections `build`'s query finds over `parts`, scored as lunr.Index.query scores them, with their marks. */
export function scoreQuery(parts: ScoringParts, build: (query: lunr.Query) => void, marking: Marking): Found {
  const query = new lunr.Query(parts.fields);
  build.call(query, query);
  if (query.clauses.some((clause) => (clause as { presence?: number }).presence !== lunr.Query.presence.OPTIONAL))
    return lunrFound(lunrIndexOf(parts).query(build), marking);

  const { fields, tokenSet, pipeline } = parts;
  const queryVectors = fields.map(() => new lunr.Vector([]));
  tally.begin(marking.width, fields.length);
  /** The (term, field) pairs looked at, by field number. */
  const looked = fields.map(() => new Set<string>());
  /** The terms by their number in the index (lunr's vectors name them by it). */
  const termsByIndex = new Map<number, string>();
  const sum = (a: number, b: number) => a + b;
  for (const clause of query.clauses) {
    const terms = clause.usePipeline
      ? (pipeline.runString as (text: string, metadata: object) => string[])(clause.term, { fields: clause.fields })
      : [clause.term];
    for (const term of terms) {
      // As lunr does: the clause names the term the pipeline gave when it is expanded.
      clause.term = term;
      const expanded = tokenSet.intersect(lunrInternals.TokenSet.fromClause(clause)).toArray();
      for (const each of expanded) {
        const termIndex = parts.numberOf(each);
        termsByIndex.set(termIndex, each);
        for (const name of clause.fields) {
          const field = fields.indexOf(name);
          queryVectors[field].upsert(termIndex, clause.boost, sum);
          if (looked[field].has(each)) continue;
          looked[field].add(each);
          tally.meet(parts.postingOf(each, field).sections, field, marking.marksOf(each, name));
        }
      }
    }
  }
  // lunr's similarity of a field of a section to the query is the dot product of their vectors over the query's
  // magnitude. The dot product sums, in the order of the terms' numbers, the query's weight of each term the field
  // has times the field's weight of it: that is, term by term in that order, the weights in the term's posting.
  tally.startDots();
  queryVectors.forEach((vector, field) => {
    const { elements } = vector as unknown as { elements: number[] };
    for (let i = 0; i < elements.length; i += 2) {
      const posting = parts.postingOf(termsByIndex.get(elements[i])!, field);
      tally.addDots(posting.sections, posting.weights, field, elements[i + 1]);
    }
  });
  const sections = tally.sections;
  const scores = tally.scores(queryVectors.map((vector) => vector.magnitude()));
  const found: Found = { sections, scores, marks: tally.marks, termsOf: (slot) => termsOf(sections[slot]) };

  /** Only the few shown hits ask: their terms, looked up in the postings. */
  function termsOf(section: number): string[] {
    const terms = new Set<string>();
    looked.forEach((inThisField, field) => {
      for (const term of inThisField) if (has(parts.postingOf(term, field).sections, section)) terms.add(term);
    });
    return [...terms];
  }
  return found;
}

/**
 * lunr's own index over a query's terms, for the queries lunr scores (and the tests that compare): its inverted index
 * and the sections' field vectors, of these terms only. A vector's other terms would add nothing to its dot product
 * with the query's, so the scores are those of the whole index.
 */
export function lunrIndexOf(parts: ScoringParts): lunr.Index {
  const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  for (const term of parts.terms) {
    const termIndex = parts.numberOf(term);
    const posting: Record<string, unknown> = { _index: termIndex };
    parts.fields.forEach((field, f) => {
      const documents: Record<string, object> = Object.create(null);
      const { sections, weights } = parts.postingOf(term, f);
      sections.forEach((section, k) => {
        documents[section] = NO_METADATA;
        (fieldVectors[`${field}/${section}`] ??= new lunr.Vector([])).insert(termIndex, weights[k]);
      });
      posting[field] = documents;
    });
    invertedIndex[term] = posting;
  }
  const { tokenSet, fields, pipeline } = parts;
  return new lunrInternals.Index({ invertedIndex, fieldVectors, tokenSet, fields, pipeline });
}

/** What lunr keeps of a term in a section (the positions it was not asked to record): nothing. */
const NO_METADATA = Object.freeze({});

/** lunr's results of a query with required or forbidden terms, as Found. */
function lunrFound(results: lunr.Index.Result[], marking: Marking): Found {
  const { width } = marking;
  const metadata = results.map(({ matchData }) => matchData.metadata as Record<string, Record<string, unknown>>);
  const marks = new Int32Array(results.length * width);
  metadata.forEach((terms, slot) => {
    for (const [term, inFields] of Object.entries(terms))
      for (const field of Object.keys(inFields)) {
        const more = marking.marksOf(term, field);
        for (let i = 0; i < width; i++) marks[slot * width + i] |= more[i];
      }
  });
  return {
    sections: results.map(({ ref }) => Number(ref)),
    scores: results.map(({ score }) => score),
    marks,
    termsOf: (slot) => Object.keys(metadata[slot]),
  };
}

/**
 * The sections a query meets, in the order it meets them: a slot each, the fields it met them in (in lunr's order,
 * the order of its sum) and the marks of their terms. By section number in typed arrays rather than maps and sets: a
 * word being typed meets thousands of sections for each of its terms. The arrays are kept from query to query,
 * grown as section numbers need, each query telling its own entries by its round: queries are scored one at a time
 * (scoreQuery does not wait), so one tally serves them all.
 */
class Tally {
  sections: number[] = [];
  marks = new Int32Array(0);
  orderSlots: number[] = [];
  orderFields: number[] = [];
  private width = 0;
  private fields = 0;
  /** The dot product of each field of each section met with the query, by slot × fields + field. */
  private dots = new Float64Array(0);
  private round = 0;
  private roundOf = new Int32Array(1024);
  private slotOf = new Int32Array(1024);
  /** The fields a section was met in, a bit each. */
  private fieldsOf = new Int32Array(1024);

  begin(width: number, fields: number): void {
    this.width = width;
    this.fields = fields;
    this.sections = [];
    this.marks = new Int32Array(64 * width);
    this.orderSlots = [];
    this.orderFields = [];
    if (++this.round === 2 ** 31 - 1) {
      this.round = 1;
      this.roundOf.fill(0);
    }
  }

  /** Meets `sections` (ascending) in field number `field`, with the marks of the term they have there. */
  meet(sections: readonly number[], field: number, marks: readonly number[]): void {
    const { width, round } = this;
    const bit = 1 << field;
    for (let k = 0; k < sections.length; k++) {
      const section = sections[k];
      if (section >= this.roundOf.length) this.grow(section);
      let slot: number;
      if (this.roundOf[section] !== round) {
        this.roundOf[section] = round;
        slot = this.sections.length;
        this.slotOf[section] = slot;
        this.fieldsOf[section] = 0;
        this.sections.push(section);
        if ((slot + 1) * width > this.marks.length) {
          const more = new Int32Array(this.marks.length * 2);
          more.set(this.marks);
          this.marks = more;
        }
      } else slot = this.slotOf[section];
      const at = slot * width;
      for (let i = 0; i < width; i++) this.marks[at + i] |= marks[i];
      if ((this.fieldsOf[section] & bit) === 0) {
        this.fieldsOf[section] |= bit;
        this.orderSlots.push(slot);
        this.orderFields.push(field);
      }
    }
  }

  /** Once every section is met: its fields' dot products, from 0. */
  startDots(): void {
    this.dots = new Float64Array(this.sections.length * this.fields);
  }

  /** Adds `query` × the weights of a term's posting to the dot products of field `field` of its sections. */
  addDots(sections: readonly number[], weights: readonly number[], field: number, query: number): void {
    const { dots, fields, slotOf } = this;
    for (let k = 0; k < sections.length; k++) dots[slotOf[sections[k]] * fields + field] += query * weights[k];
  }

  /**
   * Each section's score: the similarities of its fields to the query (dot product over the query's magnitude in
   * that field), summed in the order lunr met them.
   */
  scores(magnitudes: number[]): Float64Array {
    const { dots, fields, orderSlots, orderFields } = this;
    const scores = new Float64Array(this.sections.length);
    for (let i = 0; i < orderSlots.length; i++) {
      const slot = orderSlots[i];
      const field = orderFields[i];
      scores[slot] += dots[slot * fields + field] / magnitudes[field] || 0;
    }
    return scores;
  }

  private grow(section: number): void {
    const length = Math.max(section + 1, this.roundOf.length * 2);
    for (const name of ['roundOf', 'slotOf', 'fieldsOf'] as const) {
      const more = new Int32Array(length);
      more.set(this[name]);
      this[name] = more;
    }
  }
}

const tally = new Tally();

/** Whether an ascending list of sections holds `section`. */
function has(sections: readonly number[], section: number): boolean {
  return sections[floorIndex(sections, section)] === section;
}
