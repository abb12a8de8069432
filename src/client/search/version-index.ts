// Which index a page searches: its docs version's. The current version's pages, and every page of a site without
// older versions, search the one index they always did; an older version's doc searches that version's, and the
// search page the version its `?version=<name>` names (SPEC), so that its results stay within that version.
import type { PageProps } from '../../shared/model/types.ts';
import { versionNamed } from '../../../templates/search/versions.ts';

declare global {
  /** Whether the project has docs versions: a constant of the client bundle (see templates/Navbar.tsx). */
  var EGDOCS_VERSIONS: boolean | undefined;
}

/** The manifest URL of the index the page at `props` searches; `query` is the location's query string. */
export function indexUrlOf({ chrome, route }: Pick<PageProps, 'chrome' | 'route'>, query: string): string {
  const { indexUrl, versionIndexUrls } = chrome.search;
  // A constant of the bundle (templates/Navbar.tsx): without versions, the rest is left out of the client.
  if (globalThis.EGDOCS_VERSIONS === false || !versionIndexUrls) return indexUrl;
  const list = chrome.versions?.list ?? [];
  const asked = new URLSearchParams(query).get('version');
  const version =
    route.data.kind === 'doc'
      ? route.data.doc.version
      : route.data.kind === 'search'
        ? asked === null
          ? undefined
          : versionNamed(
              list.map((v) => ({ ...v, path: v.base })),
              asked,
            )?.name
        : // A page under an older version's path that is no doc (its comparisons, its tags) searches that version.
          list.slice(1).find((v) => route.path.startsWith(v.base))?.name;
  // An unknown name (an old link, a version since removed) searches the current version rather than nothing.
  return (version !== undefined && Object.hasOwn(versionIndexUrls, version) && versionIndexUrls[version]) || indexUrl;
}
