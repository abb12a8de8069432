// The search stage's first half: rendered pages -> search records, one per h2/h3 section (index-files.ts indexes them).
import { relativeToBase } from '../shared/urls.ts';
import type { Page, SearchData, SearchKind, Site } from '../shared/model/types.ts';

const KIND_OF: Partial<Record<string, SearchKind>> = { doc: 'docs', 'blog-post': 'blog', page: 'pages' };

/**
 * The search data of a site: docs, blog posts and standalone pages, in route order. `version` (an older version's
 * name) gives that version's index instead: its docs only, as a reader of an old version looks for its pages, not
 * the blog's, which the current version's index has.
 */
export function searchData(site: Site, version?: string): SearchData {
  const pageByFile = new Map<string, Page>(site.pages.map((page) => [page.source.file, page]));
  const docsVersion = version ?? site.config.docs.version.name;
  const data: SearchData = { format: 1, docsVersion, pages: [], sections: [] };
  for (const route of site.routes) {
    const kind = KIND_OF[route.data.kind];
    const page = route.file ? pageByFile.get(route.file) : undefined;
    if (!kind || !page || route.noindex) continue;
    // Each version has its own index: a version's docs are searched in it only.
    if (page.source.version !== version) continue;
    const breadcrumb =
      route.data.kind === 'doc'
        ? route.data.breadcrumbs
            .slice(0, -1)
            .map((crumb) => crumb.label)
            .join(' › ')
        : kind === 'blog'
          ? site.config.blog.title
          : '';
    const extra = route.data.kind === 'doc' ? site.keywords[route.path] : undefined;
    const index =
      data.pages.push([
        route.title,
        relativeToBase(site.config.baseUrl, route.path)!,
        breadcrumb,
        kind,
        ...(extra ? [extra] : []),
      ] as SearchData['pages'][number]) - 1;
    for (const section of page.sections) {
      // A heading with nothing under it still finds its place on the page.
      if (section.id === '' && !section.text) continue;
      data.sections.push([index, section.id, section.heading, section.text]);
    }
  }
  return data;
}
