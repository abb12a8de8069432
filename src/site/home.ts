// The entry routes: the home page from content/pages with `layout: home` (its hero and cards), and the routes a site
// always answers at (its base path and its docs path) when no page claims them.
import type { Config, LayoutLink, NavLink, Page, Route, RouteData } from '../shared/model/types.ts';
import { withBase } from '../shared/urls.ts';
import { configHref } from './chrome.ts';

/**
 * A site always answers at its base path and its docs path: when no page claims them, the base path leads to the
 * docs (or, in a site without docs, shows a plain home page) and the docs path to the first doc. So a new project
 * has no dead '/' and the 404 page's way back always leads somewhere. In a docs-only site (docs.routeBasePath '/')
 * the two are one path, answered once.
 */
export function addEntryRoutes(
  config: Config,
  routes: Route[],
  docsHref: string | undefined,
  add: (route: Omit<Route, 'outFile'>) => void,
): void {
  const taken = new Set(routes.map((route) => route.path));
  const redirect = (path: string, to: string) => {
    taken.add(path);
    add({ path, title: 'Redirecting…', description: '', noindex: true, data: { kind: 'redirect', to } });
  };
  if (!taken.has(config.baseUrl)) {
    if (docsHref) redirect(config.baseUrl, docsHref);
    else
      add({
        path: config.baseUrl,
        title: config.title,
        description: config.tagline,
        data: { kind: 'home', hero: { title: config.title, tagline: config.tagline }, cards: [], html: '' },
      });
  }
  const docsRoot = withBase(config, config.docs.routeBasePath);
  if (docsHref && !taken.has(docsRoot) && docsHref !== docsRoot) redirect(docsRoot, docsHref);
}

export function homeData(config: Config, page: Page, links: LayoutLink[], hasDocs: boolean): RouteData {
  const fm = page.source.frontMatter;
  const { file, keyLines } = page.source;
  // Like the config's links, front matter paths are site paths: the base path is added, and check sees them.
  const link = (raw: string, key: 'hero' | 'cards') => {
    const href = configHref(config, raw);
    links.push({
      raw,
      href,
      where: `${key} in the front matter`,
      location: { file, line: keyLines[key] ?? 1, column: 1 },
    });
    return href;
  };
  // Without one written, the call to action leads into the docs, when there are any (their path always answers).
  const ctaHref = fm.hero?.cta?.href;
  const cta: NavLink | undefined = ctaHref
    ? { label: fm.hero?.cta?.label ?? 'Get Started', href: link(ctaHref, 'hero') }
    : hasDocs
      ? { label: fm.hero?.cta?.label ?? 'Get Started', href: withBase(config, config.docs.routeBasePath) }
      : undefined;
  return {
    kind: 'home',
    hero: { title: fm.hero?.title ?? config.title, tagline: fm.hero?.tagline ?? config.tagline, cta },
    cards: (fm.cards ?? []).map((card) => ({ title: card.title, text: card.text, href: link(card.href, 'cards') })),
    html: page.html,
  };
}
