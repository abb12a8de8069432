// Rendering a page's sidebar is most of React's work for a doc page: a site of 10,000 docs in 200 categories lists 200
// category buttons on every page. Yet the pages of one category show their sidebar in the same state (the same
// pruned items, the same categories open) and differ only in which link is the current page's. So the first page in a
// state has its sidebar rendered by React, its list's markup is kept, and the others are made from it by moving the
// current-page marker from one link to another: the markup React would have given, which the client then hydrates.
// A test renders sites both ways and compares every byte (test/render/sidebar-share.test.ts).
import type { SidebarMarkup } from '../../templates/Sidebar.tsx';
import { holds } from '../shared/sidebar.ts';
import type { SidebarItem } from '../types.ts';

/** React escapes these in attributes its own way; a path holding any of them is rendered in full. */
const UNSAFE = /["&'<>]/;

export class SidebarShare implements SidebarMarkup {
  /** Each state's list markup and the path it was rendered for, by the items' object and the rest of the state. */
  private readonly made = new WeakMap<SidebarItem[], Map<string, { path: string; html: string }>>();
  /** The states the page being rendered asked for and did not find: learn() takes their markup from its HTML. */
  private missed: { items: SidebarItem[]; state: string; path: string; label: string }[] = [];

  markup(items: SidebarItem[], path: string, wholeUrl: string | undefined, label: string): string | undefined {
    if (UNSAFE.test(path) || UNSAFE.test(label)) return undefined;
    const state = `${wholeUrl ?? ''}\n${label}\n${openCategories(items, path)}`;
    const known = this.made.get(items)?.get(state);
    if (known) return moveCurrent(known.html, known.path, path);
    this.missed.push({ items, state, path, label });
    return undefined;
  }

  /** After a page is rendered (`appHtml`): keeps the markup of each sidebar it had to render in full. */
  learn(appHtml: string): void {
    for (const { items, state, path, label } of this.missed) {
      // The label has nothing to escape (markup() takes no other).
      const open = `<nav class="sidebar" aria-label="${label}">`;
      const start = appHtml.indexOf(open);
      const end = start < 0 ? -1 : appHtml.indexOf('</nav>', start);
      if (end < 0) continue;
      const byState = this.made.get(items) ?? this.made.set(items, new Map()).get(items)!;
      byState.set(state, { path, html: appHtml.slice(start + open.length, end) });
    }
    this.missed = [];
  }
}

/** The positions of the categories that hold `path`: open, and marked, on that page. */
function openCategories(items: SidebarItem[], path: string): string {
  const open: string[] = [];
  const walk = (list: SidebarItem[], trail: string) =>
    list.forEach((item, i) => {
      if (item.type !== 'category') return;
      if (holds(item, path)) open.push(`${trail}${i}`);
      walk(item.items, `${trail}${i}.`);
    });
  walk(items, '');
  return open.join(',');
}

/** The list rendered for the page at `from`, as the page at `to` shows it: only the current-page links differ. */
function moveCurrent(html: string, from: string, to: string): string {
  if (from === to) return html;
  const link = (href: string, current: boolean) =>
    current
      ? `<a class="sidebar-link active" href="${href}" aria-current="page">`
      : `<a class="sidebar-link" href="${href}">`;
  return html.replaceAll(link(from, true), link(from, false)).replaceAll(link(to, false), link(to, true));
}
