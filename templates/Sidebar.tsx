import { useState } from 'react';
import type { SidebarItem } from '../src/types.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** True when the category holds the page at `path`, at any depth. */
export function holds(category: Category, path: string): boolean {
  return category.items.some((item) => (item.type === 'link' ? item.href === path : holds(item, path)));
}

/** The docs sidebar: categories start collapsed except the one holding the current page; each opens on its own. */
export function Sidebar({ items, path, label = 'Docs sidebar' }: { items: SidebarItem[]; path: string; label?: string }) {
  return (
    <nav className="sidebar" aria-label={label}>
      <SidebarList items={items} path={path} level={1} />
    </nav>
  );
}

function SidebarList({ items, path, level }: { items: SidebarItem[]; path: string; level: number }) {
  return (
    <ul className={`sidebar-list level-${level}`}>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={item.href + i} className="sidebar-item">
            <a className={`sidebar-link${item.href === path ? ' active' : ''}`} href={item.href} aria-current={item.href === path ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategory key={item.label + i} category={item} path={path} level={level} />
        ),
      )}
    </ul>
  );
}

function SidebarCategory({ category, path, level }: { category: Category; path: string; level: number }) {
  const active = holds(category, path);
  const [open, setOpen] = useState(active || !category.collapsed);
  return (
    <li className={`sidebar-category${active ? ' active' : ''}`}>
      <button type="button" className="sidebar-category-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span>{category.label}</span>
        <svg className="caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <div className="sidebar-category-items" hidden={!open}>
        <SidebarList items={category.items} path={path} level={level + 1} />
      </div>
    </li>
  );
}
