import { useEffect, useState } from 'react';
import type { Chrome, NavbarEntry, SidebarItem } from '../src/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchBox } from './SearchBox.tsx';
import { Sidebar } from './Sidebar.tsx';

function Entry({ entry, chrome, path }: { entry: NavbarEntry; chrome: Chrome; path: string }) {
  switch (entry.type) {
    case 'link': {
      const active = entry.activeBase ? path.startsWith(entry.activeBase) : path === entry.href;
      return (
        <a className={`navbar-link${active ? ' active' : ''}`} href={entry.href} aria-current={active && path === entry.href ? 'page' : undefined}>
          {entry.label}
        </a>
      );
    }
    case 'search':
      return <SearchBox chrome={chrome} />;
    case 'colorMode':
      return <ColorModeToggle chrome={chrome} />;
  }
}

/** The top bar: title, navbar items, and below 996 px a menu button that opens a drawer with the docs sidebar. */
export function Navbar({ chrome, path, sidebar, sidebarId }: { chrome: Chrome; path: string; sidebar?: SidebarItem[]; sidebarId?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const left = chrome.navbar.filter((e) => e.position === 'left');
  const right = chrome.navbar.filter((e) => e.position === 'right');
  const hasToggle = chrome.navbar.some((e) => e.type === 'colorMode');
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <button type="button" className="icon-button navbar-menu-button" aria-label="Toggle navigation bar" aria-expanded={menuOpen} aria-controls="navbar-drawer" onClick={() => setMenuOpen(!menuOpen)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <a className="navbar-brand" href={chrome.baseUrl}>
          {chrome.logo ? <img src={chrome.logo.src} alt={chrome.logo.alt} width="32" height="32" /> : null}
          <span className="navbar-title">{chrome.navbarTitle}</span>
        </a>
        <div className="navbar-items navbar-left">
          {left.map((entry, i) => (
            <Entry key={i} entry={entry} chrome={chrome} path={path} />
          ))}
        </div>
        <div className="navbar-items navbar-right">
          {right.map((entry, i) => (
            <Entry key={i} entry={entry} chrome={chrome} path={path} />
          ))}
          {hasToggle ? null : <ColorModeToggle chrome={chrome} />}
        </div>
      </nav>
      <div id="navbar-drawer" className="navbar-drawer" hidden={!menuOpen}>
        <div className="navbar-drawer-backdrop" onClick={() => setMenuOpen(false)} />
        <div className="navbar-drawer-panel" role="dialog" aria-modal="true" aria-label="Navigation">
          <nav aria-label="Main menu" className="drawer-links">
            {chrome.navbar
              .filter((e) => e.type === 'link')
              .map((entry, i) => (
                <Entry key={i} entry={entry} chrome={chrome} path={path} />
              ))}
          </nav>
          {/* Rendered only while open: the drawer starts hidden, so the server need not render the sidebar twice. */}
          {sidebar && menuOpen ? <Sidebar items={sidebar} path={path} label="Docs menu" wholeUrl={sidebarId ? chrome.sidebarUrls[sidebarId] : undefined} /> : null}
        </div>
      </div>
    </header>
  );
}
