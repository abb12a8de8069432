// Browser entry: hydrates the server-rendered page with the same App component and the props the server
// embedded in #__egdocs-data. The markdown HTML is not in those props; it is already in the DOM.
import { createElement, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from '../../templates/App.tsx';
import type { PageProps } from '../types.ts';

const container = document.getElementById('__egdocs');
const dataElement = document.getElementById('__egdocs-data');

/** Marks the root once React has hydrated, so tests and scripts can wait for interactivity. */
function Hydrated(props: PageProps) {
  useEffect(() => container?.setAttribute('data-hydrated', ''), []);
  return createElement(App, props);
}

if (container && dataElement?.textContent) {
  const props = JSON.parse(dataElement.textContent) as PageProps;
  hydrateRoot(container, createElement(Hydrated, props));
}
