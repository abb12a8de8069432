// The chrome: navbar, footer and the rest of the layout that every route shares, resolved once per build.
import { keyLocator } from '../config/locate.ts';
import { fail } from '../diagnostics.ts';
import { flattenSidebar } from '../site/docs.ts';
import { withBase } from '../site/urls.ts';
import type { Chrome, NavbarEntry, Site } from '../types.ts';

/** Resolves navbar items to links; a docs sidebar item with nothing to link to stops the build. */
export function chromeOf(site: Site, sidebarUrls: Record<string, string>, searchUrls: { dataUrl: string; workerUrl: string }): Chrome {
  const { config } = site;
  const docsLink = (sidebarId: string, index: number): string => {
    const sidebar = site.sidebars[sidebarId];
    const where = keyLocator(config.configFile, config.configSource)(`navbar.items[${index}].sidebarId`, sidebarId);
    if (!sidebar) fail('config', `navbar.items[${index}]: sidebar '${sidebarId}' does not exist`, where, `use one of: ${Object.keys(site.sidebars).join(', ') || '(no sidebars defined)'}`);
    const first = flattenSidebar(sidebar)[0];
    if (!first) fail('config', `navbar.items[${index}]: sidebar '${sidebarId}' has no doc to link to`, where, 'add a doc to the sidebar');
    return first.href;
  };
  // Site paths in the config may leave out the base path.
  const siteHref = (href: string) => (href.startsWith('/') && !href.startsWith(config.baseUrl) ? withBase(config, href) : href);
  const navbar: NavbarEntry[] = [];
  config.navbar.items.forEach((item, index) => {
    switch (item.type) {
      case 'docSidebar':
        navbar.push({ type: 'link', label: item.label, href: docsLink(item.sidebarId, index), position: item.position, activeBase: withBase(config, config.docs.routeBasePath) });
        break;
      case 'link':
        navbar.push({ type: 'link', label: item.label, href: siteHref(item.href), position: item.position });
        break;
      case 'dropdown':
        navbar.push({ type: 'dropdown', label: item.label, items: item.items.map((entry) => ({ label: entry.label, href: siteHref(entry.href) })), position: item.position });
        break;
      case 'search':
      case 'colorMode':
        navbar.push({ type: item.type, position: item.position });
        break;
      // Version and locale switchers are layout parts that only render when there is a choice to make; egdocs
      // builds one docs version and one locale per site (validate.ts), so today there never is.
      case 'docsVersionDropdown':
      case 'localeDropdown':
        break;
    }
  });
  const firstSidebar = Object.keys(site.sidebars)[0];
  return {
    title: config.title,
    baseUrl: config.baseUrl,
    logo: config.navbar.logo && { alt: config.navbar.logo.alt, src: withBase(config, config.navbar.logo.src).replace(/\/$/, '') },
    navbarTitle: config.navbar.title || config.title,
    navbar,
    hideOnScroll: config.navbar.hideOnScroll,
    footer: config.footer,
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    search: { ...config.search, pageHref: withBase(config, 'search'), ...searchUrls },
    docsHref: firstSidebar ? flattenSidebar(site.sidebars[firstSidebar])[0]?.href ?? withBase(config, config.docs.routeBasePath) : withBase(config, config.docs.routeBasePath),
    blogHref: site.posts.length > 0 ? withBase(config, config.blog.routeBasePath) : undefined,
    client: config.client,
    showReadingTime: config.blog.showReadingTime,
    recentPosts: site.posts.slice(0, 5).map((post) => ({ label: post.title, href: post.path })),
    sidebarUrls,
    docsVersion: { name: config.docs.version.name, label: config.docs.version.label, path: withBase(config, config.docs.routeBasePath) },
  };
}
