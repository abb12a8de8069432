// The config's references to the content, checked as soon as the docs are known (build.ts, right after the content
// is read): the doc ids in sidebars and links, and the sidebar each docs navbar item opens. The site stage then
// trusts them. Each problem points where it is written (config.locations, recorded by the schema).
import { type Diagnostics, didYouMean, type Location } from '../diagnostics.ts';
import type { ConfigLink, NavbarItem } from './navbar.ts';
import type { Config } from './schema.ts';
import { type SidebarItemConfig, sidebarsOf } from './sidebars.ts';

/**
 * Reports each doc id or sidebar id of the config that does not exist (an error, with the closest id), and each
 * doc listed twice in one sidebar (a warning: previous/next links follow the first).
 */
export function checkReferences(config: Config, docIds: string[], diagnostics: Diagnostics): void {
  const docs = new Set(docIds);
  const at = (key: string): Location => config.locations[key] ?? { file: config.configFile };
  /** True when the doc exists; else reports it with the closest id, or with `fix`. */
  const exists = (id: string, message: string, key: string, fix: string): boolean => {
    if (docs.has(id)) return true;
    const guess = didYouMean(id, docs);
    diagnostics.error('config', message, at(key), guess ? `did you mean '${guess}'?` : fix);
    return false;
  };

  for (const [sidebarId, items] of Object.entries(config.docs.sidebars)) {
    // Where each doc was first listed: a second entry would give it two places in the previous/next chain.
    const listed = new Map<string, string>();
    const walk = (entries: SidebarItemConfig[], prefix: string) =>
      entries.forEach((item, i) => {
        const key = `${prefix}[${i}]`;
        if (typeof item === 'string' || item.type === 'doc') {
          const id = typeof item === 'string' ? item : item.id;
          const message = `${key}: doc id '${id}' does not exist`;
          if (!exists(id, message, key, 'add the page under content/docs or remove the entry')) return;
          const first = listed.get(id);
          if (!first) listed.set(id, key);
          else
            diagnostics.warn(
              'config',
              `${key}: doc '${id}' is listed twice in sidebar '${sidebarId}' (first at ${first}); previous/next links follow the first`,
              at(key),
              'remove one of the entries',
            );
        } else if (item.type === 'category') {
          const message = `${key}: category '${item.label}' links to doc id '${item.link}', which does not exist`;
          if (item.link !== undefined)
            exists(item.link, message, `${key}.link`, 'add the page under content/docs or remove the link');
          walk(item.items, `${key}.items`);
        }
      });
    walk(items, `docs.sidebars.${sidebarId}`);
  }

  /** A link's doc id, when it names one. */
  const linkedDoc = (link: ConfigLink, key: string) => {
    if (link.doc === undefined) return;
    const message = `${key}.doc: doc id '${link.doc}' does not exist`;
    exists(link.doc, message, `${key}.doc`, 'use the id of a page under content/docs (its path without .md)');
  };
  const sidebars = sidebarsOf(config.docs.sidebars, docIds);
  const sidebarIds = Object.keys(sidebars);
  // Without items, the navbar opens the first sidebar (site/chrome.ts, defaultNavbar), which needs a doc too.
  const navbar: NavbarItem[] =
    config.navbar.items ??
    (sidebarIds.length > 0 ? [{ type: 'docSidebar', sidebarId: sidebarIds[0], label: 'Docs', position: 'left' }] : []);
  navbar.forEach((item, index) => {
    const key = `navbar.items[${index}]`;
    if (item.type === 'link') linkedDoc(item, key);
    if (item.type === 'dropdown') item.items.forEach((entry, i) => linkedDoc(entry, `${key}.items[${i}]`));
    if (item.type !== 'docSidebar') return;
    const sidebar = sidebars[item.sidebarId];
    if (!sidebar)
      diagnostics.error(
        'config',
        `${key}: sidebar '${item.sidebarId}' does not exist`,
        at(`${key}.sidebarId`),
        `use one of: ${sidebarIds.join(', ') || '(no sidebars defined)'}`,
      );
    // Categories are never empty (config/sidebars.ts), so only an empty sidebar has no doc to open.
    else if (sidebar.length === 0)
      diagnostics.error(
        'config',
        `${key}: sidebar '${item.sidebarId}' has no doc to link to`,
        at(`${key}.sidebarId`),
        'add a doc to the sidebar',
      );
  });
  config.footer.links.forEach((link, i) => linkedDoc(link, `footer.links[${i}]`));
}
