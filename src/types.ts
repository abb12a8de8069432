// The one model that flows through the pipeline:
// UserConfig -> Config -> Source[] -> Page[] -> Site -> OutputFile[] -> Writer.
// Templates and the client import their shapes from here, so a field documented here means the same everywhere.

import type { Diagnostic } from './diagnostics.ts';
import type { Location, Related } from './diagnostics.ts';
export type { Diagnostic, Location } from './diagnostics.ts';

// ---------------------------------------------------------------- config

// Inferred from the config's one schema (config/schema.ts), which also holds their defaults and checks.
import type { Config } from './config/schema.ts';
export type {
  Budget,
  Config,
  ConfigLink,
  NavbarItem,
  SidebarCategoryConfig,
  SidebarItemConfig,
  UserConfig,
} from './config/schema.ts';

// ---------------------------------------------------------------- content

/** What kind of content a source is, from the folder it sits in. */
export type SourceKind = 'doc' | 'blog' | 'page';

/**
 * The front matter keys egdocs reads, typed and checked once in the content stage (content/front-matter.ts), named
 * in camelCase here whatever the file wrote (`sidebar_label` is `sidebarLabel`). Unset keys are absent.
 */
export interface FrontMatter {
  title?: string;
  description?: string;
  /** The page's path within its section, replacing the one its file name gives. */
  slug?: string;
  /** A doc's id, replacing its file name (not its folder) in the id and the path. */
  id?: string;
  sidebarLabel?: string;
  /** A draft is left out of the site. */
  draft?: boolean;
  /** 'home' makes a page of content/pages the landing page (hero and cards). */
  layout?: string;
  /** Words search finds the page by, beyond its text. */
  keywords?: string[];
  /** Docs: tag labels. Blog posts: tag ids from content/blog/tags.yml. */
  tags?: string[];
  /** Blog posts: author ids from content/blog/authors.yml. */
  authors?: string[];
  /** Blog posts: YYYY-MM-DD, when the file name does not give it. */
  date?: string;
  /** Docs: `last_update`, the date (YYYY-MM-DD) and author shown instead of what git says. */
  lastUpdate?: { date?: string; author?: string };
  hideTableOfContents?: boolean;
  tocMinHeadingLevel?: number;
  tocMaxHeadingLevel?: number;
  /** The home page's banner (layout: home). */
  hero?: HomeHero;
  /** The home page's cards (layout: home). */
  cards?: HomeCard[];
}

/** The home page's banner, as its front matter writes it. */
export interface HomeHero {
  title?: string;
  tagline?: string;
  cta?: { label?: string; href?: string };
}

/** One card of the home page, as its front matter writes it. */
export interface HomeCard {
  title: string;
  text: string;
  href: string;
}

/** One markdown file from content/, read and split, with its route; nothing else interpreted yet. */
export interface Source {
  kind: SourceKind;
  /** Path relative to the project root, with forward slashes (used in every message). */
  file: string;
  /** Path relative to its kind's folder (content/docs, content/blog, content/pages). */
  relPath: string;
  /** The URL path of its page (under the base path, ending in '/'), given by the routes step before markdown runs. */
  route: string;
  frontMatter: FrontMatter;
  /** The markdown after the front matter. */
  body: string;
  /** 1-based line of the file on which `body` starts, so markdown lines map back to the file. */
  bodyLine: number;
  /** 1-based line of each top-level front matter key, for errors about its value. */
  keyLines: Record<string, number>;
}

/** A source as the content stage reads it, before the routes step gives it its route. */
export type ParsedSource = Omit<Source, 'route'>;

/** Blog author from content/blog/authors.yml. */
export interface Author {
  id: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

/** Blog tag from content/blog/tags.yml. */
export interface TagInfo {
  id: string;
  label: string;
  description?: string;
}

/** Everything read from content/ besides pages. */
export interface ContentSet {
  sources: Source[];
  authors: Map<string, Author>;
  blogTags: Map<string, TagInfo>;
  /** Non-markdown files by path from the project root (content/static/** and images beside pages). */
  assets: Map<string, Uint8Array>;
  /** Markdown and YAML texts by path from the project root, partials (`_` files) included, for includes. */
  texts: ReadonlyMap<string, string>;
}

// ---------------------------------------------------------------- markdown

/** A heading in a page, with the id the renderer gave it. */
export interface Heading {
  level: number;
  id: string;
  text: string;
  /** 1-based line in the page's file (for a heading in included text, the line of the page's include directive). */
  line: number;
}

/** A link the markdown made, with where it was written. */
export interface LinkRef {
  /** The href as written. */
  raw: string;
  /** The resolved URL path (with base path) for internal links, or the raw href for external ones. */
  href: string;
  /** Anchor without '#', or ''. */
  hash: string;
  kind: 'internal' | 'external' | 'markdown' | 'anchor' | 'image';
  /** 1-based line and column in the page's file, or in `file` when set. */
  line: number;
  column: number;
  /** The included file the link is written in, when it is not the page's own (see markdown/includes.ts). */
  file?: string;
  /** For a link in an included file: the directives that brought it into the page, innermost first. */
  includedFrom?: Related[];
}

/** A part of a page for search: a heading (h2/h3) and the plain text under it. */
export interface PageSection {
  /** Heading id (the anchor), or '' for the text before the first heading. */
  id: string;
  heading: string;
  text: string;
}

/** A rendered markdown source: HTML plus the facts later stages need. */
export interface Page {
  source: Source;
  /** The title: front matter `title`, else the first `# heading`. */
  title: string;
  description: string;
  html: string;
  headings: Heading[];
  /** Every id an anchor can target on the page. */
  anchors: string[];
  links: LinkRef[];
  /** Plain text of the body, for search and descriptions. */
  text: string;
  /** The body cut at its h2/h3 headings, for search (the first, with id '', is the text before any of them). */
  sections: PageSection[];
  wordCount: number;
  /** For blog posts: HTML above the truncate marker, or undefined when there is none. */
  excerptHtml?: string;
}

// ---------------------------------------------------------------- site

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
    }
  | { kind: 'docs-tags'; tags: { label: string; href: string; count: number }[] }
  | { kind: 'docs-tag'; tag: string; docs: { title: string; href: string; description: string }[]; allTagsHref: string }
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
  /** The one docs version pages belong to, remembered as the reader's preferred version; `path` is how a search
   * page's `version` parameter names it. */
  docsVersion: { name: string; label: string; path: string };
}

/** The whole site: the route table and the shared parts the templates need. */
export interface Site {
  config: Config;
  routes: Route[];
  /** Resolved sidebars by id, with hrefs (collapse state is per page; see site/sidebar.ts). */
  sidebars: Record<string, SidebarItem[]>;
  docs: DocMeta[];
  posts: BlogPostMeta[];
  /** Every rendered page, for search and check. */
  pages: Page[];
  /** Files copied to the output as they are: output path -> bytes. */
  assets: Map<string, Uint8Array>;
  chrome: SiteChrome;
  /** Every link the chrome, the config and the home page show outside markdown bodies, for `check`. */
  layoutLinks: LayoutLink[];
}

// ---------------------------------------------------------------- search

/** Where a search result lives: docs (of the one version), a blog post, or a standalone page. */
export type SearchKind = 'docs' | 'blog' | 'pages';

/**
 * The pre-generated search data the browser's worker builds its index from (src/search/data.ts writes it). Compact:
 * tuples instead of objects, plain text without markup, each page's title and URL once, not once per section.
 */
export interface SearchData {
  /** Format version, so a worker never misreads data from another build. */
  format: 1;
  /** Name of the docs version the docs sections belong to (SPEC: current). */
  docsVersion: string;
  /** title, path relative to the base URL, breadcrumb ("Admin Panel"), kind, and its categories' keywords. */
  pages: [title: string, path: string, breadcrumb: string, kind: SearchKind, keywords?: string][];
  /** index into pages, heading id ('' for the page's top), heading text, plain text. */
  sections: [page: number, anchor: string, heading: string, text: string][];
}

// ---------------------------------------------------------------- output

/** A file to write, relative to the output folder. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** The result of a build: files and everything learned along the way. */
export interface BuildResult {
  site: Site;
  files: OutputFile[];
  diagnostics: Diagnostic[];
  /** Each step's duration and the heap in use when it ended. */
  timings: { step: string; ms: number; heapMb: number }[];
  /** Page weight per page kind (not computed by serve's incremental builds). */
  weights: PageWeight[];
  /** How many markdown pages and routes this build rendered; with a BuildCache, the rest were reused. */
  rendered: { pages: number; routes: number };
  /**
   * Serve only: the search index's files, built when first called (the dev server calls it when a page first asks
   * for one of them). A build without a cache has them in `files`.
   */
  searchIndex?: () => OutputFile[];
  /** With `checkSearch`: how many queries of content/search-queries.yaml ran, and how many found their page. */
  searchQueries?: { checked: number; found: number };
}

// ---------------------------------------------------------------- templates

/** A navbar item resolved for rendering. */
export type NavbarEntry =
  | { type: 'link'; label: string; href: string; position: 'left' | 'right'; activeBase?: string }
  | { type: 'dropdown'; label: string; items: NavLink[]; position: 'left' | 'right' }
  | { type: 'search' | 'colorMode'; position: 'left' | 'right' };

/** What every page's layout receives: the site's chrome, and where the bundle and the search step put their files. */
export interface Chrome extends Omit<SiteChrome, 'search'> {
  /** Search settings, the search page, where the worker and its data are, and the search page's results part. */
  search: SiteChrome['search'] & { indexUrl: string; workerUrl: string; resultsUrl: string };
  /** URL of each whole sidebar as JSON, for categories a page left out (loaded on first open). */
  sidebarUrls: Record<string, string>;
  /** URL of the tabs' script (src/client/tabs.ts), which pages with tabs load. */
  tabsUrl: string;
}

/** Everything a page template receives. */
export interface PageProps {
  chrome: Chrome;
  route: Route;
  /** The sidebar shown beside this page, pruned to what the page shows open. */
  sidebar?: SidebarItem[];
  /** Id of that sidebar, to find its whole version in chrome.sidebarUrls. */
  sidebarId?: string;
}

/**
 * What client navigation fetches for a route (`<route path>page-data.json`, see src/shared/routing.ts): the page's
 * props without the chrome, which the client already has from the first page it loaded.
 */
export interface RoutePayload {
  route: Route;
  sidebar?: SidebarItem[];
  sidebarId?: string;
  /** The document title ("Page | Site"). */
  title: string;
}
