// A route for each page from markdown: docs (with their sidebar, breadcrumbs, previous/next, tags and footer), blog
// posts (with the newer and the older post), the home page and standalone pages.
import type { ChangesLink } from './changes.ts';
import type { Diagnostics } from '../shared/model/diagnostics.ts';
import type { FileUpdate } from '../content/git-history.ts';
import type { Sliced } from '../platform/pace.ts';
import type {
  BlogPostMeta,
  Config,
  DocMeta,
  LayoutLink,
  Page,
  Route,
  SidebarItem,
  TocItem,
} from '../shared/model/types.ts';
import { docFooterHtml, editUrlOf, lastUpdateOf } from './doc-footer.ts';
import { breadcrumbs, indexSidebar, type SidebarIndex, tagHref, tagSlug } from './docs.ts';
import { pagination, paginationDocs, type PaginationDocs } from './pagination.ts';
import { homeData } from './home.ts';
import type { VersionLinks } from './versions.ts';
import { isExternal, sitePath } from '../shared/urls.ts';

/** What the page routes are made from: the pages, and the docs, sidebars and posts the site stage made of them. */
export interface PageRouteInputs {
  config: Config;
  pages: Page[];
  /** The docs' metadata, in the order of their pages. */
  docs: DocMeta[];
  sidebars: Record<string, SidebarItem[]>;
  /** The older version each of its sidebars belongs to, by sidebar id. */
  sidebarVersions: Readonly<Record<string, string>>;
  posts: BlogPostMeta[];
  history: ReadonlyMap<string, FileUpdate>;
  /** Where the home page's links (its cards, in front matter) go, for check. */
  extraLinks: LayoutLink[];
  /** The docs versions, in a project that declares older ones. */
  versionLinks?: VersionLinks;
  /** An older version's docs that changed in the next version: their comparison pages, by the doc's path. */
  changes?: ReadonlyMap<string, ChangesLink>;
  /** Where a doc's pagination_prev or pagination_next naming no doc is reported. */
  diagnostics: Diagnostics;
}

/** Adds the route of each page, in the order of the pages, yielding before each. */
export function* addPageRoutes(inputs: PageRouteInputs, add: (route: Omit<Route, 'outFile'>) => void): Sliced<void> {
  const { config, pages, docs, posts } = inputs;
  // Each doc page with its own metadata (docMetas keeps the pages' order): by path, two docs given one slug would
  // both get the last one's title and breadcrumb, while the first one's page is the one written.
  const docOfPage = new Map(pages.filter((page) => page.source.kind === 'doc').map((page, i) => [page, docs[i]]));
  const sidebars = new Map(Object.entries(inputs.sidebars).map(([id, items]) => [id, indexSidebar(items)]));
  const postIndex = new Map(posts.map((post, i) => [post.path, i]));
  const paginating = paginationDocs(docs, pages);
  // A doc in no sidebar shows its version's first one; the current version's sidebars come first.
  const firstSidebar = new Map<string | undefined, string>();
  for (const id of Object.keys(inputs.sidebars)) {
    const version = inputs.sidebarVersions[id];
    if (!firstSidebar.has(version)) firstSidebar.set(version, id);
  }
  for (const page of pages) {
    yield;
    const path = page.source.route;
    const fm = page.source.frontMatter;
    const toc = tocOf(config, page);
    const { keywords } = fm;
    const image = fm.image === undefined ? undefined : socialImage(config, page, inputs.extraLinks);
    const base = { path, title: page.title, description: page.description, file: page.source.file, keywords, image };
    if (page.source.kind === 'doc') {
      const doc = docOfPage.get(page)!;
      const index = doc.sidebarId ? sidebars.get(doc.sidebarId) : undefined;
      add({
        ...base,
        sidebarId: doc.sidebarId ?? firstSidebar.get(doc.version),
        data: docData(inputs, page, { doc, index, toc, paginating }),
      });
    } else if (page.source.kind === 'blog') {
      add({ ...base, data: blogPostData(posts, postIndex.get(path)!, { html: page.html, toc }) });
    } else if (fm.layout === 'home') {
      const data = homeData(config, page, inputs.extraLinks, docs.length > 0);
      add({ ...base, title: page.title || config.title, data });
    } else {
      add({ ...base, data: { kind: 'page', html: page.html, toc } });
    }
  }
}

/**
 * A doc's route data: its breadcrumbs and previous/next in its sidebar (`index`, or as its front matter says), its
 * tags, its footer.
 */
function docData(
  inputs: PageRouteInputs,
  page: Page,
  {
    doc,
    index,
    toc,
    paginating,
  }: { doc: DocMeta; index: SidebarIndex | undefined; toc: TocItem[]; paginating: PaginationDocs },
): Route['data'] {
  const { config } = inputs;
  const footer = {
    editUrl: editUrlOf(config, page.source),
    lastUpdate: lastUpdateOf(config, page.source, inputs.history),
  };
  return {
    kind: 'doc',
    doc,
    // An older version's notice opens the page (site/versions.ts).
    html: (inputs.versionLinks?.bannerOf(doc, inputs.changes?.get(doc.path)) ?? '') + page.html,
    toc,
    breadcrumbs: config.docs.breadcrumbs ? breadcrumbs(index, doc) : [],
    ...pagination({ index, doc, page }, paginating, inputs.diagnostics),
    // Each version has its own tags pages, listing its own docs.
    tags: doc.tags.map((tag) => ({ label: tag, href: tagHref(config, doc.version, tagSlug(tag)) })),
    ...footer,
    footer: { html: docFooterHtml({ route: page.source.route, ...footer }) },
    // Only a project with versions says where the page is in each: the others' pages and payloads stay as they were.
    ...(inputs.versionLinks ? { versions: inputs.versionLinks.hrefsOf(doc) } : {}),
  };
}

/** A blog post's route data, with links to the newer and the older post (`posts` are newest first). */
function blogPostData(posts: BlogPostMeta[], index: number, page: { html: string; toc: TocItem[] }): Route['data'] {
  const newer = posts[index - 1];
  const older = posts[index + 1];
  return {
    kind: 'blog-post',
    post: posts[index],
    html: page.html,
    toc: page.toc,
    previous: newer && { label: newer.title, href: newer.path },
    next: older && { label: older.title, href: older.path },
  };
}

/** Headings shown in the table of contents, within the configured (or page-overridden) levels. */
function tocOf(config: Config, page: Page): TocItem[] {
  const fm = page.source.frontMatter;
  if (fm.hideTableOfContents) return [];
  const min = fm.tocMinHeadingLevel ?? config.docs.toc.minHeadingLevel;
  const max = fm.tocMaxHeadingLevel ?? config.docs.toc.maxHeadingLevel;
  return page.headings
    .filter((h) => h.level >= min && h.level <= max)
    .map(({ id, text, level }) => ({ id, text, level }));
}

/**
 * A page's social card (front matter `image`) as a path of the site, or the URL as written; a path is given to check,
 * at its front matter line, as the layout's files are: a card that is not published is a broken link.
 */
function socialImage(config: Config, page: Page, extraLinks: LayoutLink[]): string {
  const raw = page.source.frontMatter.image!;
  if (isExternal(raw)) return raw;
  const href = sitePath(config, raw);
  const location = { file: page.source.file, line: page.source.keyLines.image ?? 1, column: 1 };
  extraLinks.push({ raw, href, where: 'front matter image', location });
  return href;
}
