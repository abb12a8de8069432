import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { NavLink } from '../src/shared/model/types.ts';

/**
 * A navbar menu of links (navbar item type 'dropdown'): a button that opens a list. Escape closes it and gives focus
 * back to the button; a click or focus outside closes it; arrow keys move between its links.
 */
export function NavbarDropdown({ label, items, path }: { label: ReactNode; items: NavLink[]; path: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-menu a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const next = event.key === 'ArrowDown' ? (at + 1) % links.length : (at - 1 + links.length) % links.length;
      // The list renders on open; wait a frame for it when it was closed.
      requestAnimationFrame(() =>
        root.current
          ?.querySelectorAll<HTMLAnchorElement>('.dropdown-menu a')
          [at === -1 && event.key === 'ArrowUp' ? links.length - 1 : Math.max(0, next)]?.focus(),
      );
    }
  };
  return (
    <div ref={root} className={`navbar-dropdown${open ? ' open' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="navbar-link navbar-dropdown-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label}
        <svg className="caret" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={id} className="dropdown-menu" hidden={!open}>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.href === path ? 'page' : undefined} onClick={() => setOpen(false)}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
