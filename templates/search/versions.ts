// The docs versions a search page's `version` parameter (SPEC) may name. A module of its own, without React: the
// client's main bundle reads it to pick the index a page searches (src/client/search/version-index.ts), and the
// search page's results, a chunk loaded later, to say which version they are from.

/** A docs version as the search page knows it: its name, the path its docs are under, and its label. */
export type DocsVersion = { name: string; path: string; label: string };

/**
 * The version a `version` parameter names, by name ('2.1') or by its path, whole or without the base path
 * ('/base/docs/2.1/', '/docs/2.1/'); undefined for none.
 */
export function versionNamed(versions: readonly DocsVersion[], asked: string): DocsVersion | undefined {
  const trimmed = (path: string) => path.replace(/^\/+|\/+$/g, '');
  const path = trimmed(asked);
  return versions.find(
    (v) => v.name === asked || (path !== '' && (trimmed(v.path) === path || trimmed(v.path).endsWith(`/${path}`))),
  );
}
