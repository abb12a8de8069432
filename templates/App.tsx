// The page for a route, inside the shared layout. Used by the server (renderToString) and the client
// (hydrateRoot and client navigation), so it must render the same on both sides from the same props.
import type { PageProps } from '../src/shared/model/types.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Layout } from './Layout.tsx';
import type { PageRegistry } from './pages.ts';
import { PageVersions } from './Navbar.tsx';

export function App({ pages, ...props }: PageProps & { pages: PageRegistry }) {
  const { chrome, route, sidebar, sidebarId } = props;
  // Two boundaries: a crash in the page keeps the navbar (the way out); a crash in the layout itself still shows the
  // crash page.
  const app = (
    <ErrorBoundary resetKey={route.path}>
      <Layout chrome={chrome} path={route.path} sidebar={sidebar} sidebarId={sidebarId}>
        <ErrorBoundary resetKey={route.path}>
          <Page pages={pages} props={props} />
        </ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
  // A doc page of a project with versions tells the navbar where it is in each (templates/Navbar.tsx).
  return globalThis.EGDOCS_VERSIONS !== false ? (
    <PageVersions.Provider value={route.data.kind === 'doc' ? route.data.versions : undefined}>
      {app}
    </PageVersions.Provider>
  ) : (
    app
  );
}

function Page({ pages, props }: { pages: PageRegistry; props: PageProps }) {
  const Template = pages[props.route.data.kind];
  if (!Template) throw new Error(`no template is loaded for '${props.route.data.kind}' pages`);
  return <Template {...props} />;
}
