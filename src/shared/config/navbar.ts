// Links and navbar items in the config. Their messages say which shape would fit ("must be { label, href } or
// { label, doc }", "cannot render without 'label'"), so they are checks of our own rather than generic objects.
// Doc ids and sidebar ids are checked against the content later (config/references.ts); this records where they
// are written, for those messages.
import { isLinkable, LINK_FORMS } from '../url-checks.ts';
import { didYouMean } from '../model/suggest.ts';
import { custom } from '../schema/combinators.ts';
import {
  type Checked,
  type Context,
  checkKeys,
  INVALID,
  isRecord,
  keyOf,
  type Path,
  report,
} from '../schema/context.ts';

/**
 * A link written in the config: `href` is a URL, or a site path written without the base path ('/docs/x/', which
 * egdocs places under the base); `doc` is a doc id ('admin-panel/support'). One of the two.
 */
export interface ConfigLink {
  label: string;
  href?: string;
  doc?: string;
}

/** Which side of the navbar an item sits on (default 'left'). */
type Side = { position: 'left' | 'right' };

/** A navbar entry. `type` decides how it renders (site/chrome.ts). */
export type NavbarItem =
  | ({
      type: 'docSidebar';
      sidebarId: string;
      label: string;
      /** The doc the item opens, when not the sidebar's first; the item is marked on every doc either way. */
      doc?: string;
    } & Side)
  | ({ type: 'link' } & ConfigLink & Side)
  | ({ type: 'dropdown'; label: string; items: ConfigLink[] } & Side)
  | ({ type: 'search' | 'colorMode' | 'docsVersionDropdown' | 'localeDropdown' } & Side);

/** A navbar item as a config writes it: the position may be left out. */
export type NavbarItemInput = SideOptional<NavbarItem>;
type SideOptional<Item> = Item extends unknown ? Omit<Item, 'position'> & Partial<Side> : never;

/** Each item type: the fields it cannot render without, and every field it takes. */
const ITEM_TYPES: Record<NavbarItem['type'], { needs: string[]; keys: string[] }> = {
  docSidebar: { needs: ['sidebarId', 'label'], keys: ['sidebarId', 'label', 'doc'] },
  link: { needs: ['label'], keys: ['label', 'href', 'doc'] },
  search: { needs: [], keys: [] },
  colorMode: { needs: [], keys: [] },
  dropdown: { needs: ['label'], keys: ['label', 'items'] },
  docsVersionDropdown: { needs: [], keys: [] },
  localeDropdown: { needs: [], keys: [] },
};

/** A link of the footer or of a dropdown: { label, href } or { label, doc }. */
export const configLink = custom<ConfigLink>((value, path, ctx) => {
  if (!isRecord(value)) return linkShape(path, ctx);
  if (!checkKeys(value, ['label', 'href', 'doc'], path, ctx)) return INVALID;
  return checkLink(value, path, ctx);
});

/** A navbar item: a known type with the fields it needs. */
export const navbarItem = custom<NavbarItem, NavbarItemInput>((value, path, ctx) => {
  const key = keyOf(path);
  if (!isRecord(value)) {
    report(ctx, `${key} must be an object with a 'type'`, ctx.at(key));
    return INVALID;
  }
  const type = String(value.type);
  const known = Object.keys(ITEM_TYPES);
  if (!known.includes(type)) {
    const guess = didYouMean(type, known);
    report(
      ctx,
      `${key}.type '${type}' is not a navbar item type`,
      ctx.at(`${key}.type`, type),
      guess ? `did you mean '${guess}'?` : `use one of ${known.join(', ')}`,
    );
    return INVALID;
  }
  const { needs, keys } = ITEM_TYPES[type as NavbarItem['type']];
  if (!checkKeys(value, ['type', ...keys, 'position'], path, ctx)) return INVALID;
  const missing = needs.find((field) => typeof value[field] !== 'string' || !value[field]);
  if (missing) {
    report(
      ctx,
      `${key} (${type}) cannot render without '${missing}'`,
      ctx.at(`${key}.type`, type),
      `add ${missing}: '...'`,
    );
    return INVALID;
  }
  // As the layout reads them: a link's target, a dropdown's links, then the side.
  let item: Checked<object> = value;
  if (type === 'link') item = checkLink(value, path, ctx);
  if (type === 'dropdown') item = checkDropdown(value, path, ctx);
  if (item === INVALID) return item;
  const position = value.position ?? 'left';
  if (position !== 'left' && position !== 'right') {
    report(ctx, `${key}.position must be 'left' or 'right'`, ctx.at(`${key}.position`, String(position)));
    return INVALID;
  }
  if (type === 'docSidebar') {
    ctx.locations[`${key}.sidebarId`] = ctx.at(`${key}.sidebarId`, String(value.sidebarId));
    if (value.doc !== undefined) ctx.locations[`${key}.doc`] = ctx.at(`${key}.doc`, String(value.doc));
  }
  return { type, ...item, position } as NavbarItem;
});

/** A dropdown's items: a list of at least one link. */
function checkDropdown(value: Record<string, unknown>, path: Path, ctx: Context): Checked<object> {
  const { label, items } = value;
  if (!Array.isArray(items) || items.length === 0) {
    report(
      ctx,
      `${keyOf(path)} (dropdown) cannot render without 'items'`,
      ctx.at(`${keyOf(path)}.type`, 'dropdown'),
      "add items: [{ label: '...', href: '...' }]",
    );
    return INVALID;
  }
  const links = items.map((entry, i) => configLink.run(entry, [...path, 'items', i], ctx));
  return links.includes(INVALID) ? INVALID : { label: String(label), items: links as ConfigLink[] };
}

/**
 * Label and exactly one of href or doc, each a string, the href one a link may have (not javascript: or data:);
 * records where the target is written.
 */
function checkLink(value: Record<string, unknown>, path: Path, ctx: Context): Checked<ConfigLink> {
  const { label, href, doc } = value;
  const targets = [href, doc].filter((target) => target !== undefined);
  if (typeof label !== 'string' || targets.length !== 1 || typeof targets[0] !== 'string')
    return linkShape(path, ctx, targets.length > 1 ? 'give href or doc, not both' : undefined);
  const key = keyOf(path);
  const field = href !== undefined ? 'href' : 'doc';
  if (field === 'href' && !isLinkable(targets[0])) {
    report(ctx, `${key}.href must be ${LINK_FORMS}, got '${targets[0]}'`, ctx.at(`${key}.href`, targets[0]));
    return INVALID;
  }
  ctx.locations[`${key}.${field}`] = ctx.at(`${key}.${field}`, targets[0]);
  return { label, [field]: targets[0] };
}

function linkShape(path: Path, ctx: Context, hint?: string): typeof INVALID {
  const key = keyOf(path);
  report(ctx, `${key} must be { label, href: '/docs/page/' } or { label, doc: 'doc-id' }`, ctx.at(key), hint);
  return INVALID;
}
