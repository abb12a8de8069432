// Files beside the pages: sitemap.xml and the blog's RSS and Atom feeds. Dates come from the posts, never the clock,
// so the output stays byte-identical between builds.
import { withBase } from '../shared/urls.ts';
import type { OutputFile, Site } from '../shared/model/types.ts';
import { escapeAttr, escapeHtml } from './document.ts';

export function sitemap(site: Site): OutputFile {
  const urls = site.routes
    .filter((route) => !route.noindex && route.path.endsWith('/'))
    .map((route) => `  <url><loc>${escapeHtml(site.config.url + route.path)}</loc></url>`)
    .join('\n');
  return {
    path: 'sitemap.xml',
    contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  };
}

export function feeds(site: Site): OutputFile[] {
  const { config, posts } = site;
  if (posts.length === 0) return [];
  const blogUrl = config.url + withBase(config, config.blog.routeBasePath);
  const recent = posts.slice(0, 20);
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeHtml(`${config.title} Blog`)}</title>
<link>${escapeHtml(blogUrl)}</link>
<description>${escapeHtml(config.blog.description)}</description>
<language>${escapeHtml(config.locale.default)}</language>
<atom:link href="${escapeAttr(blogUrl)}rss.xml" rel="self" type="application/rss+xml"/>
${recent
  .map(
    (post) => `<item>
<title>${escapeHtml(post.title)}</title>
<link>${escapeHtml(config.url + post.path)}</link>
<guid>${escapeHtml(config.url + post.path)}</guid>
<pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>
<description>${escapeHtml(post.description)}</description>
${post.tags.map((tag) => `<category>${escapeHtml(tag.label)}</category>`).join('')}
</item>`,
  )
  .join('\n')}
</channel>
</rss>
`;
  const atom = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeHtml(blogUrl)}</id>
<title>${escapeHtml(`${config.title} Blog`)}</title>
<updated>${recent[0].date}T00:00:00.000Z</updated>
<link rel="alternate" href="${escapeAttr(blogUrl)}"/>
<link rel="self" href="${escapeAttr(blogUrl)}atom.xml"/>
<subtitle>${escapeHtml(config.blog.description)}</subtitle>
${recent
  .map(
    (post) => `<entry>
<title type="text">${escapeHtml(post.title)}</title>
<id>${escapeHtml(config.url + post.path)}</id>
<link href="${escapeAttr(config.url + post.path)}"/>
<updated>${post.date}T00:00:00.000Z</updated>
<summary type="text">${escapeHtml(post.description)}</summary>
${post.authors.map((author) => `<author><name>${escapeHtml(author.name)}</name></author>`).join('')}
${post.tags.map((tag) => `<category term="${escapeAttr(tag.label)}"/>`).join('')}
</entry>`,
  )
  .join('\n')}
</feed>
`;
  return [
    { path: `${config.blog.routeBasePath}/rss.xml`, contents: rss },
    { path: `${config.blog.routeBasePath}/atom.xml`, contents: atom },
  ];
}
