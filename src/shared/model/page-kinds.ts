// The kinds of route, as a list as well as a type: the config checks the page kinds its budgets name against it.

/** Every kind of route the site stage makes; each but 'redirect' is a page a budget can limit. */
export const PAGE_KINDS = [
  'home',
  'doc',
  'docs-tags',
  'docs-tag',
  'docs-changes',
  'docs-upgrade',
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
  'redirect',
] as const;

/** What a route shows, and so which template renders it. */
export type PageKind = (typeof PAGE_KINDS)[number];
