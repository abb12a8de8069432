// A page carries only the part of the sidebar it shows open: collapsed categories that do not hold the page keep
// their label but lose their items (marked lazy). The whole sidebar is written once per site (src/render/sidebar.ts)
// and the client fetches it when a reader opens such a category. Without this, every page would render and embed
// the whole sidebar, which grows the output quadratically with the number of docs.
import type { SidebarItem } from './model/types.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** True when the category holds the page at `path`, at any depth. */
export function holds(category: Category, path: string): boolean {
  return category.items.some((item) => (item.type === 'link' ? item.href === path : holds(item, path)));
}

/**
 * The sidebar as the page at `path` first shows it. Pages under the same categories get the same object, which the
 * render memo hashes once (render/index.ts).
 */
export function pruneSidebar(items: SidebarItem[], path: string): SidebarItem[] {
  const chain = holdersOf(items).get(path);
  const byChain = pruned.get(items) ?? pruned.set(items, new Map()).get(items)!;
  const known = byChain.get(chain);
  if (known) return known;
  const open = new Set(chain);
  const prune = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      if (!item.collapsed || open.has(item)) return { ...item, items: prune(item.items) };
      return { ...item, items: [], lazy: true };
    });
  const result = prune(items);
  byChain.set(chain, result);
  return result;
}

/**
 * The categories of `items` that hold the page at `path`: the ones it shows open. Pages of one category get the same
 * array, so it can tell them apart from others by identity.
 */
export function categoriesHolding(items: SidebarItem[], path: string): readonly Category[] | undefined {
  return holdersOf(items).get(path);
}

/**
 * Each sidebar's categories holding each path, found in one walk (asking `holds` of every category for every page of
 * a 10,000-doc site took over a second). The pages of one category share one list of holders.
 */
const holders = new WeakMap<SidebarItem[], Map<string, Category[]>>();
const pruned = new WeakMap<SidebarItem[], Map<Category[] | undefined, SidebarItem[]>>();

function holdersOf(items: SidebarItem[]): Map<string, Category[]> {
  let byPath = holders.get(items);
  if (byPath) return byPath;
  byPath = new Map();
  const walk = (list: SidebarItem[], chain: Category[]) => {
    for (const item of list) {
      if (item.type !== 'category') {
        // A path listed twice opens the categories of both places.
        const before = byPath!.get(item.href);
        byPath!.set(item.href, before ? [...new Set([...before, ...chain])] : chain);
      } else walk(item.items, [...chain, item]);
    }
  };
  walk(items, []);
  holders.set(items, byPath);
  return byPath;
}
