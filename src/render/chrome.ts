// The chrome: navbar, footer and the rest of the layout that every route shares. The site stage resolved its links
// (site/layout.ts); this adds what the bundle decided: where the search worker and data are.
import { withBase } from '../site/urls.ts';
import type { Chrome, Site } from '../types.ts';

/** The props every page's layout gets, from the resolved layout and the bundle's URLs. */
export function chromeOf(
  site: Site,
  sidebarUrls: Record<string, string>,
  searchUrls: { indexUrl: string; workerUrl: string; resultsUrl: string },
): Chrome {
  const { config, layout } = site;
  return {
    title: config.title,
    baseUrl: config.baseUrl,
    logo: layout.logo,
    navbarTitle: config.navbar.title || config.title,
    navbar: layout.navbar,
    hideOnScroll: config.navbar.hideOnScroll,
    footer: layout.footer,
    announcementBar: layout.announcementBar,
    favicon: layout.favicon,
    feeds: layout.feeds,
    colorMode: config.colorMode,
    search: { ...config.search, pageHref: withBase(config, 'search'), ...searchUrls },
    docsHref: layout.docsHref,
    homeHref: layout.homeHref,
    blogHref: layout.blogHref,
    client: config.client,
    showReadingTime: config.blog.showReadingTime,
    recentPosts: site.posts.slice(0, 5).map((post) => ({ label: post.title, href: post.path })),
    sidebarUrls,
    docsVersion: {
      name: config.docs.version.name,
      label: config.docs.version.label,
      path: withBase(config, config.docs.routeBasePath),
    },
  };
}
