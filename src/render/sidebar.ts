// A page carries only the part of the sidebar it shows open: collapsed categories that do not hold the page keep
// their label but lose their items (marked lazy). The whole sidebar is written once per site as a hashed JSON file
// that the client fetches when a reader opens such a category. Without this, every page would render and embed
// the whole sidebar, which grows the output quadratically with the number of docs.
import { holds } from '../../templates/Sidebar.tsx';
import { contentHash } from '../hash.ts';
import type { OutputFile, SidebarItem } from '../types.ts';

/** The sidebar as the page at `path` first shows it. */
export function pruneSidebar(items: SidebarItem[], path: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (!item.collapsed || holds(item, path)) return { ...item, items: pruneSidebar(item.items, path) };
    return { ...item, items: [], lazy: true };
  });
}

/**
 * One JSON file per sidebar, named by content hash, and the URL of each. `serve` asks for fixed names (hashed: false):
 * a new title changes the sidebar, and a new URL in every page's shared parts would make every page render again.
 */
export function sidebarFiles(
  sidebars: Record<string, SidebarItem[]>,
  baseUrl: string,
  { hashed = true } = {},
): { files: OutputFile[]; urls: Record<string, string> } {
  const files: OutputFile[] = [];
  const urls: Record<string, string> = {};
  for (const [id, items] of Object.entries(sidebars)) {
    const json = JSON.stringify(items);
    const path = `assets/data/sidebar-${id}${hashed ? `.${contentHash(json)}` : ''}.json`;
    files.push({ path, contents: json });
    urls[id] = baseUrl + path;
  }
  return { files, urls };
}
