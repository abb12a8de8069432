import { createContext, useContext, useEffect, useState } from 'react';
import { holds } from '../src/shared/sidebar.ts';
import type { SidebarItem } from '../src/shared/model/types.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** Where the whole sidebar can be fetched from, for categories the page left out (see src/render/sidebar.ts). */
const WholeSidebarUrl = createContext<string | undefined>(undefined);

// One request per sidebar file for the life of the page, shared by every category that opens; once loaded, the
// items are at hand synchronously, so a category remounted after client navigation does not flash empty.
const loading = new Map<string, Promise<SidebarItem[]>>();
const loaded = new Map<string, SidebarItem[]>();
function loadSidebar(url: string): Promise<SidebarItem[]> {
  let promise = loading.get(url);
  if (!promise) {
    promise = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      const items = (await response.json()) as SidebarItem[];
      loaded.set(url, items);
      return items;
    });
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}

// What the reader opened and closed, by category position. It outlives a page (client navigation may unmount the
// sidebar, for example on the way through a blog page) and is only ever written by a click, so the server, which
// never clicks, renders every category in its initial state and hydration matches.
const openByReader = new Map<string, boolean>();

function itemsAt(items: SidebarItem[], trail: number[]): SidebarItem[] {
  let current = items;
  for (const index of trail) {
    const item = current[index];
    current = item?.type === 'category' ? item.items : [];
  }
  return current;
}

/**
 * The server's share of sidebar markup (src/render/sidebar-share.ts): the pages whose sidebar is in the same state
 * differ only in the current page's link, so the list is rendered in full once and the others are made from it. It
 * gives the list's HTML, or undefined to have it rendered here. The client has none: hydration meets the same markup.
 */
export interface SidebarMarkup {
  markup(items: SidebarItem[], path: string, wholeUrl: string | undefined, label: string): string | undefined;
}
export const SidebarShare = createContext<SidebarMarkup | undefined>(undefined);

/** The docs sidebar: categories start collapsed except the one holding the current page; each opens on its own. */
export function Sidebar({
  items,
  path,
  label = 'Docs sidebar',
  wholeUrl,
}: {
  items: SidebarItem[];
  path: string;
  label?: string;
  wholeUrl?: string;
}) {
  const shared = useContext(SidebarShare)?.markup(items, path, wholeUrl, label);
  return (
    <WholeSidebarUrl.Provider value={wholeUrl}>
      {shared === undefined ? (
        <nav className="sidebar" aria-label={label}>
          <SidebarList items={items} path={path} level={1} trail={[]} />
        </nav>
      ) : (
        <nav className="sidebar" aria-label={label} dangerouslySetInnerHTML={{ __html: shared }} />
      )}
    </WholeSidebarUrl.Provider>
  );
}

function SidebarList({
  items,
  path,
  level,
  trail,
}: {
  items: SidebarItem[];
  path: string;
  level: number;
  trail: number[];
}) {
  return (
    <ul className={`sidebar-list level-${level}`}>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={item.href + i} className="sidebar-item">
            <a
              className={`sidebar-link${item.href === path ? ' active' : ''}`}
              href={item.href}
              aria-current={item.href === path ? 'page' : undefined}
            >
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategory key={item.label + i} category={item} path={path} level={level} trail={[...trail, i]} />
        ),
      )}
    </ul>
  );
}

function SidebarCategory({
  category,
  path,
  level,
  trail,
}: {
  category: Category;
  path: string;
  level: number;
  trail: number[];
}) {
  const wholeUrl = useContext(WholeSidebarUrl);
  const key = `${wholeUrl ?? ''}#${trail.join('.')}`;
  const active = holds(category, path);
  const [open, setOpen] = useState(() => openByReader.get(key) ?? (active || !category.collapsed));
  const [fetched, setFetched] = useState<SidebarItem[] | undefined>(() =>
    wholeUrl && loaded.has(wholeUrl) ? itemsAt(loaded.get(wholeUrl)!, trail) : undefined,
  );
  const [failed, setFailed] = useState(false);
  const items = category.items.length > 0 ? category.items : (fetched ?? []);
  // Client navigation into a collapsed category opens it, as a fresh load of that page would.
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  useEffect(() => {
    if (!open || !category.lazy || items.length > 0 || !wholeUrl) return;
    let current = true;
    loadSidebar(wholeUrl).then(
      (whole) => current && setFetched(itemsAt(whole, trail)),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
    // trail is a new array each render; its joined form is the stable identity.
  }, [open, category.lazy, items.length, wholeUrl, trail.join('.')]);
  const toggle = () => {
    openByReader.set(key, !open);
    setOpen(!open);
  };
  const id = `sidebar-category-${trail.join('-')}`;
  return (
    <li className={`sidebar-category${active ? ' active' : ''}`}>
      <button
        type="button"
        className="sidebar-category-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
      >
        <span>{category.label}</span>
        <svg className="caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={id} className="sidebar-category-items" hidden={!open}>
        {failed ? (
          <p className="sidebar-error">Could not load this section. Reload the page to try again.</p>
        ) : (
          <SidebarList items={items} path={path} level={level + 1} trail={trail} />
        )}
      </div>
    </li>
  );
}
