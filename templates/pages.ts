// Page templates come in three groups, each its own chunk in the browser: a doc page loads the doc template and
// not the blog's. The server has every group; the client loads the group of a route before rendering it
// (src/client/pages.ts), and the document preloads the group of its own route.
import { type ComponentType, createElement } from 'react';
import type { PageKind, PageProps, RouteData } from '../src/types.ts';

export type PageTemplate = ComponentType<PageProps>;
/** Templates by page kind; a group module exports the part it holds. */
export type PageRegistry = Partial<Record<PageKind, PageTemplate>>;
/** The module holding a group, by file name (the client chunk is named after it). */
export type PageGroup = 'DocPage' | 'BlogPages' | 'SimplePages';

export const GROUP_OF: Record<PageKind, PageGroup> = {
  doc: 'DocPage',
  'docs-tags': 'BlogPages',
  'docs-tag': 'BlogPages',
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

/** A template that takes its route's data narrowed by kind, as a registry entry. */
export function page<K extends PageKind>(
  Template: ComponentType<PageProps & { data: Extract<RouteData, { kind: K }> }>,
): PageTemplate {
  return (props) => createElement(Template, { ...props, data: props.route.data as Extract<RouteData, { kind: K }> });
}
