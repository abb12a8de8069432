// A doc's previous and next links: its neighbours in its sidebar, each replaced by what its front matter says
// (`pagination_prev`, `pagination_next`: a doc id of its version to link instead, or null for no link). An id that
// names no doc of its version is an error at its key's line, with the closest id; that side keeps its neighbour.
// A link to a doc whose front matter has `pagination_label` says that label.
import { type Diagnostics, didYouMean } from '../shared/model/diagnostics.ts';
import type { DocMeta, NavLink, Page } from '../shared/model/types.ts';
import { neighbours, type SidebarIndex } from './docs.ts';

/** The docs of every version by id, per version (doc ids are per version). */
export type DocsByVersion = Map<string | undefined, Map<string, DocMeta>>;

/** Groups the docs by version, then by id, for pagination's lookups. */
export function docsByVersion(docs: DocMeta[]): DocsByVersion {
  const byVersion: DocsByVersion = new Map();
  for (const doc of docs) {
    let ids = byVersion.get(doc.version);
    if (!ids) byVersion.set(doc.version, (ids = new Map()));
    ids.set(doc.id, doc);
  }
  return byVersion;
}

const SIDES = [
  ['previous', 'paginationPrev', 'pagination_prev'],
  ['next', 'paginationNext', 'pagination_next'],
] as const;

/** What pagination looks docs up in: the docs by version and id, and each `pagination_label` by the doc's path. */
export interface PaginationDocs {
  byId: DocsByVersion;
  labels: ReadonlyMap<string, string>;
}

/** The docs pagination may link to, from the docs and their pages. */
export function paginationDocs(docs: DocMeta[], pages: Page[]): PaginationDocs {
  const labels = new Map<string, string>();
  for (const page of pages) {
    const label = page.source.kind === 'doc' ? page.source.frontMatter.paginationLabel : undefined;
    if (label !== undefined && page.source.route !== undefined) labels.set(page.source.route, label);
  }
  return { byId: docsByVersion(docs), labels };
}

/** The previous and next links of `doc` (of `page`), in the sidebar `index` it is in, if any. */
export function pagination(
  { index, doc, page }: { index: SidebarIndex | undefined; doc: DocMeta; page: Page },
  docs: PaginationDocs,
  diagnostics: Diagnostics,
): { previous?: NavLink; next?: NavLink } {
  const links = neighbours(index, doc.path);
  const { source } = page;
  for (const [side, field, key] of SIDES) {
    const id = source.frontMatter[field];
    if (id === undefined) continue;
    if (id === null) {
      delete links[side];
      continue;
    }
    const ids = docs.byId.get(doc.version) ?? new Map<string, DocMeta>();
    const target = ids.get(id);
    if (!target) {
      const guess = didYouMean(id, ids.keys());
      diagnostics.error(
        'content',
        `${key}: doc id '${id}' does not exist`,
        { file: source.file, line: source.keyLines[key] ?? 1, column: 1 },
        guess
          ? `did you mean '${guess}'?`
          : `use the id of a doc of the same version (its path in the docs folder without .md), or null for no link`,
      );
      continue;
    }
    // Labelled as the sidebar labels the doc, when it is in this sidebar; else as a sidebar would.
    const listed = index?.links[index.position.get(target.path)?.index ?? -1];
    links[side] = { label: listed?.label ?? target.sidebarLabel, href: target.path };
  }
  for (const side of ['previous', 'next'] as const) {
    const link = links[side];
    const label = link && docs.labels.get(link.href);
    if (link && label !== undefined) links[side] = { ...link, label };
  }
  return links;
}
