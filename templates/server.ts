// Everything the server renders pages with, in one module: the render stage imports it, and `egdocs serve` loads a
// fresh copy of it (bundleTemplates in src/bundle) when a template changes, without restarting.
import { App } from './App.tsx';
import { pages as blogPages } from './BlogPages.tsx';
import { pages as docPages } from './DocPage.tsx';
import type { PageRegistry } from './pages.ts';
import { pages as simplePages } from './SimplePages.tsx';

export { App };

/** What the render stage renders with: this module, or the fresh copy of it that serve loads. */
export interface Templates {
  App: typeof App;
  pages: PageRegistry;
}

/** Every page template: the server renders all kinds (the client loads them by group). */
export const pages: PageRegistry = { ...docPages, ...blogPages, ...simplePages };
