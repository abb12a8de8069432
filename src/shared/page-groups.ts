// Page templates come in three groups, each its own chunk in the browser: a doc page loads the doc template and
// not the blog's. The bundle names a chunk per group, the render stage preloads a route's group, the client loads
// it before rendering, and check weighs each page by its group's chunks: all of them read the groups from here.
import type { PageKind } from './model/types.ts';

/** The module holding a group, by file name (templates/<group>.tsx; the client chunk is named after it). */
export type PageGroup = 'DocPage' | 'BlogPages' | 'SimplePages';

export const PAGE_GROUPS: PageGroup[] = ['DocPage', 'BlogPages', 'SimplePages'];

/** The group that holds each page kind's template. */
export const GROUP_OF: Record<PageKind, PageGroup> = {
  doc: 'DocPage',
  'docs-tags': 'BlogPages',
  'docs-tag': 'BlogPages',
  'docs-changes': 'SimplePages',
  'docs-upgrade': 'SimplePages',
  'blog-list': 'BlogPages',
  'blog-post': 'BlogPages',
  'blog-archive': 'BlogPages',
  'blog-authors': 'BlogPages',
  'blog-author': 'BlogPages',
  'blog-tags': 'BlogPages',
  'blog-tag': 'BlogPages',
  home: 'SimplePages',
  page: 'SimplePages',
  search: 'SimplePages',
  'not-found': 'SimplePages',
  redirect: 'SimplePages',
};
