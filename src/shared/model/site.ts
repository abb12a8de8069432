// The model, the site: routes, sidebars, the chrome every page shares (see types.ts for the whole flow).
import type { Location } from './diagnostics.ts';
import type { Config } from './config.ts';
import type { AssetBytes, Author, TagInfo } from './content.ts';
import type { Page } from './page.ts';

/** One entry of a resolved sidebar, as the templates draw it. */
export type SidebarItem =
  | { type: 'link'; label: string; href: string; docId?: string }
  | {
      type: 'category';
      label: string;
      items: SidebarItem[];
      collapsed: boolean;
      href?: string;
      /**
       * Set on a page's copy of the sidebar when the items were left out (see shared/sidebar.ts); the client loads them
       * on first open.
       */
      lazy?: boolean;
    };

export interface DocMeta {
  id: string;
  title: string;
  sidebarLabel: string;
  path: string;
  tags: string[];
  /** The sidebar this doc is in, if any. */
  sidebarId?: string;
  /** The older docs version it belongs to (its name); absent for the current version's docs. */
  version?: string;
}

export interface BlogPostMeta {
  slug: string;
  title: string;
  path: string;
  date: string;
  description: string;
  /** With the href of each author's and tag's page. */
  authors: (Author & { href: string })[];
  tags: (TagInfo & { href: string })[];
  readingMinutes: number;
  /** HTML shown in lists: the excerpt above the truncate marker, or the whole post. */
  excerptHtml: string;
  truncated: boolean;
}

/** What pages of one kind weigh, for budgets and benchmarks (bytes). */
export interface PageWeight {
  kind: PageKind;
  routes: number;
  /** First-load JavaScript and CSS, gzip: the same for every page of a kind. */
  jsGzip: number;
  cssGzip: number;
  /** HTML size: the largest page of the kind, and its path; the median. */
  htmlMax: number;
  htmlMaxPath: string;
  htmlMedian: number;
}

import type { PageKind } from './page-kinds.ts';
export type { PageKind } from './page-kinds.ts';

export interface NavLink {
  label: string;
  href: string;
}

export interface TocItem {
  id: string;
  text: string;
  level: number;
}

/** When a doc last changed and who changed it, ready to show: formatted at build time, so hydration matches. */
export interface LastUpdate {
  /** YYYY-MM-DD, for `<time datetime>`. */
  datetime?: string;
  /** The date as shown ('Jan 31, 2026'). */
  date?: string;
  author?: string;
}

/** Data of a route, by kind: everything its template needs besides the site chrome. */
export type RouteData =
  | {
      kind: 'home';
      hero: { title: string; tagline: string; cta?: NavLink };
      cards: { title: string; text: string; href: string }[];
      html: string;
    }
  | {
      kind: 'doc';
      doc: DocMeta;
      html: string;
      toc: TocItem[];
      breadcrumbs: NavLink[];
      previous?: NavLink;
      next?: NavLink;
      tags: NavLink[];
      /** The "Edit this page" link (docs.editUrl with the doc's file). */
      editUrl?: string;
      lastUpdate?: LastUpdate;
      /**
       * The foot of the page as HTML, made from the two fields above and the page's markdown copy (site/doc-footer.ts):
       * like `html`, it is in the page's HTML and not in the props the client hydrates with, so it costs no script.
       */
      footer: { html: string };
      /**
       * In a project with older versions: where this page is in each version, by name (the doc of the same id there,
       * else the version's first page).
       */
      versions?: Record<string, string>;
    }
  | { kind: 'docs-tags'; tags: { label: string; href: string; count: number }[] }
  | { kind: 'docs-tag'; tag: string; docs: { title: string; href: string; description: string }[]; allTagsHref: string }
  /** A doc compared with the next newer version's (site/changes.ts): the comparison as HTML, made at build time. */
  | { kind: 'docs-changes'; html: string; toc: TocItem[] }
  /** The docs that changed from one version to the next, with counts, and those added and removed. */
  | { kind: 'docs-upgrade'; html: string; toc: TocItem[] }
  | { kind: 'blog-list'; posts: BlogPostMeta[]; page: number; pageCount: number; previous?: NavLink; next?: NavLink }
  | { kind: 'blog-post'; post: BlogPostMeta; html: string; toc: TocItem[]; previous?: NavLink; next?: NavLink }
  | { kind: 'blog-archive'; years: { year: string; posts: BlogPostMeta[] }[] }
  | { kind: 'blog-authors'; authors: (Author & { href: string; count: number })[] }
  | { kind: 'blog-author'; author: Author; posts: BlogPostMeta[] }
  | { kind: 'blog-tags'; tags: { label: string; href: string; count: number }[] }
  | { kind: 'blog-tag'; tag: TagInfo; posts: BlogPostMeta[]; allTagsHref: string }
  | { kind: 'page'; html: string; toc: TocItem[] }
  | { kind: 'search' }
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string };

/** One path of the site and what to render there. */
export interface Route {
  /** URL path including the base path, ending with '/' (or '.html' for the 404 page). */
  path: string;
  /** The output file, relative to the output folder. */
  outFile: string;
  /** Page heading (h1) and the first part of the document title. */
  title: string;
  description: string;
  /** Source file this route came from, for messages. */
  file?: string;
  /** The sidebar to show beside the page, if any. */
  sidebarId?: string;
  /** Hide from sitemap and robots. */
  noindex?: boolean;
  /** Front matter `keywords`, for the keywords meta tag. */
  keywords?: string[];
  /** Front matter `image`: the page's social card, a path of the site or a URL (else the config's `image`). */
  image?: string;
  data: RouteData;
}

/** A link the layout shows outside markdown bodies (config, home page front matter, egdocs' own), for check. */
export interface LayoutLink {
  /** As written. */
  raw: string;
  /** Resolved: a URL path under the base path, or the URL as written. */
  href: string;
  /** Which setting or part it comes from ('footer.links[1]', 'the page layout'). */
  where: string;
  /** Where it was written, when it was written by a person. */
  location?: Location;
}

/**
 * The parts of every page that do not depend on the route: navbar, footer, announcement and what the layout links
 * to, resolved once by the site stage from the config and the route table (site/chrome.ts).
 */
export interface SiteChrome {
  title: string;
  baseUrl: string;
  logo?: { alt: string; src: string };
  navbarTitle: string;
  navbar: NavbarEntry[];
  hideOnScroll: boolean;
  /** Footer links (config links resolved to hrefs) and copyright line. */
  footer: { links: NavLink[]; copyright: string };
  /** The announcement, its HTML's site paths placed under the base path. */
  announcementBar?: Config['announcementBar'];
  favicon?: string;
  /** The blog's feeds; none without posts. */
  feeds?: { rss: string; atom: string };
  colorMode: Config['colorMode'];
  /** Search settings and the search page. */
  search: Config['search'] & { pageHref: string };
  /** Where the docs start (the first doc of the main sidebar); none in a site without docs. */
  docsHref?: string;
  /** The home page (the navbar title links to it): the base path, or where it leads when it is a redirect. */
  homeHref: string;
  blogHref?: string;
  client: Config['client'];
  showReadingTime: boolean;
  /** The newest blog posts, for the blog's sidebar. */
  recentPosts: NavLink[];
  /** The current docs version (content/docs/); `path` is how a search page's `version` parameter names it. */
  docsVersion: { name: string; label: string; path: string };
  /**
   * Every docs version, the current one first, and the latest's name: only in a project that declares older
   * versions (`docs.versions`), for the version dropdown and an older version's banner (site/versions.ts).
   */
  versions?: { list: DocsVersionChoice[]; latest: string };
}

/** A docs version as the reader chooses it: its label, the notice its pages carry, where its docs start. */
export interface DocsVersionChoice {
  name: string;
  label: string;
  banner: 'unmaintained' | 'unreleased' | 'none';
  href: string;
  /** The path its routes are under ('/base/docs/2.1/'): a page there that is no doc (a comparison, tags) is of it. */
  base: string;
}

/** The whole site: the route table and the shared parts the templates need. */
export interface Site {
  config: Config;
  routes: Route[];
  /** Resolved sidebars by id, with hrefs (collapse state is per page; see site/sidebar.ts). */
  sidebars: Record<string, SidebarItem[]>;
  /**
   * Doc path → the keywords of the sidebar categories that hold it, joined, in every version: search finds a doc by
   * them as well as by its text (site/docs.ts).
   */
  keywords: Record<string, string>;
  docs: DocMeta[];
  posts: BlogPostMeta[];
  /** Every rendered page, for search and check. */
  pages: Page[];
  /** Files copied to the output as they are: output path -> bytes (or the file on disk, for a large one). */
  assets: Map<string, AssetBytes>;
  chrome: SiteChrome;
  /** Every link the chrome, the config and the home page show outside markdown bodies, for `check`. */
  layoutLinks: LayoutLink[];
}

/** A navbar item resolved for rendering. */
export type NavbarEntry =
  | {
      type: 'link';
      label: string;
      href: string;
      position: 'left' | 'right';
      activeBase?: string;
      /** A docs sidebar link of a project with versions: its href in each version, to follow the preferred one. */
      versionHrefs?: Record<string, string>;
    }
  | { type: 'dropdown'; label: string; items: NavLink[]; position: 'left' | 'right' }
  | { type: 'search' | 'colorMode'; position: 'left' | 'right' }
  /** The docs version dropdown: only in a project that declares older versions (chrome.versions lists them). */
  | { type: 'docsVersions'; position: 'left' | 'right' };
