// What the reader's side of docs versions needs from the site stage: every version with its label, banner and the
// page its docs start at, and for each doc where the same page is in every version (the same doc id), else that
// version's start. The navbar's version dropdown, the Docs link and an older version's banner read only this, so a
// project that declares no versions gets none of it and its pages do not change.
import type { Config, DocMeta, DocsVersionChoice, SidebarItem } from '../shared/model/types.ts';
import { escape } from './doc-footer.ts';
import { flattenSidebar } from './docs.ts';
import { withBase } from '../shared/urls.ts';
import type { ChangesLink } from './changes.ts';

/** The docs versions as the reader's side sees them, made once per build. */
export interface VersionLinks {
  /** Every version, the current one first, then the older ones as the config lists them. */
  versions: DocsVersionChoice[];
  /** The name of the latest version (docs.lastVersion, else the current one). */
  latest: string;
  /** Where `doc` is in each version, by version name: the doc of the same id there, else the version's start. */
  hrefsOf(doc: DocMeta): Record<string, string>;
  /**
   * The notice a doc of a version other than the latest carries, as HTML; none per its version's `banner`. It links
   * to the doc's comparison with the next version when there is one (site/changes.ts).
   */
  bannerOf(doc: DocMeta, changes?: ChangesLink): string | undefined;
}

/**
 * The versions of a project that declares older ones (`docs.versions`); undefined otherwise. `sidebarVersions` names
 * the older version each sidebar belongs to; the others are the current version's.
 */
export function versionLinks(
  config: Config,
  docs: DocMeta[],
  sidebars: Record<string, SidebarItem[]>,
  sidebarVersions: Readonly<Record<string, string>>,
): VersionLinks | undefined {
  if (config.docs.versions.length === 0) return undefined;
  const current = config.docs.version.name;
  const nameOf = (version: string | undefined) => version ?? current;
  // Where each version starts: its first sidebar's first doc, else its first doc (as docsStart does for the current).
  const starts = new Map<string, string>();
  for (const [id, items] of Object.entries(sidebars)) {
    const name = nameOf(sidebarVersions[id]);
    const first = flattenSidebar(items)[0]?.href;
    if (!starts.has(name) && first !== undefined) starts.set(name, first);
  }
  const byId = new Map<string, string>();
  for (const doc of docs) {
    const name = nameOf(doc.version);
    if (!starts.has(name)) starts.set(name, doc.path);
    byId.set(`${name}\0${doc.id}`, doc.path);
  }
  const start = (name: string) => starts.get(name) ?? config.baseUrl;
  const latest = config.docs.lastVersion ?? current;
  const versions: DocsVersionChoice[] = [
    {
      name: current,
      label: config.docs.version.label,
      // The current docs ahead of the latest release (docs.lastVersion names an older one) are not released yet.
      banner: latest === current ? 'none' : 'unreleased',
      href: start(current),
      base: withBase(config, config.docs.routeBasePath),
    },
    // An older version without a banner setting is taken as no longer maintained.
    ...config.docs.versions.map((v) => ({
      name: v.name,
      label: v.label,
      banner: v.banner ?? ('unmaintained' as const),
      href: start(v.name),
      base: withBase(config, config.docs.routeBasePath, v.path),
    })),
  ];
  const hrefsOf = (doc: DocMeta) =>
    Object.fromEntries(versions.map((v) => [v.name, byId.get(`${v.name}\0${doc.id}`) ?? v.href]));
  return {
    versions,
    latest,
    hrefsOf,
    bannerOf(doc, changes) {
      const version = versions.find((v) => v.name === nameOf(doc.version))!;
      if (version.name === latest || version.banner === 'none') return undefined;
      return versionBanner(
        version,
        versions.find((v) => v.name === latest)!,
        hrefsOf(doc)[latest],
        changes,
      );
    },
  };
}

/**
 * The banner of an older (or unreleased) version's page: it names the version and links to the page in the latest
 * version. HTML made here, in the page's HTML like the doc footer: it costs the client no code.
 */
export function versionBanner(
  version: DocsVersionChoice,
  latest: DocsVersionChoice,
  href: string,
  changes?: ChangesLink,
): string {
  const state = version.banner === 'unreleased' ? 'an unreleased version' : 'which is no longer actively maintained';
  const compare = changes
    ? ` <a href="${escape(changes.href)}">What changed on this page in ${escape(changes.label)}</a>.`
    : '';
  return (
    `<div class="admonition admonition-caution version-banner" role="note"><p>` +
    `This is documentation for ${escape(version.label)}, ${state}. ` +
    `See <a href="${escape(href)}">the latest version (${escape(latest.label)})</a>.${compare}</p></div>\n`
  );
}
