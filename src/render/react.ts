// What rendering a page with React needs: loaded by the render stage only when a route must be rendered. React and
// the templates take about 55 ms to load, which a build that finds every route in its render memo does not spend.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import * as builtInTemplates from '../../templates/server.ts';
import type { Templates } from '../../templates/server.ts';
import type { PageProps } from '../types.ts';

/** The page's body as the templates (a project's, or egdocs' own) render it. */
export function renderApp(templates: Templates | undefined, props: PageProps): string {
  const { App, pages } = templates ?? builtInTemplates;
  return renderToString(createElement(App, { ...props, pages }));
}
