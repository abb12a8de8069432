// What a hit shows of its section's text (ranking.ts): the run around the first word the query matched, the matched
// words marked. The index keeps no positions; the few texts that are shown are cut into words again here.
import { stem } from './tokens.ts';

/** A run of excerpt text; `match` marks a query term. Rendered as text, never as HTML. */
export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /[^\s\-_./:()[\],;"'`=<>|!?@#]+/g;
const NAME = /[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+/g;

/**
 * Where the matched terms are in a text: each word whose term (lowercased, stemmed, or as written for a name) is
 * one of them.
 */
export function matchesIn(text: string, terms: Set<string>): [start: number, length: number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(NAME))
    if (terms.has(match[0].toLowerCase())) found.push([match.index!, match[0].length]);
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase().replace(/^\W+|\W+$/g, '');
    if (!word || found.some(([start, length]) => match.index! >= start && match.index! < start + length)) continue;
    if (terms.has(word) || terms.has(stem(word))) found.push([match.index!, match[0].length]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** Up to `length` characters of the text around the first match, cut at word boundaries, matches marked. */
export function excerptOf(text: string, positions: [number, number][], length: number): Segment[] {
  const first = positions[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const segments: Segment[] = [];
  let at = start;
  for (const [from, size] of positions) {
    const to = Math.min(from + size, end);
    if (from < at || from >= end) continue;
    if (from > at) segments.push({ text: text.slice(at, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < end) segments.push({ text: text.slice(at, end), match: false });
  if (start > 0) segments.unshift({ text: '…', match: false });
  if (end < text.length) segments.push({ text: '…', match: false });
  return segments;
}
