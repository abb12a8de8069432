import { useEffect, useState } from 'react';
import type { TocItem } from '../src/shared/model/types.ts';

/**
 * The heading the reader is in: the last one above the reading line, a third of the way down the space below the
 * navbar (a section whose heading has just come into the upper part of the screen is the one being read; waiting
 * for it to reach the navbar made the highlight trail a section behind). At the very bottom of the page, the last
 * heading on screen (a short final section may never reach the line); before the first one, none. After a jump to
 * a heading (a TOC link, a `#id` address), that heading stays current until the reader scrolls themselves, so a
 * short section followed closely by the next is still the one highlighted.
 */
export function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  const ids = items.map((item) => item.id).join('\n');
  useEffect(() => {
    // Looked up each time: a save in `egdocs serve` may replace a heading's element while the contents stay the same.
    const headingsNow = () =>
      ids
        .split('\n')
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null);
    // The heading of the last jump, until the reader scrolls (wheel, touch, keys, a press on the scrollbar).
    let jumped: HTMLElement | undefined;
    const update = () => {
      const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
      const line = navbar + (innerHeight - navbar) / 3;
      const atBottom = innerHeight + scrollY >= document.documentElement.scrollHeight - 4;
      let current: HTMLElement | undefined;
      for (const heading of headingsNow()) {
        const y = heading.getBoundingClientRect().top;
        if (y <= line || (atBottom && y < innerHeight)) current = heading;
      }
      // The jump's heading holds while it is still in the upper part of the screen.
      const y = jumped?.getBoundingClientRect().top ?? -1;
      setActive((y >= 0 && y <= line ? jumped : current)?.id);
    };
    const onHash = () => {
      jumped = headingsNow().find((heading) => location.hash === `#${encodeURIComponent(heading.id)}`);
      update();
    };
    let frame = 0;
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), update()));
    };
    const release = () => (jumped = undefined);
    const listeners: [string, () => void][] = [
      ['scroll', onScroll],
      ['resize', onScroll],
      ['hashchange', onHash],
      ...['wheel', 'touchstart', 'keydown', 'pointerdown'].map((type): [string, () => void] => [type, release]),
    ];
    for (const [type, listener] of listeners) addEventListener(type, listener, { passive: true });
    onHash();
    return () => {
      cancelAnimationFrame(frame);
      for (const [type, listener] of listeners) removeEventListener(type, listener);
    };
  }, [ids]);
  return active;
}

function TocList({ items, active, onPick }: { items: TocItem[]; active?: string; onPick?: () => void }) {
  const top = Math.min(...items.map((item) => item.level));
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id} className={`toc-item toc-depth-${item.level - top}`}>
          <a
            href={`#${item.id}`}
            className={item.id === active ? 'active' : undefined}
            aria-current={item.id === active ? 'location' : undefined}
            onClick={onPick}
          >
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * "On this page" beside the content (desktop): same-page links to the headings in the configured levels, the current
 * one (`active`, from the page's one useActiveHeading) highlighted.
 */
export function Toc({ items, active }: { items: TocItem[]; active?: string }) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList items={items} active={active} />
    </nav>
  );
}

/** The same list above the content on narrow screens, collapsed until opened; picking a heading closes it. */
export function TocCollapsible({ items, active }: { items: TocItem[]; active?: string }) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <div className="toc-collapsible">
      <button
        type="button"
        className="toc-collapsible-button"
        aria-expanded={open}
        aria-controls="toc-collapsible-list"
        onClick={() => setOpen(!open)}
      >
        On this page
        <svg className="caret" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <nav id="toc-collapsible-list" aria-label="On this page" hidden={!open}>
        <TocList items={items} active={active} onPick={() => setOpen(false)} />
      </nav>
    </div>
  );
}
