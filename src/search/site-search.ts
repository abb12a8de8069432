// The search `egdocs check`'s relevance gate runs, behind one function: the gate knows only hits, best first, so a
// new engine is plugged in here and nowhere else.
import type { SearchFunction } from '../check/search-queries.ts';
import type { Site } from '../types.ts';
import { siteSearchEngine } from './in-memory.ts';

/** Searches a site as its search box does: today's engine over the site's index, built in memory. */
export function siteSearch(site: Site): SearchFunction {
  const engine = siteSearchEngine(site);
  return (query, limit) => engine.search(query, limit);
}
