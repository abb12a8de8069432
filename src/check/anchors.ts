// "Did you mean '#…'?" for an anchor that does not exist. A page has few ids and the writer meant one of them, so
// the net is wider than for paths: a typo, else the id sharing the most words ('#install' -> '#installing-the-panel'),
// else, on a page with only a handful, the list of them.

import { didYouMean } from '../shared/model/diagnostics.ts';

/** How many ids a page may have for all of them to be listed when none is close. */
const LIST_AT_MOST = 6;

/** A hint naming the id on the page nearest to `written`, or its ids when it has few; undefined when it has none. */
export function nearestAnchor(written: string, anchors: Set<string>): string | undefined {
  if (anchors.size === 0) return undefined;
  const typo = didYouMean(written, anchors, { moved: false });
  if (typo) return `did you mean '#${typo}'?`;
  const words = wordsOf(written);
  let best: string | undefined;
  let bestShared = 0;
  let tied = false;
  for (const anchor of anchors) {
    const shared = sharedWords(words, wordsOf(anchor));
    if (
      shared > bestShared ||
      (shared === bestShared && shared > 0 && best !== undefined && anchor.length < best.length)
    ) {
      [best, bestShared, tied] = [anchor, shared, false];
    } else if (shared === bestShared && shared > 0 && anchor.length === best?.length) tied = true;
  }
  if (best && !tied) return `did you mean '#${best}'?`;
  if (anchors.size <= LIST_AT_MOST) return `the page's anchors are ${[...anchors].map((id) => `'#${id}'`).join(', ')}`;
  return undefined;
}

function wordsOf(id: string): string[] {
  return id
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);
}

/** Words of `a` found in `b`, where a word also matches one it starts (or that starts it) when both have 4+ letters. */
function sharedWords(a: string[], b: string[]): number {
  return a.filter((word) =>
    b.some(
      (other) =>
        other === word || (word.length >= 4 && other.length >= 4 && (other.startsWith(word) || word.startsWith(other))),
    ),
  ).length;
}
