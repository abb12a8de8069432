// The page for a route, inside the shared layout. Used by the server (renderToString) and, from step 2,
// by the client (hydrateRoot), so it must render the same on both sides from the same props.
import type { PageProps } from '../src/types.ts';
import { BlogArchive, BlogAuthor, BlogAuthors, BlogList, BlogPost, BlogTag, DocsTag, TagsList } from './BlogPages.tsx';
import { DocPage } from './DocPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Layout } from './Layout.tsx';
import { HomePage, MarkdownPage, NotFoundPage, SearchPage } from './SimplePages.tsx';

export function App(props: PageProps) {
  const { chrome, route, sidebar, sidebarId } = props;
  // Two boundaries: a crash in the page keeps the navbar (the way out); a crash in the layout itself still shows the crash page.
  return (
    <ErrorBoundary resetKey={route.path}>
      <Layout chrome={chrome} path={route.path} sidebar={sidebar} sidebarId={sidebarId}>
        <ErrorBoundary resetKey={route.path}>
          <Page {...props} />
        </ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
}

function Page(props: PageProps) {
  const { route } = props;
  const data = route.data;
  switch (data.kind) {
    case 'home':
      return <HomePage {...props} data={data} />;
    case 'doc':
      return <DocPage {...props} data={data} />;
    case 'docs-tags':
    case 'blog-tags':
      return <TagsList {...props} data={data} />;
    case 'docs-tag':
      return <DocsTag {...props} data={data} />;
    case 'blog-list':
      return <BlogList {...props} data={data} />;
    case 'blog-post':
      return <BlogPost {...props} data={data} />;
    case 'blog-archive':
      return <BlogArchive {...props} data={data} />;
    case 'blog-authors':
      return <BlogAuthors {...props} data={data} />;
    case 'blog-author':
      return <BlogAuthor {...props} data={data} />;
    case 'blog-tag':
      return <BlogTag {...props} data={data} />;
    case 'page':
      return <MarkdownPage {...props} data={data} />;
    case 'search':
      return <SearchPage {...props} />;
    case 'not-found':
      return <NotFoundPage {...props} />;
    case 'redirect':
      return null;
  }
}
