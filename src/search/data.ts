// The search stage's first half: rendered pages -> search records, one per h2/h3 section (index-files.ts indexes them).
import { relativeToBase } from '../shared/urls.ts';
import type { Page, SearchData, SearchKind, SidebarItemConfig, Site } from '../types.ts';

const KIND_OF: Partial<Record<string, SearchKind>> = { doc: 'docs', 'blog-post': 'blog', page: 'pages' };

/** The search data of a site: docs, blog posts and standalone pages, in route order. */
export function searchData(site: Site): SearchData {
  const pageByFile = new Map<string, Page>(site.pages.map((page) => [page.source.file, page]));
  const keywords = categoryKeywords(site.config.docs.sidebars);
  const data: SearchData = { format: 1, docsVersion: site.config.docs.version.name, pages: [], sections: [] };
  for (const route of site.routes) {
    const kind = KIND_OF[route.data.kind];
    const page = route.file ? pageByFile.get(route.file) : undefined;
    if (!kind || !page || route.noindex) continue;
    const breadcrumb =
      route.data.kind === 'doc'
        ? route.data.breadcrumbs
            .slice(0, -1)
            .map((crumb) => crumb.label)
            .join(' › ')
        : kind === 'blog'
          ? site.config.blog.title
          : '';
    const extra = route.data.kind === 'doc' ? keywords.get(route.data.doc.id) : undefined;
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

/** Doc id → the keywords of the sidebar categories that hold it, joined (config/sidebars.ts has checked their type). */
function categoryKeywords(sidebars: Record<string, SidebarItemConfig[]>): Map<string, string> {
  const found = new Map<string, string[]>();
  const walk = (items: SidebarItemConfig[], inherited: string[]) => {
    for (const item of items) {
      if (typeof item === 'string' || item.type === 'doc') {
        const id = typeof item === 'string' ? item : item.id;
        if (inherited.length && !found.has(id)) found.set(id, inherited);
      } else if (item.type === 'category') walk(item.items ?? [], [...inherited, ...(item.keywords ?? [])]);
    }
  };
  for (const items of Object.values(sidebars)) walk(items, []);
  return new Map([...found].map(([id, words]) => [id, words.join(', ')]));
}
