// The search stage's first half: rendered pages -> search records, one per h2/h3 section (index-files.ts indexes them).
import type { Page, SearchData, SearchKind, Site } from '../types.ts';

const KIND_OF: Partial<Record<string, SearchKind>> = { doc: 'docs', 'blog-post': 'blog', page: 'pages' };

/** The search data of a site: docs, blog posts and standalone pages, in route order. */
export function searchData(site: Site): SearchData {
  const pageByFile = new Map<string, Page>(site.pages.map((page) => [page.source.file, page]));
  const data: SearchData = { format: 1, docsVersion: site.config.docs.version.name, pages: [], sections: [] };
  for (const route of site.routes) {
    const kind = KIND_OF[route.data.kind];
    const page = route.file ? pageByFile.get(route.file) : undefined;
    if (!kind || !page || route.noindex) continue;
    const breadcrumb =
      route.data.kind === 'doc' ? route.data.breadcrumbs.slice(0, -1).map((crumb) => crumb.label).join(' › ') : kind === 'blog' ? site.config.blog.title : '';
    const index = data.pages.push([route.title, route.path.slice(site.config.baseUrl.length), breadcrumb, kind]) - 1;
    for (const section of page.sections) {
      // A heading with nothing under it still finds its place on the page.
      if (section.id === '' && !section.text) continue;
      data.sections.push([index, section.id, section.heading, section.text]);
    }
  }
  return data;
}
