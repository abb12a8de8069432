// `docs.sidebars` in the config: each sidebar a list of doc ids, links and categories. Messages name an entry by
// its key path ('docs.sidebars.docs[1].items[0]') and point at its value under the sidebar's key; the doc ids
// themselves are checked against the docs once they are known (config/references.ts).
import { array, boolean, custom, object, oneOf, type Output, record, string, unchecked } from './combinators.ts';
import { type Checked, type Context, INVALID, isRecord, keyOf, type Path, report } from './context.ts';

const docItem = object({ type: oneOf('doc'), id: string(), label: string().optional() });
const linkItem = object({ type: oneOf('link'), label: string(), href: string() });
const categoryFields = object({
  type: oneOf('category'),
  label: string(),
  items: unchecked<unknown>(),
  collapsed: boolean().optional(),
  /** A doc id: the category's own page. */
  link: string().optional(),
  /** Other names readers use for what the category holds ("customer app"): search finds its pages by them too. */
  keywords: unchecked<string[]>().optional(),
});

/** A category of entries, shown folded or open. */
export interface SidebarCategoryConfig extends Omit<Output<typeof categoryFields>, 'items'> {
  items: SidebarItemConfig[];
}

/** One entry of a sidebar as written in the config: a doc id, a link, or a category of entries. */
export type SidebarItemConfig = string | Output<typeof docItem> | Output<typeof linkItem> | SidebarCategoryConfig;

/** Sidebars by id, each an ordered list of entries. */
export const sidebars = record(
  array(
    custom<SidebarItemConfig>((value, path, ctx) => checkItem(value, path, ctx, [])),
    (key) => `${key} must be a list of sidebar items`,
  ),
);

/**
 * One entry, and a category's entries below it. `parents` are the categories holding it: a config is code, so a
 * category can hold itself (items.push(category)), and walking it would never end.
 */
function checkItem(value: unknown, path: Path, ctx: Context, parents: unknown[]): Checked<SidebarItemConfig> {
  const key = keyOf(path);
  // An entry is found by its value (a doc id, a label) after its sidebar's key (the path's first three parts,
  // 'docs.sidebars.<id>'): good enough to point at the line.
  const where = (written?: string) => ctx.at(keyOf(path.slice(0, 3)), written);
  if (typeof value === 'string') {
    ctx.locations[key] = where(value);
    return value;
  }
  const type = isRecord(value) ? value.type : undefined;
  if (type === 'doc') {
    const item = docItem.run(value, path, ctx);
    if (item && item !== INVALID) ctx.locations[key] = where(item.id);
    return item ?? INVALID;
  }
  if (type === 'link') return linkItem.run(value, path, ctx) ?? INVALID;
  if (type !== 'category' || !isRecord(value)) {
    report(
      ctx,
      `${key}: unknown sidebar item type '${String(type)}'`,
      where(typeof type === 'string' ? type : undefined),
      "use 'doc', 'link' or 'category'",
    );
    return INVALID;
  }
  const fields = categoryFields.run(value, path, ctx);
  if (!fields || fields === INVALID) return INVALID;
  const { label, items, keywords, link } = fields;
  const problem = (message: string, hint: string): typeof INVALID => {
    report(ctx, `${key}: category '${label}' ${message}`, where(label), hint);
    return INVALID;
  };
  if (!Array.isArray(items) || items.length === 0) return problem('has no items', 'list at least one doc id in items');
  if (parents.includes(value)) return problem('contains itself', 'remove it from its own items');
  if (keywords !== undefined && !(Array.isArray(keywords) && keywords.every((word) => typeof word === 'string')))
    return problem('has keywords that are not a list of strings', "write keywords: ['customer app', 'shopper app']");
  if (link !== undefined) ctx.locations[`${key}.link`] = where(link);
  const inner = [...parents, value];
  const entries = items.map((item, i) => checkItem(item, [...path, 'items', i], ctx, inner));
  return entries.includes(INVALID) ? INVALID : { ...fields, items: entries as SidebarItemConfig[] };
}

/**
 * The sidebars of a site: the configured ones, or for a config that defines none, one made of the docs: those at
 * the top of content/docs first, then a category per folder (labelled from the folder's name), each in file order;
 * so a new project's docs have their navigation and previous/next links from the first build, and the first doc is
 * the one at the top (intro.md, not a folder's).
 */
export function sidebarsOf(
  configured: Record<string, SidebarItemConfig[]>,
  docIds: string[],
): Record<string, SidebarItemConfig[]> {
  if (Object.keys(configured).length > 0) return configured;
  if (docIds.length === 0) return {};
  const root: SidebarItemConfig[] = [];
  const folders: SidebarItemConfig[] = [];
  const categories = new Map<string, SidebarItemConfig[]>();
  for (const id of docIds) {
    const slash = id.lastIndexOf('/');
    if (slash < 0) {
      root.push(id);
      continue;
    }
    const folder = id.slice(0, slash);
    let items = categories.get(folder);
    if (!items) {
      items = [];
      categories.set(folder, items);
      const name = folder.replace(/[-_]+/g, ' ');
      folders.push({ type: 'category', label: name.charAt(0).toUpperCase() + name.slice(1), items });
    }
    items.push(id);
  }
  return { docs: [...root, ...folders] };
}
