// A page carries only the part of the sidebar it shows open: collapsed categories that do not hold the page keep
// their label but lose their items (marked lazy). The whole sidebar is written once per site (src/render/sidebar.ts)
// and the client fetches it when a reader opens such a category. Without this, every page would render and embed
// the whole sidebar, which grows the output quadratically with the number of docs.
import type { SidebarItem } from '../types.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** True when the category holds the page at `path`, at any depth. */
export function holds(category: Category, path: string): boolean {
  return category.items.some((item) => (item.type === 'link' ? item.href === path : holds(item, path)));
}

/** The sidebar as the page at `path` first shows it. */
export function pruneSidebar(items: SidebarItem[], path: string): SidebarItem[] {
  const open = holdersOf(items).get(path);
  const prune = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      if (!item.collapsed || open?.has(item)) return { ...item, items: prune(item.items) };
      return { ...item, items: [], lazy: true };
    });
  return prune(items);
}

/** Each sidebar's categories holding each path, found in one walk: asking `holds` of every category for every page
 * of a 10,000-doc site took over a second. */
const holders = new WeakMap<SidebarItem[], Map<string, Set<Category>>>();

function holdersOf(items: SidebarItem[]): Map<string, Set<Category>> {
  let byPath = holders.get(items);
  if (byPath) return byPath;
  byPath = new Map();
  const walk = (list: SidebarItem[], chain: Category[]) => {
    for (const item of list) {
      if (item.type !== 'category') {
        const set = byPath!.get(item.href) ?? byPath!.set(item.href, new Set()).get(item.href)!;
        for (const category of chain) set.add(category);
      } else walk(item.items, [...chain, item]);
    }
  };
  walk(items, []);
  holders.set(items, byPath);
  return byPath;
}
