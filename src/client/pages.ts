// The client's page templates, loaded by group on demand (see src/shared/page-groups.ts). Each group is a chunk.
import type { PageRegistry } from '../../templates/pages.ts';
import { GROUP_OF, type PageGroup } from '../shared/page-groups.ts';
import type { PageKind } from '../shared/model/types.ts';

const loaders: Record<PageGroup, () => Promise<{ pages: PageRegistry }>> = {
  DocPage: () => import('../../templates/DocPage.tsx'),
  BlogPages: () => import('../../templates/BlogPages.tsx'),
  SimplePages: () => import('../../templates/SimplePages.tsx'),
};

/** Filled as groups load; App reads it when it renders. */
export const registry: PageRegistry = {};

const loading = new Map<PageGroup, Promise<void>>();

/** Resolves once the template for `kind` is in the registry. */
export function loadTemplate(kind: PageKind): Promise<void> {
  const group = GROUP_OF[kind];
  let promise = loading.get(group);
  if (!promise) {
    promise = loaders[group]().then((module) => void Object.assign(registry, module.pages));
    promise.catch(() => loading.delete(group));
    loading.set(group, promise);
  }
  return promise;
}
