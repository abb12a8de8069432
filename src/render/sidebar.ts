// The whole sidebar, written once per site as a hashed JSON file: a page carries only the part it shows open
// (pruneSidebar, src/shared/sidebar.ts), and the client fetches the rest when a reader opens a category it left out.
import { contentHash } from '../platform/hash.ts';
import type { OutputFile, SidebarItem } from '../shared/model/types.ts';

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
