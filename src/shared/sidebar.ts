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
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (!item.collapsed || holds(item, path)) return { ...item, items: pruneSidebar(item.items, path) };
    return { ...item, items: [], lazy: true };
  });
}
