// Page templates by kind. They come in groups (src/shared/page-groups.ts), each its own chunk in the browser: the
// server has every group; the client loads the group of a route before rendering it (src/client/pages.ts).
import { type ComponentType, createElement } from 'react';
import type { PageKind, PageProps, RouteData } from '../src/shared/model/types.ts';

export type PageTemplate = ComponentType<PageProps>;
/** Templates by page kind; a group module exports the part it holds. */
export type PageRegistry = Partial<Record<PageKind, PageTemplate>>;

/** A template that takes its route's data narrowed by kind, as a registry entry. */
export function page<K extends PageKind>(
  Template: ComponentType<PageProps & { data: Extract<RouteData, { kind: K }> }>,
): PageTemplate {
  return (props) => createElement(Template, { ...props, data: props.route.data as Extract<RouteData, { kind: K }> });
}
