// What the browser side offers the templates. On the server it is empty: templates must render the same without it.
import { createContext } from 'react';
import type { MarkupPatch } from '../src/shared/live-protocol.ts';
import type { SearchHit } from '../src/shared/search/engine.ts';

export interface ClientServices {
  /** Loads the current route's data again and renders it (the crash page's "Try again"). */
  reload?: () => Promise<boolean>;
  /** Announces text to screen readers through a live region. */
  announce?: (text: string) => void;
  /**
   * Full-text search, answered by the search worker (started on the first query). Each `asker` (a search box, the
   * search page) is answered only for its newest query: one replaced before the worker began it gives `undefined`.
   */
  search?: (query: string, limit: number, asker: string) => Promise<SearchHit[] | undefined>;
  /** Starts the search worker ahead of the first query (a search field has focus). */
  prepareSearch?: () => void;
  /** Goes to a URL of the site as a followed link would (client navigation; a full load when it cannot). */
  navigate?: (url: string) => void;
  /** The address after the last client navigation: a page that reads its query string follows it. */
  href?: string;
  /** Loads a part of a page on demand; `attempt` counts retries after a failure (see src/client/parts.ts). */
  importPart?: (url: string, attempt: number) => Promise<unknown>;
  /**
   * `egdocs serve`'s way to change a page's markup in place, replacing only the blocks a save changed
   * (src/client/live-markup.ts); undefined in a built site.
   */
  livePatch?: () => MarkupPatch | undefined;
}

export const ClientContext = createContext<ClientServices>({});
