import type { ReactNode } from 'react';
import type { TocItem } from '../src/shared/model/types.ts';
import { Markdown } from './Markdown.tsx';
import { Toc, TocCollapsible, useActiveHeading } from './Toc.tsx';

/**
 * The main column of a doc or a markdown page: the article (what comes `before` the title, the title, the table of
 * contents collapsed for narrow screens, the markdown, what comes `after`) beside the table of contents, both
 * marking the heading being read.
 */
export function ArticleWithToc({
  title,
  toc,
  html,
  before,
  after,
}: {
  title: string;
  toc: TocItem[];
  html: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const active = useActiveHeading(toc);
  return (
    <main id="main" className="doc-main">
      <div className="doc-content-row">
        <article className="doc-article">
          {before}
          <h1>{title}</h1>
          <TocCollapsible items={toc} active={active} />
          <Markdown html={html} />
          {after}
        </article>
        <div className="doc-toc">
          <Toc items={toc} active={active} />
        </div>
      </div>
    </main>
  );
}
