// "Did you mean ...?": the closest name or path to one a person wrote, only when it is a likely fix. A wrong
// suggestion costs more than none, so short words need an exact match and a tie between two candidates gives none.

/*
 * How close `written` is to `candidate`, lower is closer: a small edit distance (case-insensitive; swapping two
 * neighbours counts once), or every word of `written` appearing in `candidate` ('install-panel' ->
 * 'install-the-panel'), ranked after any typo. Undefined when they are not close.
 */
function closeness(written: string, candidate: string): number | undefined {
  const a = written.toLowerCase();
  const b = candidate.toLowerCase();
  if (a === b) return 0;
  // One typo per three letters; under three letters only case may differ ('a' is no typo of 'b').
  const limit = a.length < 3 ? 0 : Math.max(1, Math.floor(a.length / 3));
  if (Math.abs(a.length - b.length) <= limit) {
    const distance = editDistance(a, b);
    if (distance <= limit) return distance;
  }
  const words = a.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const others = new Set(b.split(/[^\p{L}\p{N}]+/u));
  return words.length > 1 && words.every((word) => others.has(word)) ? limit + 1 : undefined;
}

/**
 * The closest candidate to `written`, or undefined when none is close or two are equally close. Names and paths are
 * compared by '/' segments: the same path with one segment mistyped ('guide/tow' -> 'guide/two'); else, unless
 * `moved` is false, the same name in another folder ('/docs/server-setup/' -> '/docs/admin-panel/server-setup/'; the
 * most segments in common from the end, then from the start, wins); else a name a typo away in another folder.
 * A '.md' or '.mdx' extension and a last 'index' segment are ignored, so 'guide.md' finds 'guide/index.md'.
 */
export function didYouMean(
  written: string,
  candidates: Iterable<string>,
  { moved = true }: { moved?: boolean } = {},
): string | undefined {
  const want = segments(written);
  if (want.length === 0) return undefined;
  const name = want[want.length - 1];
  return best(candidates, (candidate) => {
    const have = segments(candidate);
    if (have.length === 0) return undefined;
    if (have.length === want.length) {
      const differing = want.flatMap((segment, i) => (segment.toLowerCase() === have[i].toLowerCase() ? [] : [i]));
      if (differing.length === 0) return [0, 0];
      const typo = differing.length === 1 ? closeness(want[differing[0]], have[differing[0]]) : undefined;
      if (typo !== undefined) return [0, typo];
    }
    if (!moved) return undefined;
    const nameScore = closeness(name, have[have.length - 1]);
    if (nameScore === undefined) return undefined;
    // Negated, so that more segments in common sort first.
    const common = [-sharedCount([...want].reverse(), [...have].reverse()), -sharedCount(want, have)];
    return nameScore === 0 ? [1, ...common] : [2, nameScore, ...common];
  });
}

function segments(path: string): string[] {
  const parts = path.split('/').filter((part) => part && part !== '.');
  if (parts.length === 0) return parts;
  parts[parts.length - 1] = parts[parts.length - 1].replace(/\.mdx?$/i, '');
  if (parts.length > 1 && parts[parts.length - 1] === 'index') parts.pop();
  return parts;
}

function sharedCount(a: string[], b: string[]): number {
  let count = 0;
  while (count < a.length && count < b.length && a[count].toLowerCase() === b[count].toLowerCase()) count++;
  return count;
}

/** The candidate with the lowest score (compared element by element); undefined if none scores or two tie. */
function best(candidates: Iterable<string>, score: (candidate: string) => number[] | undefined): string | undefined {
  let found: string | undefined;
  let foundScore: number[] | undefined;
  let tied = false;
  for (const candidate of new Set(candidates)) {
    const s = score(candidate);
    if (!s) continue;
    const order = foundScore ? compare(s, foundScore) : -1;
    if (order < 0) [found, foundScore, tied] = [candidate, s, false];
    else if (order === 0) tied = true;
  }
  return tied ? undefined : found;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Levenshtein distance where swapping two neighbours counts as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}
