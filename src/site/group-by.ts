// One helper of the site stage: its tag, author and year pages list the items that share a key.
/** Groups items by key, keeping their order (one pass; no copying per item). */
export function groupBy<T, K>(items: Iterable<T>, keysOf: (item: T) => K | K[]): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const keys = keysOf(item);
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}
