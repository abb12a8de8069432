import { useEffect } from 'react';
import type { PageProps, Route } from '../src/shared/model/types.ts';
import { Markdown } from './Markdown.tsx';
import { ArticleWithToc } from './ArticleWithToc.tsx';
import { page, type PageRegistry } from './pages.ts';
import { Sidebar } from './Sidebar.tsx';
import { writeSetting } from './storage.ts';

type DocData = Extract<Route['data'], { kind: 'doc' }>;

/** A doc: sidebar, breadcrumbs, title, content, tags, previous/next, table of contents. */
export function DocPage({ chrome, route, sidebar, sidebarId, data }: PageProps & { data: DocData }) {
  // SPEC §4: the docs version the reader last read is remembered; the navbar's Docs link follows it. (Without docs
  // versions, EGDOCS_VERSIONS is false in the client and this is always the one version: templates/Navbar.tsx.)
  useEffect(
    () =>
      writeSetting(
        'docs-preferred-version-default',
        chrome,
        globalThis.EGDOCS_VERSIONS !== false ? (data.doc.version ?? chrome.docsVersion.name) : chrome.docsVersion.name,
      ),
    globalThis.EGDOCS_VERSIONS !== false ? [chrome, data.doc.version] : [chrome],
  );
  return (
    <div className="doc-layout">
      {sidebar ? (
        <aside className="doc-sidebar">
          <Sidebar items={sidebar} path={route.path} wholeUrl={sidebarId ? chrome.sidebarUrls[sidebarId] : undefined} />
        </aside>
      ) : null}
      <ArticleWithToc
        title={route.title}
        toc={data.toc}
        html={data.html}
        before={
          data.breadcrumbs.length > 0 ? (
            <nav className="breadcrumbs" aria-label="Breadcrumbs">
              <ol>
                {data.breadcrumbs.map((crumb, i) => (
                  <li key={i}>
                    {i === data.breadcrumbs.length - 1 ? (
                      <span aria-current="page">{crumb.label}</span>
                    ) : (
                      <a href={crumb.href}>{crumb.label}</a>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          ) : null
        }
        after={
          <>
            {data.tags.length > 0 ? (
              <div className="doc-tags">
                <span className="doc-tags-label">Tags:</span>
                <ul>
                  {data.tags.map((tag) => (
                    <li key={tag.href}>
                      <a className="tag" href={tag.href}>
                        {tag.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Markdown className="doc-footer" html={data.footer.html} />
            {data.previous || data.next ? (
              <nav className="pagination-nav" aria-label="Docs pages">
                {data.previous ? (
                  <a className="pagination-link previous" href={data.previous.href} rel="prev">
                    <span className="pagination-sub">Previous</span>
                    <span className="pagination-label">{data.previous.label}</span>
                  </a>
                ) : (
                  <span />
                )}
                {data.next ? (
                  <a className="pagination-link next" href={data.next.href} rel="next">
                    <span className="pagination-sub">Next</span>
                    <span className="pagination-label">{data.next.label}</span>
                  </a>
                ) : null}
              </nav>
            ) : null}
          </>
        }
      />
    </div>
  );
}

export const pages: PageRegistry = { doc: page<'doc'>(DocPage) };
