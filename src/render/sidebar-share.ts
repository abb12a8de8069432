// Rendering a page's sidebar is most of React's work for a doc page: a site of 10,000 docs in 200 categories lists 200
// category buttons on every page. Yet the pages of one category show their sidebar in the same state (the same
// pruned items, the same categories open) and differ only in which link is the current page's. So the first page in a
// state has its sidebar rendered by React, its list's markup is kept, and the others are made from it by moving the
// current-page marker from one link to another: the markup React would have given, which the client then hydrates.
// A test renders sites both ways and compares every byte (test/render/sidebar-share.test.ts).
import type { SidebarMarkup } from '../../templates/Sidebar.tsx';
import { categoriesHolding } from '../shared/sidebar.ts';
import type { SidebarItem } from '../shared/model/types.ts';

/** React escapes these in attributes its own way; a path holding any of them is rendered in full. */
const UNSAFE = /["&'<>]/;

/** A sidebar list's markup, as rendered for the page at `path`. */
interface Made {
  path: string;
  wholeUrl: string | undefined;
  label: string;
  html: string;
}
type Open = ReturnType<typeof categoriesHolding>;

export class SidebarShare implements SidebarMarkup {
  /**
   * The markup of each state: by the items' object (pruned per open category, shared/sidebar.ts), then by the
   * categories open on the page (the same array for the pages of one category).
   */
  private readonly made = new WeakMap<SidebarItem[], Map<Open, Made[]>>();
  /** The states the page being rendered asked for and did not find: learn() takes their markup from its HTML. */
  private missed: { known: Made[]; path: string; wholeUrl: string | undefined; label: string }[] = [];

  markup(items: SidebarItem[], path: string, wholeUrl: string | undefined, label: string): string | undefined {
    if (UNSAFE.test(path) || UNSAFE.test(label)) return undefined;
    const byOpen = this.made.get(items) ?? this.made.set(items, new Map()).get(items)!;
    const open = categoriesHolding(items, path);
    const known = byOpen.get(open) ?? byOpen.set(open, []).get(open)!;
    const same = known.find((made) => made.wholeUrl === wholeUrl && made.label === label);
    if (same) return moveCurrent(same.html, same.path, path);
    this.missed.push({ known, path, wholeUrl, label });
    return undefined;
  }

  /** After a page is rendered (`appHtml`): keeps the markup of each sidebar it had to render in full. */
  learn(appHtml: string): void {
    for (const { known, path, wholeUrl, label } of this.missed) {
      // The label has nothing to escape (markup() takes no other).
      const open = `<nav class="sidebar" aria-label="${label}">`;
      const start = appHtml.indexOf(open);
      const end = start < 0 ? -1 : appHtml.indexOf('</nav>', start);
      if (end >= 0) known.push({ path, wholeUrl, label, html: appHtml.slice(start + open.length, end) });
    }
    this.missed = [];
  }
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
