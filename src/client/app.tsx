// The client's root: the same App the server rendered, plus the state client navigation changes.
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { App } from '../../templates/App.tsx';
import { ClientContext, type ClientServices } from '../../templates/ClientContext.ts';
import { readSetting, writeSetting } from '../../templates/storage.ts';
import { MARKUP_HOOK, type MarkupPatch } from '../shared/live-protocol.ts';
import type { PageProps } from '../shared/model/types.ts';
import { propsFromPayload } from './merge.ts';
import { type ArticlePart, importPart } from './parts.ts';
import { registry } from './pages.ts';
import type { Navigation, Router } from './router.ts';
import { createSearchClient, type SearchClient } from './search/client.ts';
import { indexUrlOf } from './search/version-index.ts';

export function ClientApp({
  initial,
  router,
  announce,
}: {
  initial: PageProps;
  router: Router;
  announce: (text: string) => void;
}) {
  const [state, setState] = useState<{ props: PageProps; navigation?: Navigation }>({ props: initial });
  useEffect(() => {
    router.connect((payload, navigation) =>
      setState((previous) => ({ props: propsFromPayload(previous.props, payload), navigation })),
    );
    // Tests and scripts wait for this to know the page is interactive.
    document.getElementById('__egdocs')?.setAttribute('data-hydrated', '');
  }, [router]);
  // Before paint: the new route is in the DOM, so scroll and focus can move without showing the old position.
  useLayoutEffect(() => {
    if (state.navigation) router.rendered(state.navigation);
    // Parts of an article that work from a script of their own (tabs, under 1 KB; mermaid diagrams, which load
    // mermaid), fetched by the pages that have one. One loop over the chrome's list: a part is a line of data there,
    // and adds no code to every page's first load.
    for (const [selector, url] of initial.chrome.parts)
      if (document.querySelector(selector))
        importPart(url, 0).then((part) =>
          (part as ArticlePart).run({
            read: (name) => readSetting(name, initial.chrome),
            write: (name, value) => writeSetting(name, initial.chrome, value),
          }),
        );
  }, [state, router, initial.chrome]);
  // A search client (a worker, started on first use) per index: a page searches its docs version's (version-index.ts).
  const clientOf = useMemo(() => {
    const { search } = initial.chrome;
    const clients = new Map<string, SearchClient>();
    return (indexUrl: string) =>
      clients.get(indexUrl) ??
      clients
        .set(
          indexUrl,
          createSearchClient({
            workerUrl: search.workerUrl,
            indexUrl,
            baseUrl: initial.chrome.baseUrl,
            excerptLength: search.excerptLength,
          }),
        )
        .get(indexUrl)!;
  }, [initial.chrome]);
  const base = useMemo<Omit<ClientServices, 'search' | 'prepareSearch'>>(
    () => ({
      reload: router.reload,
      navigate: router.navigate,
      announce,
      importPart,
      livePatch: () => (window as Window & { [MARKUP_HOOK]?: MarkupPatch })[MARKUP_HOOK],
    }),
    [router, announce],
  );
  // A new object per navigation, so that a link to the same page with another query string (the navbar's "all
  // results" link while on the search page) reaches the page.
  const services = useMemo<ClientServices>(() => {
    const client = clientOf(indexUrlOf(state.props, location.search));
    return { ...base, search: client.query, prepareSearch: client.prepare, href: location.href };
  }, [base, clientOf, state]);
  return (
    <ClientContext.Provider value={services}>
      <App {...state.props} pages={registry} />
    </ClientContext.Provider>
  );
}
