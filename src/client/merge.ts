// The next route's props from its payload and the page the reader is on. Pure, so it is tested in node.
import type { PageProps, RoutePayload, SidebarItem } from '../shared/model/types.ts';

/**
 * Each payload carries its page's pruned sidebar (collapsed categories left empty, see src/shared/sidebar.ts).
 * Categories the reader already has items for keep them, so a category they opened stays filled after navigating.
 */
export function mergeSidebar(known: SidebarItem[] | undefined, next: SidebarItem[]): SidebarItem[] {
  if (!known || known.length !== next.length) return next;
  return next.map((item, i) => {
    const old = known[i];
    if (item.type !== 'category' || old?.type !== 'category' || old.label !== item.label) return item;
    if (item.items.length === 0 && old.items.length > 0) return { ...item, items: old.items, lazy: false };
    return { ...item, items: mergeSidebar(old.items, item.items) };
  });
}

export function propsFromPayload(current: PageProps, payload: RoutePayload): PageProps {
  const sameSidebar = payload.sidebarId !== undefined && payload.sidebarId === current.sidebarId;
  return {
    chrome: current.chrome,
    route: payload.route,
    sidebarId: payload.sidebarId,
    sidebar: payload.sidebar && (sameSidebar ? mergeSidebar(current.sidebar, payload.sidebar) : payload.sidebar),
  };
}
