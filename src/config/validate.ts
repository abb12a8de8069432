// The only place that reads raw user config. The defaults object doubles as the schema: every key the user
// writes must exist in it (else "unknown key ...; did you mean ...?") and have the same type.
import path from 'node:path';
import { didYouMean, fail } from '../diagnostics.ts';
import type { Config, NavbarItem, PageKind } from '../types.ts';

type Defaults = Omit<Config, 'paths' | 'configFile' | 'title' | 'url' | 'announcementBar'>;

export const defaults: Defaults = {
  tagline: '',
  baseUrl: '/',
  favicon: '',
  siteVersion: '1.0.0',
  locale: { default: 'en', locales: ['en'], direction: 'ltr' },
  colorMode: { defaultMode: 'dark', disableSwitch: false },
  navbar: { title: '', hideOnScroll: false, items: [] },
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
const OPEN_KEYS = new Set(['docs.sidebars', 'navbar.items', 'footer.links', 'redirects', 'locale.locales', 'navbar.logo', 'budgets']);

/** Page kinds a budget can name (redirects are not pages). */
const BUDGET_KINDS: PageKind[] = ['home', 'doc', 'docs-tags', 'docs-tag', 'blog-list', 'blog-post', 'blog-archive', 'blog-authors', 'blog-author', 'blog-tags', 'blog-tag', 'page', 'search', 'not-found'];
const BUDGET_LIMITS = ['js', 'css', 'html'];

const NAVBAR_ITEM_TYPES: Record<NavbarItem['type'], string[]> = {
  docSidebar: ['sidebarId', 'label'],
  link: ['label', 'href'],
  search: [],
  colorMode: [],
  dropdown: ['label'],
  docsVersionDropdown: [],
  localeDropdown: [],
};

/** Turns the raw default export of site.config.ts into a complete Config, or throws naming the key. */
export function validateConfig(raw: unknown, configFile: string, overrides: { outDir?: string; baseUrl?: string } = {}): Config {
  const file = configFile;
  const where = { file };
  if (!isObject(raw)) fail('config', 'the default export must be an object (use `export default defineConfig({...})`)', where);
  const user = { ...raw };
  for (const key of ['title', 'url'] as const) {
    if (typeof user[key] !== 'string' || !user[key]) fail('config', `${key} is required and must be a non-empty string`, where);
  }
  const outDir = takeString(user, 'outDir', 'build', file);
  const announcementBar = user.announcementBar;
  delete user.announcementBar;
  const { title, url } = user as { title: string; url: string };
  delete user.title;
  delete user.url;

  const merged = mergeWithDefaults(user, defaults as unknown as Record<string, unknown>, '', file) as unknown as Defaults;
  if (overrides.baseUrl) merged.baseUrl = overrides.baseUrl;
  merged.baseUrl = normaliseBase(merged.baseUrl);

  merged.navbar.items.forEach((item, index) => validateNavbarItem(item, index, file));
  merged.footer.links.forEach((link, index) => {
    if (!isObject(link) || typeof link.label !== 'string' || typeof link.href !== 'string')
      fail('config', `footer.links[${index}] must be { label, href }`, where);
  });
  merged.redirects.forEach((r, index) => {
    if (!isObject(r) || typeof r.from !== 'string' || typeof r.to !== 'string')
      fail('config', `redirects[${index}] must be { from, to } paths`, where);
  });
  const locales = merged.locale.locales;
  if (!Array.isArray(locales) || locales.length !== 1 || locales[0] !== merged.locale.default)
    fail('config', `locale.locales must be ['${merged.locale.default}']: egdocs builds one language per site`, where, 'build each translation as its own site (see the writer\'s guide on translation)');
  validateBudgets(merged.budgets, file);
  for (const [id, items] of Object.entries(merged.docs.sidebars)) {
    if (!Array.isArray(items)) fail('config', `docs.sidebars.${id} must be a list of sidebar items`, where);
  }

  const root = path.dirname(path.resolve(configFile));
  return {
    ...merged,
    title,
    url: url.replace(/\/+$/, ''),
    announcementBar: validateAnnouncementBar(announcementBar, file),
    configFile: path.relative(process.cwd(), path.resolve(configFile)) || configFile,
    paths: { root, outDir: path.resolve(root, overrides.outDir ?? outDir) },
  };
}

function mergeWithDefaults(user: Record<string, unknown>, base: Record<string, unknown>, prefix: string, file: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(user)) {
    const keyPath = prefix + key;
    if (OPEN_KEYS.has(keyPath)) {
      if (value !== undefined) out[key] = value;
      continue;
    }
    if (!(key in base)) {
      const guess = didYouMean(key, Object.keys(base));
      fail('config', `unknown key '${keyPath}'`, { file }, guess ? `did you mean '${prefix}${guess}'?` : `known keys: ${Object.keys(base).join(', ')}`);
    }
    if (value === undefined) continue;
    const expected = base[key];
    if (isObject(expected)) {
      if (!isObject(value)) fail('config', `'${keyPath}' must be an object`, { file });
      out[key] = mergeWithDefaults(value, expected, keyPath + '.', file);
    } else {
      if (typeof value !== typeof expected) fail('config', `'${keyPath}' must be a ${typeof expected}, got ${JSON.stringify(value)}`, { file });
      out[key] = value;
    }
  }
  return out;
}

function validateNavbarItem(item: unknown, index: number, file: string): void {
  const key = `navbar.items[${index}]`;
  if (!isObject(item)) fail('config', `${key} must be an object with a 'type'`, { file });
  const type = String(item.type);
  const required = NAVBAR_ITEM_TYPES[type as NavbarItem['type']];
  if (!required) {
    const guess = didYouMean(type, Object.keys(NAVBAR_ITEM_TYPES));
    fail('config', `${key}.type '${type}' is not a navbar item type`, { file }, guess ? `did you mean '${guess}'?` : `use one of ${Object.keys(NAVBAR_ITEM_TYPES).join(', ')}`);
  }
  for (const field of required) {
    if (typeof item[field] !== 'string' || !item[field]) fail('config', `${key} (${type}) cannot render without '${field}'`, { file }, `add ${field}: '...'`);
  }
  if (type === 'dropdown') {
    const items = item.items;
    if (!Array.isArray(items) || items.length === 0) fail('config', `${key} (dropdown) cannot render without 'items'`, { file }, "add items: [{ label: '...', href: '...' }]");
    items.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.label !== 'string' || typeof entry.href !== 'string') fail('config', `${key}.items[${i}] must be { label, href }`, { file });
    });
  }
  item.position ??= 'left';
  if (item.position !== 'left' && item.position !== 'right') fail('config', `${key}.position must be 'left' or 'right'`, { file });
}

function validateBudgets(budgets: unknown, file: string): void {
  if (!isObject(budgets)) fail('config', `'budgets' must be an object of page kinds, like { doc: { js: 80, css: 12, html: 60 } }`, { file });
  for (const [kind, limits] of Object.entries(budgets)) {
    if (!BUDGET_KINDS.includes(kind as PageKind)) {
      const guess = didYouMean(kind, BUDGET_KINDS);
      fail('config', `budgets.${kind}: '${kind}' is not a page kind`, { file }, guess ? `did you mean '${guess}'?` : `use one of ${BUDGET_KINDS.join(', ')}`);
    }
    if (!isObject(limits)) fail('config', `budgets.${kind} must be an object like { js: 80, css: 12, html: 60 } (KB)`, { file });
    for (const [limit, value] of Object.entries(limits)) {
      if (!BUDGET_LIMITS.includes(limit)) {
        const guess = didYouMean(limit, BUDGET_LIMITS);
        fail('config', `unknown key 'budgets.${kind}.${limit}'`, { file }, guess ? `did you mean '${guess}'?` : `use ${BUDGET_LIMITS.join(', ')}`);
      }
      if (typeof value !== 'number' || !(value > 0)) fail('config', `budgets.${kind}.${limit} must be a positive number of KB, got ${JSON.stringify(value)}`, { file });
    }
  }
}

function validateAnnouncementBar(value: unknown, file: string): Config['announcementBar'] {
  if (value === undefined) return undefined;
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.content !== 'string')
    fail('config', `announcementBar must be { id, content, closeable? }`, { file });
  return { id: value.id, content: value.content, closeable: value.closeable !== false };
}

function takeString(user: Record<string, unknown>, key: string, fallback: string, file: string): string {
  const value = user[key];
  delete user[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') fail('config', `'${key}' must be a string`, { file });
  return value;
}

function normaliseBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
