import { useContext, useEffect, useState } from 'react';
import type { Chrome, PageProps, Route } from '../src/shared/model/types.ts';
import type { DocsVersion } from './search/versions.ts';
import { ArticleWithToc } from './ArticleWithToc.tsx';
import { ClientContext } from './ClientContext.ts';
import { Markdown } from './Markdown.tsx';
import { page, type PageRegistry } from './pages.ts';
import { Lazy } from './Lazy.tsx';

type Data<K extends Route['data']['kind']> = Extract<Route['data'], { kind: K }>;

export function HomePage({ data }: PageProps & { data: Data<'home'> }) {
  return (
    <main id="main" className="home">
      <header className="hero">
        <h1 className="hero-title">{data.hero.title}</h1>
        <p className="hero-tagline">{data.hero.tagline}</p>
        {data.hero.cta ? (
          <a className="button button-primary" href={data.hero.cta.href}>
            {data.hero.cta.label}
          </a>
        ) : null}
      </header>
      {data.cards.length > 0 ? (
        <section className="home-cards" aria-label="Documentation sections">
          <ul>
            {data.cards.map((card) => (
              <li key={card.href} className="card">
                <h2>
                  <a href={card.href}>{card.title}</a>
                </h2>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Always rendered: the client hydrates without the HTML, so presence must not depend on it. */}
      <Markdown html={data.html} className="markdown container narrow home-body" />
    </main>
  );
}

export function MarkdownPage({ route, data }: PageProps & { data: Data<'page'> }) {
  return (
    <div className="doc-layout no-sidebar">
      <ArticleWithToc title={route.title} toc={data.toc} html={data.html} />
    </div>
  );
}

/** A doc compared with the next newer version, or the list of what changed between two versions (site/changes.ts). */
export function ChangesPage({ route, data }: PageProps & { data: Data<'docs-changes' | 'docs-upgrade'> }) {
  return (
    <div className="doc-layout no-sidebar changes-page">
      <ArticleWithToc title={route.title} toc={data.toc} html={data.html} />
    </div>
  );
}

/** The docs versions a search page's `version` parameter may name, the current one first. */
function searchVersions(chrome: Chrome): DocsVersion[] {
  const list = chrome.versions?.list;
  return list ? list.map((v) => ({ name: v.name, label: v.label, path: v.base })) : [chrome.docsVersion];
}

/** The search page: a form that works without scripts, and the results, which the client fills from ?q=. */
export function SearchPage({ chrome, route }: PageProps) {
  const { importPart } = useContext(ClientContext);
  // The results are a part of their own (an entry of the bundle), loaded once the page runs in a browser.
  const loadResults = (attempt: number) =>
    importPart
      ? importPart(chrome.search.resultsUrl, attempt).then(
          (module) => (module as typeof import('./search/SearchResults.tsx')).SearchResults,
        )
      : new Promise<never>(() => {});
  return (
    <main id="main" className="container narrow search-page">
      <h1>{route.title}</h1>
      <form
        role="search"
        aria-label="Search the documentation"
        action={chrome.search.pageHref}
        method="get"
        className="search-page-form"
      >
        <input
          type="search"
          name="q"
          className="search-page-input"
          placeholder="Search"
          aria-label="Search"
          autoComplete="off"
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <Lazy load={loadResults} props={{ versions: searchVersions(chrome) }} delay={chrome.client.lazySpinnerDelay} />
    </main>
  );
}

/**
 * Where the 404 page's "documentation" link goes: the docs' start, or, for a missing page under an older version's
 * path, that version's start (known only in the browser: the host serves one 404 page for every missing path).
 */
function useDocsHref(chrome: Chrome): string | undefined {
  const [href, setHref] = useState(chrome.docsHref);
  useEffect(() => {
    const older = chrome.versions?.list.slice(1).find((v) => location.pathname.startsWith(v.base));
    if (older) setHref(older.href);
  }, [chrome]);
  return href;
}

export function NotFoundPage({ chrome }: PageProps) {
  // A constant of the bundle: a project without versions has none of this in its client.
  const docsHref = globalThis.EGDOCS_VERSIONS !== false ? useDocsHref(chrome) : chrome.docsHref;
  return (
    <main id="main" className="container narrow not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for. The page may have moved, or the address may be mistyped.</p>
      <p>
        {docsHref && docsHref !== chrome.homeHref ? (
          <>
            Start again from the <a href={docsHref}>documentation</a>
            {', or go to the '}
            <a href={chrome.homeHref}>home page</a>.
          </>
        ) : (
          <>
            Start again from the <a href={chrome.homeHref}>{docsHref ? 'documentation' : 'home page'}</a>.
          </>
        )}
      </p>
    </main>
  );
}

export const pages: PageRegistry = {
  home: page<'home'>(HomePage),
  page: page<'page'>(MarkdownPage),
  'docs-changes': page<'docs-changes'>(ChangesPage),
  'docs-upgrade': page<'docs-upgrade'>(ChangesPage),
  search: SearchPage,
  'not-found': NotFoundPage,
  redirect: () => null,
};
