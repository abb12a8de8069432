// Everything the server renders pages with, in one module: the render stage imports it, and `egdocs serve` loads a
// fresh copy of it (bundleTemplates in src/bundle) when a template changes, without restarting.
import { App } from './App.tsx';
import { pages as blogPages } from './BlogPages.tsx';
import { pages as docPages } from './DocPage.tsx';
import type { PageRegistry } from './pages.ts';
import { pages as simplePages } from './SimplePages.tsx';
import { SidebarShare } from './Sidebar.tsx';

export { App, SidebarShare };

/** What the render stage renders with: this module, or the fresh copy of it that serve loads. */
export interface Templates {
  App: typeof App;
  pages: PageRegistry;
  /** The context through which the server shares sidebar markup between pages (src/render/sidebar-share.ts). */
  SidebarShare: typeof SidebarShare;
}

/** Every page template: the server renders all kinds (the client loads them by group). */
export const pages: PageRegistry = { ...docPages, ...blogPages, ...simplePages };
