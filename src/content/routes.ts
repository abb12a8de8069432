// The routes step: every source gets its URL path before markdown runs, so links between pages, the site's
// route table and the checks all read `source.route` instead of a map carried beside the model.
import path from 'node:path/posix';
import { withBase } from '../shared/urls.ts';
import type { Config, ContentSet, ParsedSource, Source } from '../types.ts';

const DATED = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

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

/** The URL path of a source's page. */
export function routeOfSource(source: ParsedSource, config: Config): string {
  const { slug } = source.frontMatter;
  switch (source.kind) {
    case 'doc': {
      if (slug?.startsWith('/')) return withBase(config, config.docs.routeBasePath, slug);
      const id = docId(source);
      if (slug !== undefined)
        return withBase(config, config.docs.routeBasePath, path.dirname(id) === '.' ? '' : path.dirname(id), slug);
      return withBase(config, config.docs.routeBasePath, id);
    }
    case 'blog':
      return withBase(config, config.blog.routeBasePath, blogSlugAndDate(source).slug);
    case 'page': {
      if (slug !== undefined) return withBase(config, slug);
      const page = source.relPath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
      return withBase(config, page);
    }
  }
}

/** A doc's id: its path under content/docs without extension, with front matter `id` replacing the file name. */
export function docId(source: ParsedSource): string {
  const withoutExt = source.relPath.replace(/\.mdx?$/, '');
  const dir = path.dirname(withoutExt);
  const name = source.frontMatter.id ?? path.basename(withoutExt);
  return dir === '.' ? name : `${dir}/${name}`;
}

/**
 * A blog post's slug and date, from front matter or the dated file name (2024-05-01-title.md or
 * 2024-05-01-title/index.md).
 */
export function blogSlugAndDate(source: ParsedSource): { slug: string; date?: string } {
  const withoutExt = source.relPath.replace(/\.mdx?$/, '').replace(/\/index$/, '');
  const name = path.basename(withoutExt);
  const dated = DATED.exec(name);
  const slug = source.frontMatter.slug?.replace(/^\/+|\/+$/g, '') ?? (dated ? dated[4] : name);
  const date = source.frontMatter.date ?? (dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : undefined);
  return { slug, date };
}
