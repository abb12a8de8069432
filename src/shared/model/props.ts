// The model, what the templates render: a page's props, the payload the router fetches (see types.ts for the whole flow).
import type { Route, SidebarItem, SiteChrome } from './site.ts';

/** What every page's layout receives: the site's chrome, and where the bundle and the search step put their files. */
export interface Chrome extends Omit<SiteChrome, 'search'> {
  /** Search settings, the search page, where the worker and its data are, and the search page's results part. */
  search: SiteChrome['search'] & {
    indexUrl: string;
    workerUrl: string;
    resultsUrl: string;
    /**
     * The manifest URL of each older docs version's index by the version's name (absent in a site without older
     * versions): a page of that version searches it, and so does the search page given `?version=<name>`.
     */
    versionIndexUrls?: Record<string, string>;
  };
  /** URL of each whole sidebar as JSON, for categories a page left out (loaded on first open). */
  sidebarUrls: Record<string, string>;
  /** Scripts of parts of an article, each with the selector of what needs it: tabs, mermaid diagrams. */
  parts: [selector: string, url: string][];
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
