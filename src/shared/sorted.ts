// Searching sorted lists: the search engine finds a term's shard and a section's page with it, the config locator a
// position's line.

/** The greatest i with sorted[i] <= value (sorted ascending), or -1. */
export function floorIndex<T>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
