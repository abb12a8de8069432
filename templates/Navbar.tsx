import { createContext, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import type { Chrome, NavbarEntry, SidebarItem } from '../src/shared/model/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { NavbarDropdown } from './NavbarDropdown.tsx';
import { SearchBox } from './SearchBox.tsx';
import { Sidebar } from './Sidebar.tsx';
import { readSetting } from './storage.ts';

// The docs version dropdown (SPEC: a layout part) and the Docs link that follows the reader's preferred version,
// drawn only in a project that declares older versions. The site stage gives every version (chrome.versions) and,
// on a doc page, where that page is in each version (route data `versions`), which App hands down in `PageVersions`.
//
// Every use of them sits behind `globalThis.EGDOCS_VERSIONS !== false`: the client bundle of a project that declares
// no versions defines it false (bundle/index.ts), so esbuild leaves all of it out and that project's pages weigh
// what they did (they live in this module, which imports React already: a module of their own importing it would
// add its import lines to every client). On the server it is undefined: the data decides (no `chrome.versions`).

declare global {
  /** False in the client bundle of a project without docs versions: see above. */
  var EGDOCS_VERSIONS: boolean | undefined;
}

/** On a doc page of a project with versions: where the page is in each version, by version name. */
export const PageVersions = /* @__PURE__ */ createContext<Record<string, string> | undefined>(undefined);

/**
 * The version a page belongs to: for a doc, the one in which the page is itself (the site stage points it at its
 * path); for another page under an older version's path (its comparisons, its tags), that version.
 */
function versionHere(chrome: Chrome, path: string, hrefs: Record<string, string> | undefined) {
  const [current, ...older] = chrome.versions?.list ?? [];
  if (hrefs) return chrome.versions?.list.find((v) => hrefs[v.name] === path);
  return older.find((v) => path.startsWith(v.base)) ?? (current && path.startsWith(current.base) ? current : undefined);
}

/**
 * The reader's preferred version (SPEC §4; the doc page stores the version it shows): the one being read on a doc
 * page, else the one stored, read after hydration so that the server's HTML and the first render agree.
 */
function usePreferredVersion(chrome: Chrome, path: string): string | undefined {
  const hrefs = useContext(PageVersions);
  const [stored, setStored] = useState<string | null>(null);
  useEffect(() => {
    if (chrome.versions) setStored(readSetting('docs-preferred-version-default', chrome));
  }, [chrome, path]);
  return versionHere(chrome, path, hrefs)?.name ?? stored ?? undefined;
}

/** Lists every version; each opens this page in that version when it is there, else where that version starts. */
function VersionDropdown({ chrome, path }: { chrome: Chrome; path: string }) {
  const hrefs = useContext(PageVersions);
  const list = chrome.versions?.list ?? [];
  const shown = versionHere(chrome, path, hrefs) ?? list[0];
  if (!shown) return null;
  return (
    <NavbarDropdown
      label={
        <>
          <span className="visually-hidden">Docs version: </span>
          {shown.label}
        </>
      }
      items={list.map((v) => ({ label: v.label, href: hrefs?.[v.name] ?? v.href }))}
      path={path}
    />
  );
}

/** The search box of a page in an older version: its "all results" link and its form keep to that version. */
function VersionedSearchBox({ chrome, path }: { chrome: Chrome; path: string }) {
  const here = versionHere(chrome, path, useContext(PageVersions));
  const older = here && here.name !== chrome.versions?.list[0]?.name ? here.name : undefined;
  return <SearchBox chrome={chrome} version={older} />;
}

function Entry({ entry, chrome, path }: { entry: NavbarEntry; chrome: Chrome; path: string }) {
  // Docs versions (above): the condition is a constant of the bundle, so the hooks keep their order; a project
  // without versions has none of this in its client.
  if (globalThis.EGDOCS_VERSIONS !== false) {
    const preferred = usePreferredVersion(chrome, path);
    if (entry.type === 'docsVersions') return <VersionDropdown chrome={chrome} path={path} />;
    // A docs link leads into the reader's preferred version.
    if (entry.type === 'link' && preferred && entry.versionHrefs?.[preferred])
      entry = { ...entry, href: entry.versionHrefs[preferred] };
  }
  switch (entry.type) {
    case 'link': {
      const active = entry.activeBase ? path.startsWith(entry.activeBase) : path === entry.href;
      return (
        <a
          className={`navbar-link${active ? ' active' : ''}`}
          href={entry.href}
          aria-current={active && path === entry.href ? 'page' : undefined}
        >
          {entry.label}
        </a>
      );
    }
    case 'dropdown':
      return <NavbarDropdown label={entry.label} items={entry.items} path={path} />;
    case 'search':
      return globalThis.EGDOCS_VERSIONS !== false ? (
        <VersionedSearchBox chrome={chrome} path={path} />
      ) : (
        <SearchBox chrome={chrome} />
      );
    case 'colorMode':
      return <ColorModeToggle chrome={chrome} />;
  }
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * While the drawer is open: Escape closes it, Tab and Shift+Tab cycle inside it, and on close focus returns to the
 * menu button (the WAI-ARIA modal dialog pattern).
 */
function useDrawerFocus(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLDivElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const focusables = () =>
      [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null);
    focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      const inside = panel.current?.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const restore = button.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      // Only when focus was still in the drawer: a link that navigated has already moved it to the new page.
      if (
        !document.activeElement ||
        document.activeElement === document.body ||
        panel.current?.contains(document.activeElement)
      )
        restore?.focus();
    };
  }, [open]);
}

/** Optional (config navbar.hideOnScroll): the bar slides away while scrolling down and comes back on scrolling up. */
function useHideOnScroll(enabled: boolean, paused: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;
      if (y < height) setHidden(false);
      else if (Math.abs(y - last) > 4) setHidden(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden && !paused;
}

/**
 * The top bar: title, navbar items, and below 996 px a menu button that opens a drawer with the navbar links and the
 * docs sidebar.
 */
export function Navbar({
  chrome,
  path,
  sidebar,
  sidebarId,
}: {
  chrome: Chrome;
  path: string;
  sidebar?: SidebarItem[];
  sidebarId?: string;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useDrawerFocus(menuOpen, () => setMenuOpen(false), panel, menuButton);
  // A link in the drawer navigates without reloading: close the drawer when the route changes.
  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    // The page behind a modal drawer does not scroll.
    document.documentElement.classList.toggle('drawer-open', menuOpen);
  }, [menuOpen]);
  const hidden = useHideOnScroll(chrome.hideOnScroll, menuOpen);
  const left = chrome.navbar.filter((e) => e.position === 'left');
  const right = chrome.navbar.filter((e) => e.position === 'right');
  const hasToggle = chrome.navbar.some((e) => e.type === 'colorMode');
  return (
    <header className={`navbar${hidden ? ' navbar-hidden' : ''}`}>
      <nav className="navbar-inner" aria-label="Main">
        <button
          ref={menuButton}
          type="button"
          className="icon-button navbar-menu-button"
          aria-label="Toggle navigation bar"
          aria-expanded={menuOpen}
          aria-controls="navbar-drawer"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <a className="navbar-brand" href={chrome.homeHref}>
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
        <div ref={panel} className="navbar-drawer-panel" role="dialog" aria-modal="true" aria-label="Navigation">
          <div className="drawer-header">
            <a className="navbar-brand" href={chrome.homeHref}>
              <span className="navbar-title">{chrome.navbarTitle}</span>
            </a>
            <button
              type="button"
              className="icon-button"
              aria-label="Close navigation bar"
              onClick={() => setMenuOpen(false)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Main menu" className="drawer-links">
            {chrome.navbar.map((entry, i) =>
              entry.type === 'link' ? (
                <Entry key={i} entry={entry} chrome={chrome} path={path} />
              ) : globalThis.EGDOCS_VERSIONS !== false && entry.type === 'docsVersions' ? (
                // Like the sidebar below, rendered only while the drawer is open: the page's HTML holds it once.
                menuOpen ? (
                  <VersionDropdown key={i} chrome={chrome} path={path} />
                ) : null
              ) : entry.type === 'dropdown' ? (
                // In the drawer a dropdown's links are simply listed under its label.
                <div key={i} className="drawer-group">
                  <span className="drawer-group-label">{entry.label}</span>
                  {entry.items.map((item) => (
                    <a key={item.href} className="navbar-link" href={item.href}>
                      {item.label}
                    </a>
                  ))}
                </div>
              ) : null,
            )}
          </nav>
          {/* Rendered only while open: the drawer starts hidden, so the server need not render the sidebar twice. */}
          {sidebar && menuOpen ? (
            <Sidebar
              items={sidebar}
              path={path}
              label="Docs menu"
              wholeUrl={sidebarId ? chrome.sidebarUrls[sidebarId] : undefined}
            />
          ) : null}
        </div>
      </div>
    </header>
  );
}
