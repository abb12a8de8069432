// What rendering a page with React needs: loaded by the render stage only when a route must be rendered. React and
// the templates take about 55 ms to load, which a build that finds every route in its render memo does not spend.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import * as builtInTemplates from '../../templates/server.ts';
import type { Templates } from '../../templates/server.ts';
import type { PageProps } from '../shared/model/types.ts';
import type { SidebarShare } from './sidebar-share.ts';

/**
 * The page's body as the templates (a project's, or egdocs' own) render it; with `share`, a sidebar in a state an
 * earlier page rendered is made from that page's (render/sidebar-share.ts).
 */
export function renderApp(templates: Templates | undefined, props: PageProps, share?: SidebarShare): string {
  const { App, pages, SidebarShare: Share } = templates ?? builtInTemplates;
  const app = createElement(App, { ...props, pages });
  if (!share) return renderToString(app);
  const html = renderToString(createElement(Share.Provider, { value: share }, app));
  share.learn(html);
  return html;
}
