import type { ReactNode } from 'react';
import type { BlogPostMeta, Chrome, NavLink, PageProps, Route } from '../src/shared/model/types.ts';
import { Markdown } from './Markdown.tsx';
import { page, type PageRegistry } from './pages.ts';
import { Toc, TocCollapsible, useActiveHeading } from './Toc.tsx';

type Data<K extends Route['data']['kind']> = Extract<Route['data'], { kind: K }>;

const DATE = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function readingTime(minutes: number): string {
  return minutes === 1 ? 'One min read' : `${minutes} min read`;
}

function PostMeta({ post, chrome }: { post: BlogPostMeta; chrome: Chrome }) {
  return (
    <div className="post-meta">
      <time dateTime={post.date}>{DATE.format(new Date(`${post.date}T00:00:00Z`))}</time>
      {chrome.showReadingTime ? <span> · {readingTime(post.readingMinutes)}</span> : null}
      {post.authors.length > 0 ? (
        <ul className="post-authors">
          {post.authors.map((author) => (
            <li key={author.id}>
              <a href={author.href}>{author.name}</a>
              {author.title ? <span className="author-title">{author.title}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PostTags({ post }: { post: BlogPostMeta }) {
  if (post.tags.length === 0) return null;
  return (
    <div className="doc-tags">
      <span className="doc-tags-label">Tags:</span>
      <ul>
        {post.tags.map((tag) => (
          <li key={tag.id}>
            <a className="tag" href={tag.href}>
              {tag.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A post as it appears in lists: title, meta, excerpt and a link to the rest. */
function PostSummary({ post, chrome }: { post: BlogPostMeta; chrome: Chrome }) {
  return (
    <article className="post-summary">
      <h2>
        <a href={post.path}>{post.title}</a>
      </h2>
      <PostMeta post={post} chrome={chrome} />
      <Markdown html={post.excerptHtml} />
      {post.truncated ? (
        <p className="read-more">
          <a href={post.path} aria-label={`Read more about ${post.title}`}>
            Read more
          </a>
        </p>
      ) : null}
      <PostTags post={post} />
    </article>
  );
}

function RecentPosts({ posts, current }: { posts: NavLink[]; current: string }) {
  return (
    <aside className="blog-sidebar">
      <nav aria-label="Recent posts">
        <p className="blog-sidebar-title">Recent posts</p>
        <ul>
          {posts.map((post) => (
            <li key={post.href}>
              <a href={post.href} aria-current={post.href === current ? 'page' : undefined}>
                {post.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function BlogShell({
  chrome,
  route,
  children,
  toc,
}: {
  chrome: Chrome;
  route: Route;
  children: ReactNode;
  toc?: ReactNode;
}) {
  return (
    <div className="blog-layout">
      <RecentPosts posts={chrome.recentPosts} current={route.path} />
      <main id="main" className="blog-main">
        {children}
      </main>
      {toc ? <div className="doc-toc">{toc}</div> : null}
    </div>
  );
}

export function BlogList({ chrome, route, data }: PageProps & { data: Data<'blog-list'> }) {
  return (
    <BlogShell chrome={chrome} route={route}>
      <h1 className="visually-hidden">{route.title}</h1>
      {data.posts.map((post) => (
        <PostSummary key={post.path} post={post} chrome={chrome} />
      ))}
      {data.previous || data.next ? (
        <nav className="pagination-nav" aria-label="Blog list pages">
          {data.previous ? (
            <a className="pagination-link previous" href={data.previous.href}>
              {data.previous.label}
            </a>
          ) : (
            <span />
          )}
          {data.next ? (
            <a className="pagination-link next" href={data.next.href}>
              {data.next.label}
            </a>
          ) : null}
        </nav>
      ) : null}
    </BlogShell>
  );
}

export function BlogPost({ chrome, route, data }: PageProps & { data: Data<'blog-post'> }) {
  const active = useActiveHeading(data.toc);
  return (
    <BlogShell chrome={chrome} route={route} toc={<Toc items={data.toc} active={active} />}>
      <article className="blog-post">
        <h1>{route.title}</h1>
        <PostMeta post={data.post} chrome={chrome} />
        <TocCollapsible items={data.toc} active={active} />
        <Markdown html={data.html} />
        <PostTags post={data.post} />
      </article>
      {data.previous || data.next ? (
        <nav className="pagination-nav" aria-label="Blog post pages">
          {data.previous ? (
            <a className="pagination-link previous" href={data.previous.href} rel="prev">
              <span className="pagination-sub">Newer post</span>
              <span className="pagination-label">{data.previous.label}</span>
            </a>
          ) : (
            <span />
          )}
          {data.next ? (
            <a className="pagination-link next" href={data.next.href} rel="next">
              <span className="pagination-sub">Older post</span>
              <span className="pagination-label">{data.next.label}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </BlogShell>
  );
}

export function BlogArchive({ route, data }: PageProps & { data: Data<'blog-archive'> }) {
  return (
    <main id="main" className="container narrow">
      <h1>{route.title}</h1>
      {data.years.map(({ year, posts }) => (
        <section key={year}>
          <h2>{year}</h2>
          <ul className="archive-list">
            {posts.map((post) => (
              <li key={post.path}>
                <time dateTime={post.date}>{DATE.format(new Date(`${post.date}T00:00:00Z`))}</time>
                {' – '}
                <a href={post.path}>{post.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function BlogAuthors({ route, data }: PageProps & { data: Data<'blog-authors'> }) {
  return (
    <main id="main" className="container narrow">
      <h1>{route.title}</h1>
      <ul className="author-list">
        {data.authors.map((author) => (
          <li key={author.id} className="author-card">
            <a href={author.href}>{author.name}</a>
            {author.title ? <p className="author-title">{author.title}</p> : null}
            <p className="author-count">{author.count === 1 ? '1 post' : `${author.count} posts`}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function BlogAuthor({ chrome, route, data }: PageProps & { data: Data<'blog-author'> }) {
  return (
    <BlogShell chrome={chrome} route={route}>
      <header className="author-header">
        <h1>{route.title}</h1>
        {data.author.title ? <p className="author-title">{data.author.title}</p> : null}
      </header>
      {data.posts.map((post) => (
        <PostSummary key={post.path} post={post} chrome={chrome} />
      ))}
    </BlogShell>
  );
}

export function TagsList({ route, data }: PageProps & { data: Data<'blog-tags'> | Data<'docs-tags'> }) {
  const groups = new Map<string, typeof data.tags>();
  for (const tag of data.tags) {
    const letter = tag.label[0].toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <main id="main" className="container narrow">
      <h1>{route.title}</h1>
      {[...groups].map(([letter, tags]) => (
        <section key={letter} className="tag-group">
          <h2>{letter}</h2>
          <ul className="tag-list">
            {tags.map((tag) => (
              <li key={tag.href}>
                <a className="tag" href={tag.href}>
                  {tag.label} <span className="tag-count">{tag.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

export function BlogTag({ chrome, route, data }: PageProps & { data: Data<'blog-tag'> }) {
  return (
    <BlogShell chrome={chrome} route={route}>
      <header>
        <h1>{route.title}</h1>
        <a href={data.allTagsHref}>View all tags</a>
      </header>
      {data.posts.map((post) => (
        <PostSummary key={post.path} post={post} chrome={chrome} />
      ))}
    </BlogShell>
  );
}

export function DocsTag({ route, data }: PageProps & { data: Data<'docs-tag'> }) {
  return (
    <main id="main" className="container narrow">
      <h1>{route.title}</h1>
      <a href={data.allTagsHref}>View all tags</a>
      <ul className="tagged-docs">
        {data.docs.map((doc) => (
          <li key={doc.href}>
            <h2>
              <a href={doc.href}>{doc.title}</a>
            </h2>
            {doc.description ? <p>{doc.description}</p> : null}
          </li>
        ))}
      </ul>
    </main>
  );
}

export const pages: PageRegistry = {
  'blog-list': page<'blog-list'>(BlogList),
  'blog-post': page<'blog-post'>(BlogPost),
  'blog-archive': page<'blog-archive'>(BlogArchive),
  'blog-authors': page<'blog-authors'>(BlogAuthors),
  'blog-author': page<'blog-author'>(BlogAuthor),
  'blog-tags': page<'blog-tags'>(TagsList),
  'blog-tag': page<'blog-tag'>(BlogTag),
  'docs-tags': page<'docs-tags'>(TagsList),
  'docs-tag': page<'docs-tag'>(DocsTag),
};
