// What changed between a version of the docs and the next newer one: for each doc both have (the same doc id) that
// changed, a comparison page at <docs>/<older path>/changes/<doc id>/, and an "Upgrading from <older> to <newer>" page at
// <docs>/<older path>/changes/ listing the docs that changed, with counts, and those added and removed. An older
// version's banner links to its page's comparison when something changed (site/versions.ts). A doc whose front
// matter says `compare_versions: false`, in either version, is left out of both pages' lists of changes.
import type { Sliced } from '../platform/pace.ts';
import type { Config, DocMeta, DocsVersionChoice, Page, Route, SidebarItem, TocItem } from '../shared/model/types.ts';
import { withBase } from '../shared/urls.ts';
import { changesHtml } from './changes-html.ts';
import { type ChangeCounts, compareBlocks, countChanges } from './compare.ts';
import { escape } from './doc-footer.ts';
import { flattenSidebar } from './docs.ts';

/** A doc's comparison with the next newer version, as its banner links to it. */
export interface ChangesLink {
  href: string;
  /** The newer version's label. */
  label: string;
}

export interface ChangesInput {
  config: Config;
  pages: Page[];
  docs: DocMeta[];
  /** Every version, newest first (site/versions.ts). */
  versions: DocsVersionChoice[];
  sidebars: Record<string, SidebarItem[]>;
  sidebarVersions: Readonly<Record<string, string>>;
}

type AddRoute = (route: Omit<Route, 'outFile'> & { outFile?: string }) => void;

/** One doc of the older version compared with the newer one's doc of the same id. */
interface Compared {
  older: DocMeta;
  newer: DocMeta;
  href: string;
  counts: ChangeCounts;
}

/**
 * Adds the comparison pages of every pair of adjacent versions; gives the comparison each older doc links to, by
 * the doc's path (only docs in which something changed).
 */
export function* addChangeRoutes(input: ChangesInput, add: AddRoute): Sliced<Map<string, ChangesLink>> {
  const links = new Map<string, ChangesLink>();
  const { versions } = input;
  const pageOf = new Map(input.pages.map((page) => [page.source.route, page]));
  for (let i = 1; i < versions.length; i++)
    yield* addPair({ ...input, pageOf }, versions[i - 1], versions[i], add, links);
  return links;
}

/** The comparison pages of `older` with the next newer version, and its upgrade page; records the banners' links. */
function* addPair(
  input: ChangesInput & { pageOf: ReadonlyMap<string, Page> },
  newer: DocsVersionChoice,
  older: DocsVersionChoice,
  add: AddRoute,
  links: Map<string, ChangesLink>,
): Sliced<void> {
  const { config, pageOf } = input;
  const optedOut = (doc: DocMeta) => pageOf.get(doc.path)!.source.frontMatter.compareVersions === false;
  const path = config.docs.versions.find((v) => v.name === older.name)!.path;
  const base = withBase(config, config.docs.routeBasePath, path, 'changes');
  const docsOf = (name: string) => input.docs.filter((doc) => (doc.version ?? config.docs.version.name) === name);
  const newerDocs = new Map(docsOf(newer.name).map((doc) => [doc.id, doc]));
  const olderDocs = new Map(docsOf(older.name).map((doc) => [doc.id, doc]));
  const compared: Compared[] = [];
  // A doc whose front matter says compare_versions: false, in either version, is only listed as not compared.
  const leftOut = new Set([...olderDocs.values(), ...newerDocs.values()].filter(optedOut).map((doc) => doc.id));
  for (const doc of olderDocs.values()) {
    const match = newerDocs.get(doc.id);
    if (match === undefined || optedOut(doc) || optedOut(match)) continue;
    yield;
    const [oldPage, newPage] = [pageOf.get(doc.path)!, pageOf.get(match.path)!];
    const { counts, body } = comparison(config, oldPage, newPage, path);
    const href = withBase(config, base.slice(config.baseUrl.length), doc.id);
    compared.push({ older: doc, newer: match, href, counts });
    // A doc that reads the same in both has nothing to show: the upgrade page lists it as unchanged. Many docs of two
    // adjacent versions do (27 of 59 on this site), and each would be one more page to render.
    if (total(counts) === 0) continue;
    links.set(doc.path, { href, label: newer.label });
    add({
      path: href,
      title: `${newPage.title}: what changed in ${newer.label}`,
      description: `How “${newPage.title}” changed from ${older.label} to ${newer.label}.`,
      noindex: true,
      data: {
        kind: 'docs-changes',
        html: comparisonHead({ older, newer, doc, match, counts, upgradeHref: base }) + body.html,
        toc: body.toc,
      },
    });
  }
  const places = new Map([...sidebarPlaces(input, older.name), ...sidebarPlaces(input, newer.name)]);
  const byOrder = (a: DocMeta, b: DocMeta) =>
    (places.get(a.path)?.order ?? Infinity) - (places.get(b.path)?.order ?? Infinity) || a.id.localeCompare(b.id);
  const onlyIn = (docs: Map<string, DocMeta>, other: Map<string, DocMeta>) =>
    [...docs.values()].filter((doc) => !other.has(doc.id) && !optedOut(doc)).sort(byOrder);
  add({
    path: base,
    title: `Upgrading from ${older.label} to ${newer.label}`,
    description: `The pages of the docs that changed from ${older.label} to ${newer.label}, and those added and removed.`,
    noindex: true,
    data: {
      kind: 'docs-upgrade',
      ...upgradeHtml({
        older,
        newer,
        sectionOf: (doc) => places.get(doc.path)?.section,
        compared: compared.sort((a, b) => byOrder(a.newer, b.newer)),
        added: onlyIn(newerDocs, olderDocs),
        removed: onlyIn(olderDocs, newerDocs),
        // Each doc once: its newer page when both versions have it.
        leftOut: [...leftOut].map((id) => newerDocs.get(id) ?? olderDocs.get(id)!).sort(byOrder),
      }),
    },
  });
}

/** A doc's comparison, by its older page and then its newer one: serve compares again only the pages a save changed. */
const comparisons = new WeakMap<
  Page,
  WeakMap<Page, { counts: ChangeCounts; body: { html: string; toc: TocItem[] } }>
>();

/** What changed from `older` to `newer`, the same doc in two versions; `path` is the older version's URL segment. */
function comparison(config: Config, older: Page, newer: Page, path: string) {
  const known = comparisons.get(older)?.get(newer);
  if (known) return known;
  const [oldCopy, newCopy] = [older.markdownCopy ?? '', newer.markdownCopy ?? ''];
  // Most docs of adjacent versions read the same but for the links, which lead into their own version: such a doc
  // needs no parse (a page with nothing changed shows no blocks).
  const docsOf = (...version: string[]) => config.url + withBase(config, config.docs.routeBasePath, ...version);
  let result;
  if (oldCopy.replaceAll(docsOf(path), docsOf()) === newCopy)
    result = { counts: { added: 0, removed: 0, changed: 0 }, body: { html: '', toc: [] } };
  else {
    const entries = compareBlocks(older.blocks ?? [], newer.blocks ?? []);
    result = { counts: countChanges(entries), body: changesHtml(entries) };
  }
  if (!comparisons.has(older)) comparisons.set(older, new WeakMap());
  comparisons.get(older)!.set(newer, result);
  return result;
}

const total = (counts: ChangeCounts) => counts.added + counts.removed + counts.changed;

/**
 * Each doc's place in its version's sidebars, by path: its order, as the upgrade page lists docs as a reader meets
 * them, and the label of the top category it is in, which tells apart docs of one title ("Installation").
 */
function sidebarPlaces(
  { sidebars, sidebarVersions, config }: ChangesInput,
  version: string,
): Map<string, { order: number; section?: string }> {
  const places = new Map<string, { order: number; section?: string }>();
  for (const [id, items] of Object.entries(sidebars)) {
    if ((sidebarVersions[id] ?? config.docs.version.name) !== version) continue;
    for (const item of items) {
      const section = item.type === 'category' ? item.label : undefined;
      for (const link of flattenSidebar([item]))
        if (!places.has(link.href)) places.set(link.href, { order: places.size, section });
    }
  }
  return places;
}

/** "3 added, 1 removed, 2 changed". */
function countsText(counts: ChangeCounts): string {
  return `${counts.added} added, ${counts.removed} removed, ${counts.changed} changed`;
}

function comparisonHead(c: {
  older: DocsVersionChoice;
  newer: DocsVersionChoice;
  doc: DocMeta;
  match: DocMeta;
  counts: ChangeCounts;
  upgradeHref: string;
}): string {
  const summary = `From ${escape(c.older.label)} to ${escape(c.newer.label)}, blocks of this page were ${escape(countsText(c.counts))}.`;
  return (
    `<p class="changes-summary">${summary}</p>\n` +
    `<ul class="changes-links">` +
    `<li><a href="${escape(c.doc.path)}">This page in ${escape(c.older.label)}</a></li>` +
    `<li><a href="${escape(c.match.path)}">This page in ${escape(c.newer.label)}</a></li>` +
    `<li><a href="${escape(c.upgradeHref)}">Every page that changed</a></li></ul>\n`
  );
}

function upgradeHtml(u: {
  older: DocsVersionChoice;
  newer: DocsVersionChoice;
  compared: Compared[];
  added: DocMeta[];
  removed: DocMeta[];
  leftOut: DocMeta[];
  sectionOf: (doc: DocMeta) => string | undefined;
}): { html: string; toc: TocItem[] } {
  const changed = u.compared.filter((c) => total(c.counts) > 0);
  const unchanged = u.compared.filter((c) => total(c.counts) === 0);
  const section = (doc: DocMeta) => {
    const label = u.sectionOf(doc);
    return label === undefined ? '' : ` <span class="changes-section">(${escape(label)})</span>`;
  };
  const link = (doc: DocMeta) => `<a href="${escape(doc.path)}">${escape(doc.title)}</a>${section(doc)}`;
  const list = (docs: DocMeta[]) => `<ul>${docs.map((doc) => `<li>${link(doc)}</li>`).join('')}</ul>\n`;
  const [from, to] = [escape(u.older.label), escape(u.newer.label)];
  const toc: TocItem[] = [];
  const h2 = (id: string, text: string) => {
    toc.push({ id, text, level: 2 });
    return `<h2 id="${id}">${escape(text)}</h2>\n`;
  };
  let html =
    `<p>Of the ${u.compared.length} ${u.compared.length === 1 ? 'page' : 'pages'} both versions have, ` +
    `${changed.length} changed from ${from} to ${to}. ` +
    `${u.added.length} ${u.added.length === 1 ? 'page is' : 'pages are'} new in ${to} and ${u.removed.length} ` +
    `${u.removed.length === 1 ? 'is' : 'are'} gone. Open a page to see its changes, block by block.</p>\n`;
  html += h2('changed-pages', `Changed pages (${changed.length})`);
  if (changed.length > 0) {
    const rows = changed.map(
      (c) =>
        `<tr><td><a href="${escape(c.href)}">${escape(c.newer.title)}</a>${section(c.newer)}</td>` +
        `<td>${c.counts.added}</td><td>${c.counts.removed}</td><td>${c.counts.changed}</td></tr>`,
    );
    html +=
      `<div class="table-wrapper"><table>\n<thead><tr><th>Page</th><th>Blocks added</th><th>Blocks removed</th>` +
      `<th>Blocks changed</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table></div>\n`;
  } else html += `<p>No page changed.</p>\n`;
  html += h2('added-pages', `New in ${u.newer.label} (${u.added.length})`);
  html += u.added.length > 0 ? list(u.added) : `<p>No page was added.</p>\n`;
  html += h2('removed-pages', `Not in ${u.newer.label} (${u.removed.length})`);
  html += u.removed.length > 0 ? list(u.removed) : `<p>No page was removed.</p>\n`;
  if (unchanged.length > 0)
    html += h2('unchanged-pages', `Unchanged (${unchanged.length})`) + list(unchanged.map((c) => c.newer));
  if (u.leftOut.length > 0) html += h2('not-compared', `Not compared (${u.leftOut.length})`) + list(u.leftOut);
  return { html, toc };
}
