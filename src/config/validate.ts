// The only place that reads raw user config. The defaults object doubles as the schema: every key the user
// writes must exist in it (else "unknown key ...; did you mean ...?") and have the same type.
import path from 'node:path';
import { didYouMean, fail } from '../diagnostics.ts';
import type { Config, NavbarItem, PageKind } from '../types.ts';
import { type KeyLocator, keyLocator } from './locate.ts';

type Defaults = Omit<Config, 'paths' | 'configFile' | 'title' | 'url' | 'announcementBar'>;

export const defaults: Defaults = {
  tagline: '',
  baseUrl: '/',
  favicon: '',
  siteVersion: '1.0.0',
  locale: { default: 'en', locales: ['en'], direction: 'ltr' },
  colorMode: { defaultMode: 'dark', disableSwitch: false },
  // No items: the layout shows the docs, the blog, search and the mode switch (site/layout.ts).
  navbar: { title: '', hideOnScroll: false },
  footer: { links: [], copyright: '' },
  docs: {
    routeBasePath: 'docs',
    sidebars: {},
    sidebarCollapsible: true,
    sidebarCollapsed: true,
    breadcrumbs: true,
    showLastUpdateTime: false,
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    version: { name: 'current', label: 'Next', mainDocId: 'intro' },
  },
  blog: {
    routeBasePath: 'blog',
    title: 'Blog',
    description: 'Blog',
    showReadingTime: true,
    postsPerPage: 10,
    wordsPerMinute: 200,
  },
  search: {
    maxSuggestions: 8,
    excerptLength: 50,
    shortcut: true,
    hint: true,
    clearButton: true,
    highlightTerms: false,
    bm25: { b: 0.75, k1: 1.2 },
  },
  client: {
    progressBar: { startDelay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 },
    lazySpinnerDelay: 200,
    storage: { type: 'localStorage', keySuffix: '' },
    desktopBreakpoint: 996,
  },
  redirects: [],
  budgets: {},
};

/** Keys whose values are free-form (records or lists checked elsewhere), not merged against defaults. */
const OPEN_KEYS = new Set([
  'docs.sidebars',
  'navbar.items',
  'footer.links',
  'redirects',
  'locale.locales',
  'navbar.logo',
  'budgets',
]);

/** Page kinds a budget can name (redirects are not pages). */
const BUDGET_KINDS: PageKind[] = [
  'home',
  'doc',
  'docs-tags',
  'docs-tag',
  'blog-list',
  'blog-post',
  'blog-archive',
  'blog-authors',
  'blog-author',
  'blog-tags',
  'blog-tag',
  'page',
  'search',
  'not-found',
];
const BUDGET_LIMITS = ['js', 'css', 'html'];

const NAVBAR_ITEM_TYPES: Record<NavbarItem['type'], string[]> = {
  docSidebar: ['sidebarId', 'label'],
  link: ['label'],
  search: [],
  colorMode: [],
  dropdown: ['label'],
  docsVersionDropdown: [],
  localeDropdown: [],
};

/** Turns the raw default export of site.config.ts into a complete Config, or throws naming the key. */
export function validateConfig(
  raw: unknown,
  configFile: string,
  overrides: { outDir?: string; baseUrl?: string; source?: string } = {},
): Config {
  const root = path.dirname(path.resolve(configFile));
  // Messages name the config relative to the project root, like every content path (not to where the command runs).
  const file = path.relative(root, path.resolve(configFile)) || configFile;
  // Errors point at the key's line when the config's source text is at hand (loadConfig passes it).
  const at = keyLocator(file, overrides.source);
  const where = { file };
  if (!isObject(raw))
    fail('config', 'the default export must be an object (use `export default defineConfig({...})`)', where);
  const user = { ...raw };
  for (const key of ['title', 'url'] as const) {
    if (typeof user[key] !== 'string' || !user[key])
      fail('config', `${key} is required and must be a non-empty string`, at(key));
  }
  const outDir = takeString(user, 'outDir', 'build', at);
  const announcementBar = user.announcementBar;
  delete user.announcementBar;
  const { title, url } = user as { title: string; url: string };
  delete user.title;
  delete user.url;

  const merged = mergeWithDefaults(user, defaults as unknown as Record<string, unknown>, '', at) as unknown as Defaults;
  if (overrides.baseUrl) merged.baseUrl = overrides.baseUrl;
  merged.baseUrl = normaliseBase(merged.baseUrl);

  if (merged.navbar.items !== undefined && !Array.isArray(merged.navbar.items))
    fail('config', `'navbar.items' must be a list of navbar items`, at('navbar.items'));
  merged.navbar.items?.forEach((item, index) => validateNavbarItem(item, index, at));
  merged.footer.links.forEach((link, index) => validateLink(link, `footer.links[${index}]`, at));
  merged.redirects.forEach((r, index) => {
    if (!isObject(r) || typeof r.from !== 'string' || typeof r.to !== 'string')
      fail('config', `redirects[${index}] must be { from, to } paths`, at('redirects'));
  });
  const locales = merged.locale.locales;
  if (!Array.isArray(locales) || locales.length !== 1 || locales[0] !== merged.locale.default)
    fail(
      'config',
      `locale.locales must be ['${merged.locale.default}']: egdocs builds one language per site`,
      at('locale.locales'),
      "build each translation as its own site (see the writer's guide on translation)",
    );
  validateBudgets(merged.budgets, at);
  for (const [id, items] of Object.entries(merged.docs.sidebars)) {
    if (!Array.isArray(items))
      fail('config', `docs.sidebars.${id} must be a list of sidebar items`, at(`docs.sidebars.${id}`));
  }

  return {
    ...merged,
    title,
    url: url.replace(/\/+$/, ''),
    announcementBar: validateAnnouncementBar(announcementBar, at),
    configFile: file,
    configSource: overrides.source,
    paths: { root, outDir: path.resolve(root, overrides.outDir ?? outDir) },
  };
}

function mergeWithDefaults(
  user: Record<string, unknown>,
  base: Record<string, unknown>,
  prefix: string,
  at: KeyLocator,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(user)) {
    const keyPath = prefix + key;
    if (OPEN_KEYS.has(keyPath)) {
      if (value !== undefined) out[key] = value;
      continue;
    }
    if (!(key in base)) {
      const guess = didYouMean(key, Object.keys(base));
      fail(
        'config',
        `unknown key '${keyPath}'`,
        at(keyPath),
        guess ? `did you mean '${prefix}${guess}'?` : `known keys: ${Object.keys(base).join(', ')}`,
      );
    }
    if (value === undefined) continue;
    const expected = base[key];
    if (isObject(expected)) {
      if (!isObject(value)) fail('config', `'${keyPath}' must be an object`, at(keyPath));
      out[key] = mergeWithDefaults(value, expected, keyPath + '.', at);
    } else {
      if (typeof value !== typeof expected)
        fail('config', `'${keyPath}' must be a ${typeof expected}, got ${JSON.stringify(value)}`, at(keyPath));
      out[key] = value;
    }
  }
  return out;
}

function validateNavbarItem(item: unknown, index: number, at: KeyLocator): void {
  const key = `navbar.items[${index}]`;
  if (!isObject(item)) fail('config', `${key} must be an object with a 'type'`, at(key));
  const type = String(item.type);
  const required = NAVBAR_ITEM_TYPES[type as NavbarItem['type']];
  if (!required) {
    const guess = didYouMean(type, Object.keys(NAVBAR_ITEM_TYPES));
    fail(
      'config',
      `${key}.type '${type}' is not a navbar item type`,
      at(`${key}.type`, type),
      guess ? `did you mean '${guess}'?` : `use one of ${Object.keys(NAVBAR_ITEM_TYPES).join(', ')}`,
    );
  }
  for (const field of required) {
    if (typeof item[field] !== 'string' || !item[field])
      fail(
        'config',
        `${key} (${type}) cannot render without '${field}'`,
        at(`${key}.type`, type),
        `add ${field}: '...'`,
      );
  }
  if (type === 'link') validateLink(item, key, at);
  if (type === 'dropdown') {
    const items = item.items;
    if (!Array.isArray(items) || items.length === 0)
      fail(
        'config',
        `${key} (dropdown) cannot render without 'items'`,
        at(`${key}.type`, type),
        "add items: [{ label: '...', href: '...' }]",
      );
    items.forEach((entry, i) => validateLink(entry, `${key}.items[${i}]`, at));
  }
  item.position ??= 'left';
  if (item.position !== 'left' && item.position !== 'right')
    fail('config', `${key}.position must be 'left' or 'right'`, at(`${key}.position`, String(item.position)));
}

/** A link in the config: { label, href } with a URL or a site path, or { label, doc } with a doc id. */
function validateLink(link: unknown, key: string, at: KeyLocator): void {
  const shape = "must be { label, href: '/docs/page/' } or { label, doc: 'doc-id' }";
  if (!isObject(link) || typeof link.label !== 'string') fail('config', `${key} ${shape}`, at(key));
  const targets = ['href', 'doc'].filter((field) => link[field] !== undefined);
  if (targets.length !== 1 || typeof link[targets[0]] !== 'string')
    fail('config', `${key} ${shape}`, at(key), targets.length > 1 ? 'give href or doc, not both' : undefined);
}

function validateBudgets(budgets: unknown, at: KeyLocator): void {
  if (!isObject(budgets))
    fail(
      'config',
      `'budgets' must be an object of page kinds, like { doc: { js: 80, css: 12, html: 60 } }`,
      at('budgets'),
    );
  for (const [kind, limits] of Object.entries(budgets)) {
    if (!BUDGET_KINDS.includes(kind as PageKind)) {
      const guess = didYouMean(kind, BUDGET_KINDS);
      fail(
        'config',
        `budgets.${kind}: '${kind}' is not a page kind`,
        at(`budgets.${kind}`),
        guess ? `did you mean '${guess}'?` : `use one of ${BUDGET_KINDS.join(', ')}`,
      );
    }
    if (!isObject(limits))
      fail(
        'config',
        `budgets.${kind} must be an object like { js: 80, css: 12, html: 60 } (KB)`,
        at(`budgets.${kind}`),
      );
    for (const [limit, value] of Object.entries(limits)) {
      if (!BUDGET_LIMITS.includes(limit)) {
        const guess = didYouMean(limit, BUDGET_LIMITS);
        fail(
          'config',
          `unknown key 'budgets.${kind}.${limit}'`,
          at(`budgets.${kind}.${limit}`),
          guess ? `did you mean '${guess}'?` : `use ${BUDGET_LIMITS.join(', ')}`,
        );
      }
      if (typeof value !== 'number' || !(value > 0))
        fail(
          'config',
          `budgets.${kind}.${limit} must be a positive number of KB, got ${JSON.stringify(value)}`,
          at(`budgets.${kind}.${limit}`),
        );
    }
  }
}

function validateAnnouncementBar(value: unknown, at: KeyLocator): Config['announcementBar'] {
  if (value === undefined) return undefined;
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.content !== 'string')
    fail('config', `announcementBar must be { id, content, closeable? }`, at('announcementBar'));
  return { id: value.id, content: value.content, closeable: value.closeable !== false };
}

function takeString(user: Record<string, unknown>, key: string, fallback: string, at: KeyLocator): string {
  const value = user[key];
  delete user[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') fail('config', `'${key}' must be a string`, at(key));
  return value;
}

/** A base path as egdocs writes it: '/x/', or '/' (from 'x', '/x', 'x/' or ''). */
export function normaliseBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
