// Browser entry: hydrates the server-rendered page with the same App and the props the server embedded in
// #__egdocs-data (the markdown HTML is not in those props; it is already in the DOM), then takes over navigation.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_HOOK, type PageHook } from '../shared/live-protocol.ts';
import type { PageProps } from '../shared/model/types.ts';
import { createAnnouncer } from './announce.ts';
import { ClientApp } from './app.tsx';
import { installCopyButtons } from './copy.ts';
import { installPrefetch } from './prefetch.ts';
import { loadTemplate } from './pages.ts';
import { createProgress } from './progress.ts';
import { createRouter } from './router.ts';

const container = document.getElementById('__egdocs');
const dataElement = document.getElementById('__egdocs-data');

if (container && dataElement?.textContent) {
  const props = JSON.parse(dataElement.textContent) as PageProps;
  const announce = createAnnouncer();
  const router = createRouter({
    baseUrl: props.chrome.baseUrl,
    initial: { path: props.route.path, kind: props.route.data.kind },
    progress: createProgress(props.chrome.client.progressBar),
    announce,
    prepare: (payload) => loadTemplate(payload.route.data.kind),
  });
  // The page's template group is preloaded by the document (<link rel="modulepreload">), so this rarely waits.
  loadTemplate(props.route.data.kind).then(
    () => {
      hydrateRoot(container, createElement(ClientApp, { initial: props, router, announce }));
      // For `egdocs serve`'s live-reload script (src/client/live.ts), which shows a rebuilt page in place through it.
      // A built site has no such script: nothing calls it there.
      const hook: PageHook = {
        get path() {
          return router.path;
        },
        update: router.update,
      };
      Object.assign(window, { [PAGE_HOOK]: hook });
      installPrefetch(router, container);
      installCopyButtons(announce);
    },
    // Without its template the page stays as the server rendered it: readable, with links that load documents.
    (error: unknown) =>
      console.error('egdocs: the page template could not be loaded; the page works without scripts', error),
  );
}
