// The site stage: turns rendered pages into the route table, with sidebars, breadcrumbs, previous/next,
// docs tags, the blog's list, archive, authors and tags pages, the search page, redirects and the 404 page.
import { keyLocator } from '../config/locate.ts';
import type { Diagnostics } from '../diagnostics.ts';
import type {
  Config,
  ContentSet,
  DocMeta,
  LayoutLink,
  NavLink,
  Page,
  Route,
  RouteData,
  Site,
  TocItem,
} from '../types.ts';
import { blogPosts, paginate } from './blog.ts';
import { breadcrumbs, docMetas, docsTags, indexSidebar, neighbours, resolveSidebars, tagSlug } from './docs.ts';
import { configHref, layoutOf } from './layout.ts';
import { assetOutPath, decodePath, groupBy, sitePath, withBase } from './urls.ts';

export interface SiteInput {
  config: Config;
  content: ContentSet;
  pages: Page[];
  diagnostics: Diagnostics;
}

/** Builds the route table. Config errors (unknown sidebar doc ids) throw; duplicate routes and sidebar entries are warnings. */
export function buildSite({ config, content, pages, diagnostics }: SiteInput): Site {
  const docs = docMetas(pages);
  const sidebars = resolveSidebars(config, docs, diagnostics);
  const sidebarIndexes = new Map(Object.entries(sidebars).map(([id, items]) => [id, indexSidebar(items)]));
  const posts = blogPosts(config, pages, content, diagnostics);
  const routes: Route[] = [];
  // Links check must see besides the pages' and the layout's: the home page's cards (front matter), redirect targets.
  const extraLinks: LayoutLink[] = [];
  const add = (route: Omit<Route, 'outFile'> & { outFile?: string }) =>
    routes.push({ ...route, outFile: route.outFile ?? outFileOf(config, route.path) });

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
  const locate = keyLocator(config.configFile, config.configSource);
  config.redirects.forEach((redirect, i) => {
    const to = configHref(config, redirect.to);
    extraLinks.push({
      raw: redirect.to,
      href: to,
      where: `redirects[${i}].to`,
      location: locate(`redirects[${i}].to`, redirect.to),
    });
    add({
      path: sitePath(config, redirect.from),
      title: 'Redirecting…',
      description: '',
      noindex: true,
      data: { kind: 'redirect', to },
    });
  });

  const layout = layoutOf({ config, docs, sidebars, hasPosts: posts.length > 0, extraLinks });
  addEntryRoutes(config, routes, layout.docsHref, add);
  const home = routes.find((route) => route.path === config.baseUrl);
  if (home?.data.kind === 'redirect') layout.homeHref = home.data.to;
  reportDuplicates(config, routes, pages, diagnostics);
  const assets = new Map<string, Uint8Array>();
  for (const [file, bytes] of content.assets) assets.set(assetOutPath(file, bytes), bytes);
  return { config, routes, sidebars, docs, posts, pages, assets, layout };
}

/**
 * A site always answers at its base path and its docs path: when no page claims them, the base path leads to the
 * docs (or, in a site without docs, shows a plain home page) and the docs path to the first doc. So a new project
 * has no dead '/' and the 404 page's way back always leads somewhere.
 */
function addEntryRoutes(
  config: Config,
  routes: Route[],
  docsHref: string | undefined,
  add: (route: Omit<Route, 'outFile'>) => void,
): void {
  const taken = new Set(routes.map((route) => route.path));
  const redirect = (path: string, to: string) =>
    add({ path, title: 'Redirecting…', description: '', noindex: true, data: { kind: 'redirect', to } });
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

function addBlogRoutes(config: Config, posts: Site['posts'], add: (route: Omit<Route, 'outFile'>) => void): void {
  const blog = (...parts: string[]) => withBase(config, config.blog.routeBasePath, ...parts);
  const listPages = paginate(posts, config.blog.postsPerPage);
  listPages.forEach((pagePosts, i) => {
    const pageHref = (n: number) => (n === 0 ? blog() : blog('page', String(n + 1)));
    add({
      path: pageHref(i),
      title: config.blog.title,
      description: config.blog.description,
      data: {
        kind: 'blog-list',
        posts: pagePosts,
        page: i + 1,
        pageCount: listPages.length,
        previous: i > 0 ? { label: 'Newer posts', href: pageHref(i - 1) } : undefined,
        next: i < listPages.length - 1 ? { label: 'Older posts', href: pageHref(i + 1) } : undefined,
      },
    });
  });
  const years = groupBy(posts, (post) => post.date.slice(0, 4));
  add({
    path: blog('archive'),
    title: 'Archive',
    description: 'Every blog post, by year',
    data: { kind: 'blog-archive', years: [...years].map(([year, list]) => ({ year, posts: list })) },
  });

  const authorById = new Map(posts.flatMap((post) => post.authors.map((author) => [author.id, author] as const)));
  const sortedAuthors = [...groupBy(posts, (post) => post.authors.map((a) => a.id))]
    .map(([id, list]) => ({ author: authorById.get(id)!, posts: list }))
    .sort((a, b) => a.author.name.localeCompare(b.author.name));
  add({
    path: blog('authors'),
    title: 'Authors',
    description: 'The people writing this blog',
    data: {
      kind: 'blog-authors',
      authors: sortedAuthors.map(({ author, posts: list }) => ({ ...author, count: list.length })),
    },
  });
  for (const { author, posts: list } of sortedAuthors) {
    add({
      path: author.href,
      title: author.name,
      description: `Posts by ${author.name}`,
      data: { kind: 'blog-author', author, posts: list },
    });
  }

  const tagById = new Map(posts.flatMap((post) => post.tags.map((tag) => [tag.id, tag] as const)));
  const sortedTags = [...groupBy(posts, (post) => post.tags.map((t) => t.id))]
    .map(([id, list]) => ({ tag: tagById.get(id)!, posts: list }))
    .sort((a, b) => a.tag.label.localeCompare(b.tag.label));
  add({
    path: blog('tags'),
    title: 'Tags',
    description: 'Blog posts by topic',
    data: {
      kind: 'blog-tags',
      tags: sortedTags.map(({ tag, posts: list }) => ({ label: tag.label, href: tag.href, count: list.length })),
    },
  });
  for (const { tag, posts: list } of sortedTags) {
    add({
      path: tag.href,
      title: `${list.length} post${list.length === 1 ? '' : 's'} tagged with "${tag.label}"`,
      description: tag.description ?? `Posts tagged ${tag.label}`,
      data: { kind: 'blog-tag', tag, posts: list, allTagsHref: blog('tags') },
    });
  }
}

function homeData(config: Config, page: Page, links: LayoutLink[], hasDocs: boolean): RouteData {
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

/** The file a route is written to: its path without the base, escapes undone ('100%25-sure/' -> '100%-sure/index.html'). */
function outFileOf(config: Config, path: string): string {
  return `${decodePath(path.slice(config.baseUrl.length))}index.html`;
}

/**
 * Tags written differently ('Firebase' and 'firebase', 'C.' and 'C') share one page: warned at a doc using the
 * second spelling, since a reader sees only the first.
 */
function reportTagClashes(
  tags: { labels: string[]; href: string; docs: DocMeta[] }[],
  pages: Page[],
  diagnostics: Diagnostics,
): void {
  const sourceByPath = new Map<string | undefined, Page['source']>(
    pages.map((page) => [page.source.route, page.source]),
  );
  for (const tag of tags) {
    if (tag.labels.length < 2) continue;
    const source = sourceByPath.get(tag.docs.find((doc) => doc.tags.includes(tag.labels[1]))?.path);
    const location = source && { file: source.file, line: source.keyLines.tags ?? 1, column: 1 };
    const written = tag.labels.map((label) => `'${label}'`).join(' and ');
    diagnostics.warn(
      'content',
      `docs tags ${written} share the page ${tag.href}, which shows them as '${tag.labels[0]}'`,
      location,
      'write the tag the same way on every page',
    );
  }
}

/** Warns once for each extra route to a path already taken; the first route to a path is the one written. */
function reportDuplicates(config: Config, routes: Route[], pages: Page[], diagnostics: Diagnostics): void {
  const sourceByFile = new Map(pages.map((page) => [page.source.file, page.source]));
  const producer = (route: Route) =>
    route.file ??
    (route.data.kind === 'redirect' ? `a redirect in ${config.configFile}` : `the generated ${route.data.kind} page`);
  // The line that gave a page its route: front matter `slug` (or a doc's `id`), which is where the clash is fixed.
  const routeLine = (route: Route) => {
    const keyLines = route.file ? sourceByFile.get(route.file)?.keyLines : undefined;
    return keyLines?.slug ?? keyLines?.id;
  };
  // Keyed by the file each route writes: two paths that differ only in escapes ('a%2Db' and 'a-b') are one file.
  const first = new Map<string, Route>();
  for (const route of routes) {
    const written = first.get(route.outFile);
    if (!written) {
      first.set(route.outFile, route);
      continue;
    }
    const pair = [route, written];
    const at = pair.find((r) => routeLine(r) !== undefined) ?? pair.find((r) => r.file);
    const location = at?.file
      ? { file: at.file, line: routeLine(at) ?? 1, column: 1 }
      : route.data.kind === 'redirect'
        ? { file: config.configFile }
        : undefined;
    const file = pair.find((r) => r.file)?.file;
    const redirect = pair.some((r) => r.data.kind === 'redirect') ? 'remove the redirect' : undefined;
    const hint = pair.every((r) => r.file)
      ? 'give one of them another slug'
      : file
        ? [redirect, `give ${file} another slug`].filter(Boolean).join(' or ')
        : redirect;
    // The other file of the pair, as a related place: an editor (or a pull request) shows both.
    const other = pair.find((r) => r !== at && r.file);
    const related = other?.file
      ? [
          {
            message: 'the same route is produced here',
            location: { file: other.file, line: routeLine(other) ?? 1, column: 1 },
          },
        ]
      : undefined;
    diagnostics.items.push({
      severity: 'warning',
      code: 'duplicate-route',
      message: `route ${route.path} is produced by both ${producer(written)} and ${producer(route)}; only the first is written`,
      location,
      hint,
      ...(related && { related }),
    });
  }
}
