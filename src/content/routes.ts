// The routes step: every source gets its URL path before markdown runs, so links between pages, the site's
// route table and the checks all read `source.route` instead of a map carried beside the model.
import { routeOfSource } from '../site/urls.ts';
import type { Config, ContentSet, ParsedSource, Source } from '../types.ts';

/** Content as parseContent gives it: sources without routes yet. */
export type ParsedContent = Omit<ContentSet, 'sources'> & { sources: ParsedSource[] };

// The same parsed source with the same route is the same Source object from build to build (serve): later stages
// cache by identity, and a source whose route changed (its slug, or the config) must not match its old entry.
const routed = new WeakMap<ParsedSource, Source>();

/** Gives each source its route. */
export function routeContent(content: ParsedContent, config: Config): ContentSet {
  const sources = content.sources.map((parsed) => {
    const route = routeOfSource(parsed, config);
    let source = routed.get(parsed);
    if (source?.route !== route) routed.set(parsed, (source = { ...parsed, route }));
    return source;
  });
  return { ...content, sources };
}
