// The site stage: turns rendered pages into the route table, with sidebars, breadcrumbs, previous/next,
// docs tags, the blog's list, archive, authors and tags pages, the search page, redirects and the 404 page.
import type { Diagnostics } from '../diagnostics.ts';
import type { Config, ContentSet, LayoutLink, Page, Route, Site, TocItem } from '../types.ts';
import { addBlogRoutes, blogPosts } from './blog.ts';
import { reportDuplicates, reportTagClashes } from './clashes.ts';
import { addEntryRoutes, homeData } from './home.ts';
import { breadcrumbs, docMetas, docsTags, indexSidebar, neighbours, resolveSidebars, tagSlug } from './docs.ts';
import { assetOutPath } from '../content/assets.ts';
import { decodePath, relativeToBase, sitePath, withBase } from '../shared/urls.ts';
import { chromeOf, configHref, docsStart } from './chrome.ts';
import type { FileUpdate } from '../content/git-history.ts';
import { docFooterHtml, editUrlOf, lastUpdateOf } from './doc-footer.ts';

export interface SiteInput {
  config: Config;
  content: ContentSet;
  pages: Page[];
  diagnostics: Diagnostics;
  /** Each content file's newest commit (content/git-history.ts), when the docs show last-updated dates. */
  history?: ReadonlyMap<string, FileUpdate>;
}

/**
 * Builds the route table and the chrome; the config was checked against the docs before. Duplicate routes are warnings.
 */
export function buildSite({ config, content, pages, diagnostics, history = new Map() }: SiteInput): Site {
  const docs = docMetas(pages);
  const sidebars = resolveSidebars(config, docs);
  const sidebarIndexes = new Map(Object.entries(sidebars).map(([id, items]) => [id, indexSidebar(items)]));
  const posts = blogPosts(config, pages, content, diagnostics);
  const routes: Route[] = [];
  // Links check must see besides the pages' and the layout's: the home page's cards (front matter), redirect targets.
  const extraLinks: LayoutLink[] = [];
  const add = (route: Omit<Route, 'outFile'> & { outFile?: string }): void => {
    routes.push({ ...route, outFile: route.outFile ?? outFileOf(config, route.path) });
  };

  // Pages from markdown: docs, posts, standalone pages (the home page among them).
  const docByPath = new Map(docs.map((doc) => [doc.path, doc]));
  const descriptionByPath = new Map(pages.map((page) => [page.source.route, page.description]));
  const postByPath = new Map(posts.map((post, i) => [post.path, { post, index: i }]));
  for (const page of pages) {
    const path = page.source.route;
    const fm = page.source.frontMatter;
    const toc = tocOf(config, page);
    const { keywords } = fm;
    const base = { path, title: page.title, description: page.description, file: page.source.file, keywords };
    if (page.source.kind === 'doc') {
      const doc = docByPath.get(path)!;
      const index = doc.sidebarId ? sidebarIndexes.get(doc.sidebarId) : undefined;
      const footer = {
        editUrl: editUrlOf(config, page.source),
        lastUpdate: lastUpdateOf(config, page.source, history),
      };
      add({
        ...base,
        sidebarId: doc.sidebarId ?? Object.keys(sidebars)[0],
        data: {
          kind: 'doc',
          doc,
          html: page.html,
          toc,
          breadcrumbs: config.docs.breadcrumbs ? breadcrumbs(index, doc) : [],
          ...neighbours(index, doc.path),
          tags: doc.tags.map((tag) => ({
            label: tag,
            href: withBase(config, config.docs.routeBasePath, 'tags', tagSlug(tag)),
          })),
          ...footer,
          footer: { html: docFooterHtml({ route: path, ...footer }) },
        },
      });
    } else if (page.source.kind === 'blog') {
      const { post, index } = postByPath.get(path)!;
      const newer = posts[index - 1];
      const older = posts[index + 1];
      add({
        ...base,
        data: {
          kind: 'blog-post',
          post,
          html: page.html,
          toc,
          previous: newer && { label: newer.title, href: newer.path },
          next: older && { label: older.title, href: older.path },
        },
      });
    } else if (fm.layout === 'home') {
      add({ ...base, title: page.title || config.title, data: homeData(config, page, extraLinks, docs.length > 0) });
    } else {
      add({ ...base, data: { kind: 'page', html: page.html, toc } });
    }
  }

  // Docs tags.
  const tags = docsTags(config, docs);
  reportTagClashes(tags, pages, diagnostics);
  if (tags.length > 0) {
    add({
      path: withBase(config, config.docs.routeBasePath, 'tags'),
      title: 'Tags',
      description: 'Docs grouped by topic',
      data: { kind: 'docs-tags', tags: tags.map((t) => ({ label: t.label, href: t.href, count: t.docs.length })) },
    });
    for (const tag of tags) {
      add({
        path: tag.href,
        title: `${tag.docs.length} doc${tag.docs.length === 1 ? '' : 's'} tagged with "${tag.label}"`,
        description: `Docs about ${tag.label}`,
        data: {
          kind: 'docs-tag',
          tag: tag.label,
          docs: tag.docs.map((d) => ({
            title: d.title,
            href: d.path,
            description: descriptionByPath.get(d.path) ?? '',
          })),
          allTagsHref: withBase(config, config.docs.routeBasePath, 'tags'),
        },
      });
    }
  }

  // Blog lists.
  if (posts.length > 0) addBlogRoutes(config, posts, add);

  add({
    path: withBase(config, 'search'),
    title: 'Search the documentation',
    description: `Search ${config.title}`,
    noindex: true,
    data: { kind: 'search' },
  });
  add({
    path: `${config.baseUrl}404.html`,
    outFile: '404.html',
    title: 'Page Not Found',
    description: 'This page does not exist.',
    noindex: true,
    data: { kind: 'not-found' },
  });
  config.redirects.forEach((redirect, i) => {
    const to = configHref(config, redirect.to);
    const where = `redirects[${i}].to`;
    extraLinks.push({ raw: redirect.to, href: to, where, location: config.locations[where] });
    add({
      path: sitePath(config, redirect.from),
      title: 'Redirecting…',
      description: '',
      noindex: true,
      data: { kind: 'redirect', to },
    });
  });

  const docsHref = docsStart(sidebars, docs);
  addEntryRoutes(config, routes, docsHref, add);
  const home = routes.find((route) => route.path === config.baseUrl);
  const homeHref = home?.data.kind === 'redirect' ? home.data.to : config.baseUrl;
  const { chrome, links } = chromeOf({ config, docs, sidebars, posts, docsHref, homeHref, extraLinks });
  reportDuplicates(config, routes, pages, diagnostics);
  const assets = new Map<string, Uint8Array>();
  for (const [file, bytes] of content.assets) assets.set(assetOutPath(file, bytes), bytes);
  return { config, routes, sidebars, docs, posts, pages, assets, chrome, layoutLinks: links };
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
 * The file a route is written to: its path without the base, escapes undone ('100%25-sure/' -> '100%-sure/index.html').
 */
function outFileOf(config: Config, path: string): string {
  return `${decodePath(relativeToBase(config.baseUrl, path)!)}index.html`;
}
