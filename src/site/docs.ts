// Docs: metadata per doc, the sidebars resolved against the docs that exist, breadcrumbs, previous/next, tags.
import { keyLocator } from '../config/locate.ts';
import { type Diagnostics, didYouMean, fail, type Location } from '../diagnostics.ts';
import type { Config, DocMeta, NavLink, Page, SidebarItem, SidebarItemConfig } from '../types.ts';
import { docId, groupBy, withBase } from './urls.ts';

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
      };
    });
}

/**
 * Resolves the configured sidebars to labels and hrefs. An unknown doc id, or a category inside itself, stops the
 * build with a suggestion; a doc listed twice in one sidebar is a warning.
 */
export function resolveSidebars(
  config: Config,
  docs: DocMeta[],
  diagnostics?: Diagnostics,
): Record<string, SidebarItem[]> {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const locate = keyLocator(config.configFile, config.configSource);
  const known = (id: string, message: string, fix: string, where: Location): DocMeta => {
    const doc = byId.get(id);
    if (doc) return doc;
    const guess = didYouMean(id, byId.keys());
    fail('config', message, where, guess ? `did you mean '${guess}'?` : `add the page under content/docs or ${fix}`);
  };
  const result: Record<string, SidebarItem[]> = {};
  const configured = Object.keys(config.docs.sidebars).length > 0 ? config.docs.sidebars : defaultSidebars(docs);
  for (const [sidebarId, items] of Object.entries(configured)) {
    // Where each doc was first listed: a second entry would give it two places in the previous/next chain.
    const listed = new Map<string, string>();
    // An entry is found by its value (a doc id, a label) after the sidebar's key: good enough to point at the line.
    const where = (value?: string) => locate(`docs.sidebars.${sidebarId}`, value);
    const resolve = (item: SidebarItemConfig, key: string, parents: SidebarItemConfig[]): SidebarItem => {
      if (typeof item === 'string') item = { type: 'doc', id: item };
      switch (item.type) {
        case 'doc': {
          const doc = known(item.id, `${key}: doc id '${item.id}' does not exist`, 'remove the entry', where(item.id));
          const first = listed.get(doc.id);
          if (first)
            diagnostics?.warn(
              'config',
              `${key}: doc '${doc.id}' is listed twice in sidebar '${sidebarId}' (first at ${first}); previous/next links follow the first`,
              where(doc.id),
              'remove one of the entries',
            );
          else listed.set(doc.id, key);
          if (doc.sidebarId && doc.sidebarId !== sidebarId) {
            // A doc in two sidebars would have two previous/next chains; the first sidebar wins.
          } else doc.sidebarId = sidebarId;
          return { type: 'link', label: item.label ?? doc.sidebarLabel, href: doc.path, docId: doc.id };
        }
        case 'link':
          return { type: 'link', label: item.label, href: item.href };
        case 'category': {
          if (!Array.isArray(item.items) || item.items.length === 0)
            fail(
              'config',
              `${key}: category '${item.label}' has no items`,
              where(item.label),
              'list at least one doc id in items',
            );
          // A config file is code, so a category can hold itself (items.push(category)); resolving it would never end.
          if (parents.includes(item))
            fail(
              'config',
              `${key}: category '${item.label}' contains itself`,
              where(item.label),
              'remove it from its own items',
            );
          if (
            item.keywords !== undefined &&
            !(Array.isArray(item.keywords) && item.keywords.every((word) => typeof word === 'string'))
          )
            fail(
              'config',
              `${key}: category '${item.label}' has keywords that are not a list of strings`,
              where(item.label),
              "write keywords: ['customer app', 'shopper app']",
            );
          const inner = [...parents, item];
          return {
            type: 'category',
            label: item.label,
            collapsed: item.collapsed ?? config.docs.sidebarCollapsed,
            href:
              item.link === undefined
                ? undefined
                : known(
                    item.link,
                    `${key}: category '${item.label}' links to doc id '${item.link}', which does not exist`,
                    'remove the link',
                    where(item.link),
                  ).path,
            items: item.items.map((child, i) => resolve(child, `${key}.items[${i}]`, inner)),
          };
        }
        default:
          fail(
            'config',
            `${key}: unknown sidebar item type '${(item as { type: string }).type}'`,
            where((item as { type: string }).type),
            "use 'doc', 'link' or 'category'",
          );
      }
    };
    result[sidebarId] = items.map((item, i) => resolve(item, `docs.sidebars.${sidebarId}[${i}]`, []));
  }
  return result;
}

/**
 * The sidebar of a config that defines none: the docs at the top of content/docs first, then a category per folder
 * (labelled from the folder's name), each in file order; so a new project's docs have their navigation and
 * previous/next links from the first build, and the first doc is the one at the top (intro.md, not a folder's).
 */
function defaultSidebars(docs: DocMeta[]): Record<string, SidebarItemConfig[]> {
  if (docs.length === 0) return {};
  const root: SidebarItemConfig[] = [];
  const folders: SidebarItemConfig[] = [];
  const categories = new Map<string, SidebarItemConfig[]>();
  for (const doc of docs) {
    const slash = doc.id.lastIndexOf('/');
    if (slash < 0) {
      root.push(doc.id);
      continue;
    }
    const folder = doc.id.slice(0, slash);
    let items = categories.get(folder);
    if (!items) {
      items = [];
      categories.set(folder, items);
      const name = folder.replace(/[-_]+/g, ' ');
      folders.push({ type: 'category', label: name.charAt(0).toUpperCase() + name.slice(1), items });
    }
    items.push(doc.id);
  }
  return { docs: [...root, ...folders] };
}

/** Every link of a sidebar in reading order. */
export function flattenSidebar(items: SidebarItem[]): Extract<SidebarItem, { type: 'link' }>[] {
  return items.flatMap((item) => (item.type === 'link' ? [item] : flattenSidebar(item.items)));
}

type Category = Extract<SidebarItem, { type: 'category' }>;

/** Where each doc sits in a sidebar: its place in reading order and the categories holding it. Built once per sidebar. */
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
      href: withBase(config, config.docs.routeBasePath, 'tags', slug),
      docs: bySlug.get(slug)!,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** A tag's URL segment: 'Firebase Setup' -> 'firebase-setup'. '+' and '#' are spelt out, so 'C++' and 'C#' are not 'c'. */
export function tagSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/\+/g, '-plus-')
    .replace(/#/g, '-sharp-')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}
