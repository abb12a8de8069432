// The chrome: what every page shows besides its own content (the navbar, the footer, the announcement bar, the way
// back from the 404 page, the feeds), resolved once per build from the config and the route table. It is site data:
// render only reads it, adding where the bundle put its files (render/index.ts, pageChrome).
//
// Paths in the config are site paths, written without the base path ('/docs/x/') or as doc ids ({ doc: 'x' }):
// egdocs adds the base, so `--base-url` moves every link with the site. Each link keeps where it was written, so
// `check` reports a dead one at its config line like a dead link in a page.
import type {
  BlogPostMeta,
  Config,
  ConfigLink,
  DocMeta,
  LayoutLink,
  NavbarEntry,
  NavbarItem,
  NavLink,
  SidebarItem,
  SiteChrome,
} from '../shared/model/types.ts';
import { flattenSidebar } from './docs.ts';
import { HTML_LINK_ATTRIBUTE } from '../shared/url-checks.ts';
import { isExternal, sitePath, withBase } from '../shared/urls.ts';
import type { VersionLinks } from './versions.ts';

export interface ChromeInput {
  config: Config;
  docs: DocMeta[];
  sidebars: Record<string, SidebarItem[]>;
  /** Newest first. */
  posts: BlogPostMeta[];
  /** Where the docs start (see docsStart). */
  docsHref: string | undefined;
  /** The home page: the base path, or where it leads when it is a redirect (so links skip the hop). */
  homeHref: string;
  /** Links the site stage met elsewhere that check must see too (redirect targets, the home page's front matter). */
  extraLinks: LayoutLink[];
  /** The docs versions, in a project that declares older ones (site/versions.ts). */
  versions?: VersionLinks;
}

/** Where the docs start: the main sidebar's first doc, else the first doc there is; none in a site without docs. */
export function docsStart(sidebars: Record<string, SidebarItem[]>, docs: DocMeta[]): string | undefined {
  const firstSidebar = Object.keys(sidebars)[0];
  return (firstSidebar ? flattenSidebar(sidebars[firstSidebar])[0]?.href : undefined) ?? docs[0]?.path;
}

/**
 * The chrome every page shows, and every link in it for `check`. The config was checked against the docs before
 * (config/references.ts), so every doc id and sidebar id it names exists.
 */
export function chromeOf(input: ChromeInput): { chrome: SiteChrome; links: LayoutLink[] } {
  const { config, docs, sidebars, posts, docsHref, homeHref } = input;
  // Where a config key is written; the file alone for one it does not write (the default navbar's).
  const at = (key: string) => config.locations[key] ?? { file: config.configFile };
  const links: LayoutLink[] = [...input.extraLinks];
  const docById = new Map(docs.map((doc) => [doc.id, doc]));
  const firstSidebar = Object.keys(sidebars)[0];
  const hasPosts = posts.length > 0;
  const blogHref = hasPosts ? withBase(config, config.blog.routeBasePath) : undefined;

  /** A config link ({ label, href } or { label, doc }) to a NavLink, recorded for check. */
  const resolve = (link: ConfigLink, key: string): NavLink => {
    if (link.doc !== undefined) return { label: link.label, href: docById.get(link.doc)!.path };
    const raw = link.href ?? '';
    const href = configHref(config, raw);
    links.push({ raw, href, where: key, location: at(`${key}.href`) });
    return { label: link.label, href };
  };

  const navbar: NavbarEntry[] = [];
  const { versions } = input;
  const items = config.navbar.items ?? defaultNavbar(config, firstSidebar, hasPosts, versions !== undefined);
  items.forEach((item, index) => {
    const key = `navbar.items[${index}]`;
    switch (item.type) {
      case 'docSidebar':
        navbar.push(docSidebarEntry(config, item, { docById, sidebars, versions }));
        break;
      case 'link': {
        const link = resolve(item, key);
        // A link to a section of this site (the blog, a docs folder) stays marked on every page under it.
        const section = link.href.startsWith(config.baseUrl) && link.href.endsWith('/') && link.href !== config.baseUrl;
        navbar.push({ type: 'link', ...link, position: item.position, activeBase: section ? link.href : undefined });
        break;
      }
      case 'dropdown':
        navbar.push({
          type: 'dropdown',
          label: item.label,
          items: item.items.map((entry, i) => resolve(entry, `${key}.items[${i}]`)),
          position: item.position,
        });
        break;
      case 'search':
      case 'colorMode':
        navbar.push({ type: item.type, position: item.position });
        break;
      // Version and locale switchers are layout parts that only render when there is a choice to make: the version
      // dropdown when the project declares older versions; egdocs builds one locale per site, so never the other.
      case 'docsVersionDropdown':
        if (versions) navbar.push({ type: 'docsVersions', position: item.position });
        break;
      case 'localeDropdown':
        break;
    }
  });

  const footer = {
    links: config.footer.links.map((link, i) => resolve(link, `footer.links[${i}]`)),
    copyright: config.footer.copyright,
  };
  const bar = config.announcementBar;
  const announcementBar = bar && {
    ...bar,
    content: resolveHtmlLinks(config, bar.content, (raw, href) =>
      links.push({ raw, href, where: 'announcementBar.content', location: at('announcementBar.content') }),
    ),
  };

  // Files the layout loads, and the links egdocs writes into every page or the 404 page.
  const file = (raw: string, where: string) => {
    const href = sitePath(config, raw);
    links.push({ raw, href, where, location: at(where) });
    return href;
  };
  const favicon = config.favicon ? file(config.favicon, 'favicon') : undefined;
  // The social card and the project's stylesheets are in no page's markup (render/document.ts writes them into the
  // head): only checked here.
  if (config.image && !isExternal(config.image)) file(config.image, 'image');
  config.theme.stylesheets.forEach((sheet, i) => {
    if (!isExternal(sheet)) file(sheet, `theme.stylesheets[${i}]`);
  });
  const logo = config.navbar.logo && {
    alt: config.navbar.logo.alt,
    src: file(config.navbar.logo.src, 'navbar.logo.src'),
  };
  const feeds = hasPosts ? { rss: `${blogHref}rss.xml`, atom: `${blogHref}atom.xml` } : undefined;
  for (const href of [config.baseUrl, docsHref, feeds?.rss, feeds?.atom])
    if (href) links.push({ raw: href, href, where: 'the page layout' });

  // The key order is the order of every page's hydration data: keep it, so the built site does not change.
  const chrome: SiteChrome = {
    title: config.title,
    baseUrl: config.baseUrl,
    logo,
    navbarTitle: config.navbar.title || config.title,
    navbar,
    hideOnScroll: config.navbar.hideOnScroll,
    footer,
    announcementBar,
    favicon,
    feeds,
    colorMode: config.colorMode,
    search: { ...config.search, pageHref: withBase(config, 'search') },
    docsHref,
    homeHref,
    blogHref,
    client: config.client,
    showReadingTime: config.blog.showReadingTime,
    recentPosts: posts.slice(0, 5).map((post) => ({ label: post.title, href: post.path })),
    docsVersion: {
      name: config.docs.version.name,
      label: config.docs.version.label,
      path: withBase(config, config.docs.routeBasePath),
    },
    ...(versions && { versions: { list: versions.versions, latest: versions.latest } }),
  };
  return { chrome, links };
}

/** A docs sidebar link of the navbar: its doc, or its sidebar's first doc. */
function docSidebarEntry(
  config: Config,
  item: Extract<NavbarItem, { type: 'docSidebar' }>,
  {
    docById,
    sidebars,
    versions,
  }: { docById: Map<string, DocMeta>; sidebars: Record<string, SidebarItem[]>; versions?: VersionLinks },
): NavbarEntry {
  const doc = item.doc !== undefined ? docById.get(item.doc)! : undefined;
  return {
    type: 'link',
    label: item.label,
    href: doc ? doc.path : flattenSidebar(sidebars[item.sidebarId])[0].href,
    position: item.position,
    activeBase: withBase(config, config.docs.routeBasePath),
    // With versions, the link leads into the reader's preferred one: its doc there, or the same sidebar's.
    ...(versions && { versionHrefs: docSidebarHrefs(versions, sidebars, doc, item.sidebarId) }),
  };
}

/**
 * Where a docs sidebar link leads in each version: its doc there (the same id), else the first doc of the version's
 * copy of the sidebar (`<id>@<name>`), else where the version starts.
 */
function docSidebarHrefs(
  versions: VersionLinks,
  sidebars: Record<string, SidebarItem[]>,
  doc: DocMeta | undefined,
  sidebarId: string,
): Record<string, string> {
  if (doc) return versions.hrefsOf(doc);
  const [current, ...older] = versions.versions;
  return Object.fromEntries([
    [current.name, flattenSidebar(sidebars[sidebarId])[0].href],
    ...older.map((v) => [v.name, flattenSidebar(sidebars[`${sidebarId}@${v.name}`] ?? [])[0]?.href ?? v.href]),
  ]);
}

/**
 * The navbar of a config that lists no items: the docs, the blog when there are posts, search and the colour-mode
 * switch (which hides itself when the config disables switching).
 */
function defaultNavbar(
  config: Config,
  firstSidebar: string | undefined,
  hasPosts: boolean,
  hasVersions: boolean,
): NavbarItem[] {
  return [
    ...(firstSidebar
      ? [{ type: 'docSidebar', sidebarId: firstSidebar, label: 'Docs', position: 'left' } as const]
      : []),
    ...(hasPosts
      ? [{ type: 'link', label: config.blog.title, href: `/${config.blog.routeBasePath}/`, position: 'left' } as const]
      : []),
    ...(hasVersions ? [{ type: 'docsVersionDropdown', position: 'right' } as const] : []),
    { type: 'search', position: 'right' },
    { type: 'colorMode', position: 'right' },
  ];
}

/** An href from the config: URLs and '#fragments' as written; any path is a site path under the base. */
export function configHref(config: Config, raw: string): string {
  if (isExternal(raw) || raw.startsWith('#') || raw === '') return raw;
  return sitePath(config, raw);
}

/**
 * The announcement's HTML with each href and src written as a site path ('/docs/x/') placed under the base path;
 * `found` hears of each link. URLs and fragments are left as they are.
 */
function resolveHtmlLinks(config: Config, html: string, found: (raw: string, href: string) => void): string {
  return html.replace(
    HTML_LINK_ATTRIBUTE,
    (whole, before: string, quote: string | undefined, quoted: string | undefined, bare: string | undefined) => {
      const raw = quoted ?? bare ?? '';
      const href = configHref(config, raw);
      if (href === raw) return whole;
      found(raw, href);
      return `${before}${quote ?? ''}${href}${quote ?? ''}`;
    },
  );
}
