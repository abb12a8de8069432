// The search stage: rendered pages -> the data the browser's search worker indexes (one record per h2/h3 section).
// Written once per build with a content hash in its name, so browsers cache it until the content changes.
import { contentHash } from '../site/urls.ts';
import type { OutputFile, Page, SearchData, SearchKind, Site } from '../types.ts';

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

/**
 * The data as a JSON file, and its URL. Hashed for a build, so browsers cache it until the content changes. `serve`
 * asks for a fixed name: every save changes the data, and a new URL would change every page that links to it.
 */
export function searchDataFile(site: Site, { hashed = true } = {}): { file: OutputFile; url: string } {
  const json = JSON.stringify(searchData(site));
  const path = `assets/search/search-data-${site.config.docs.version.name}${hashed ? `.${contentHash(json)}` : ''}.json`;
  return { file: { path, contents: json }, url: site.config.baseUrl + path };
}
