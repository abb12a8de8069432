// Docs: metadata per doc, the sidebars resolved against the docs that exist, breadcrumbs, previous/next, tags.
import type { SidebarEntry } from '../shared/config/sidebars.ts';
import type { Config, DocMeta, NavLink, Page, SidebarItem } from '../shared/model/types.ts';
import { docId } from '../content/routes.ts';
import { withBase } from '../shared/urls.ts';
import { groupBy } from './group-by.ts';

/** DocMeta for every doc page, in source order. */
export function docMetas(pages: Page[]): DocMeta[] {
  return pages
    .filter((page) => page.source.kind === 'doc')
    .map((page) => {
      const fm = page.source.frontMatter;
      return {
        id: docId(page.source),
        title: page.title,
        sidebarLabel: fm.sidebarLabel ?? page.title,
        path: page.source.route,
        tags: fm.tags ?? [],
        // Only an older version's doc says so: the current version's pages and payloads stay as they were.
        ...(page.source.version === undefined ? {} : { version: page.source.version }),
      };
    });
}

/** A doc's key among the docs of every version: doc ids are per version. */
const versionedId = (version: string | undefined, id: string) => `${version ?? ''}\0${id}`;

/**
 * Resolves the sidebars (expanded and checked against the docs in the references step, config/references.ts:
 * every doc id they name exists) to labels and hrefs. A sidebar of an older version (named in `versionOf`) names
 * that version's docs.
 */
export function resolveSidebars(
  config: Config,
  sidebars: Record<string, SidebarEntry[]>,
  docs: DocMeta[],
  versionOf: Readonly<Record<string, string>> = {},
): Record<string, SidebarItem[]> {
  const byId = new Map(docs.map((doc) => [versionedId(doc.version, doc.id), doc]));
  const result: Record<string, SidebarItem[]> = {};
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    const docOf = (id: string) => byId.get(versionedId(versionOf[sidebarId], id))!;
    const resolve = (item: SidebarEntry): SidebarItem => {
      if (typeof item === 'string') item = { type: 'doc', id: item };
      switch (item.type) {
        case 'doc': {
          const doc = docOf(item.id);
          // A doc in two sidebars would have two previous/next chains; the first sidebar wins.
          doc.sidebarId ??= sidebarId;
          return { type: 'link', label: item.label ?? doc.sidebarLabel, href: doc.path, docId: doc.id };
        }
        case 'link':
          return { type: 'link', label: item.label, href: item.href };
        case 'category':
          return {
            type: 'category',
            label: item.label,
            collapsed: item.collapsed ?? config.docs.sidebarCollapsed,
            href: item.link === undefined ? undefined : docOf(item.link).path,
            items: item.items.map(resolve),
          };
      }
    };
    result[sidebarId] = items.map(resolve);
  }
  return result;
}

/** Every link of a sidebar in reading order. */
export function flattenSidebar(items: SidebarItem[]): Extract<SidebarItem, { type: 'link' }>[] {
  return items.flatMap((item) => (item.type === 'link' ? [item] : flattenSidebar(item.items)));
}

type Category = Extract<SidebarItem, { type: 'category' }>;

/**
 * Where each doc sits in a sidebar: its place in reading order and the categories holding it. Built once per sidebar.
 */
export interface SidebarIndex {
  links: Extract<SidebarItem, { type: 'link' }>[];
  position: Map<string, { index: number; trail: Category[] }>;
  /** The first doc under each category, for breadcrumbs of categories without a page of their own. */
  firstLink: Map<Category, string>;
}

/** Indexes a sidebar in one walk, so breadcrumbs and neighbours cost O(1) per page instead of a walk each. */
export function indexSidebar(items: SidebarItem[]): SidebarIndex {
  const links: SidebarIndex['links'] = [];
  const position: SidebarIndex['position'] = new Map();
  const firstLink: SidebarIndex['firstLink'] = new Map();
  const walk = (list: SidebarItem[], trail: Category[]) => {
    for (const item of list) {
      if (item.type === 'category') walk(item.items, [...trail, item]);
      else {
        for (const category of trail) if (!firstLink.has(category)) firstLink.set(category, item.href);
        if (!item.docId) continue;
        if (!position.has(item.href)) position.set(item.href, { index: links.length, trail });
        links.push(item);
      }
    }
  };
  walk(items, []);
  return { links, position, firstLink };
}

/** Breadcrumbs of a doc: the categories holding it (linked to their own page or first doc), then the doc itself. */
export function breadcrumbs(index: SidebarIndex | undefined, doc: DocMeta): NavLink[] {
  const trail = index?.position.get(doc.path)?.trail ?? [];
  return [
    ...trail.map((category) => ({
      label: category.label,
      href: category.href ?? index?.firstLink.get(category) ?? '',
    })),
    { label: doc.sidebarLabel, href: doc.path },
  ];
}

/** Previous and next docs in sidebar order. */
export function neighbours(index: SidebarIndex | undefined, href: string): { previous?: NavLink; next?: NavLink } {
  const at = index?.position.get(href);
  if (!index || !at) return {};
  const toNav = (link: SidebarIndex['links'][number] | undefined) =>
    link ? { label: link.label, href: link.href } : undefined;
  return { previous: toNav(index.links[at.index - 1]), next: toNav(index.links[at.index + 1]) };
}

/**
 * Docs tags, sorted by label: one per address, so tags written differently but with one slug ('Firebase',
 * 'firebase') share a page that lists the docs of both; `labels` lists how they were written.
 */
export function docsTags(
  config: Config,
  docs: DocMeta[],
  version?: string,
): { label: string; labels: string[]; slug: string; href: string; docs: DocMeta[] }[] {
  const bySlug = groupBy(docs, (doc) => [...new Set(doc.tags.map(tagSlug))]);
  const labels = new Map<string, string[]>();
  // In file order: the spelling met first names the page.
  for (const label of new Set(docs.flatMap((doc) => doc.tags))) {
    const list = labels.get(tagSlug(label));
    if (list) list.push(label);
    else labels.set(tagSlug(label), [label]);
  }
  return [...labels]
    .map(([slug, written]) => ({
      label: written[0],
      labels: written,
      slug,
      href: tagHref(config, version, slug),
      docs: bySlug.get(slug)!,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Where the tags pages of a docs version are: <docs>/tags/ for the current version, <docs>/<path>/tags/ for an
 * older one (its tags name its own docs); with a slug, that tag's page.
 */
export function tagHref(config: Config, version: string | undefined, slug = ''): string {
  const path = version === undefined ? '' : config.docs.versions.find((v) => v.name === version)!.path;
  return withBase(config, config.docs.routeBasePath, path, 'tags', slug);
}

/**
 * A tag's URL segment: 'Firebase Setup' -> 'firebase-setup'. '+' and '#' are spelt out, so 'C++' and 'C#' are not 'c'.
 */
export function tagSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/\+/g, '-plus-')
    .replace(/#/g, '-sharp-')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Doc path → the keywords of the sidebar categories that hold it, joined, for every version's sidebars (expanded:
 * their autogenerated entries are docs and categories by now). A doc in several categories keeps its first's.
 */
export function categoryKeywords(
  sidebars: Record<string, SidebarEntry[]>,
  docs: DocMeta[],
  versionOf: Readonly<Record<string, string>>,
): Record<string, string> {
  const pathOf = new Map(docs.map((doc) => [versionedId(doc.version, doc.id), doc.path]));
  const found: Record<string, string> = {};
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    const version = versionOf[sidebarId];
    const walk = (entries: SidebarEntry[], inherited: string[]) => {
      for (const entry of entries) {
        if (typeof entry === 'string' || entry.type === 'doc') {
          const path = pathOf.get(versionedId(version, typeof entry === 'string' ? entry : entry.id));
          if (path !== undefined && inherited.length > 0) found[path] ??= inherited.join(', ');
        } else if (entry.type === 'category') walk(entry.items, [...inherited, ...(entry.keywords ?? [])]);
      }
    };
    walk(items, []);
  }
  return found;
}
