// fillSiteStrings (src/site/index.ts): a small site's cold build makes its routes from pages whose code blocks are
// still marks, and fills every copy afterwards; strings anywhere in route data and posts, objects shared between
// routes once, and nothing else changed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fillSiteStrings } from '../../src/site/index.ts';
import type { Site } from '../../src/shared/model/types.ts';

const test = suite('site: filling marked strings');

test('marked strings are filled wherever they are, a shared object once, other values as they were', () => {
  const sidebar = [{ label: 'Guide \u0000k\u0000', items: [{ label: 'Plain', href: '/a/' }] }];
  const post = { title: 'Release', excerptHtml: '<p>Before</p>\u0000k\u0000' };
  const site = {
    routes: [
      { path: '/a/', data: { kind: 'doc', html: 'x \u0000k\u0000 y', sidebar, toc: [{ depth: 2, id: 'a' }] } },
      { path: '/b/', data: { kind: 'doc', html: 'no marks', sidebar, draft: false, count: 3, none: null } },
      { path: '/blog/', data: { kind: 'blog-list', posts: [post] } },
    ],
    posts: [post],
  } as unknown as Site;
  const seen: string[] = [];
  fillSiteStrings(site, (text) => {
    seen.push(text);
    return text.replaceAll('\u0000k\u0000', '<pre>code</pre>');
  });
  const [a, b, blog] = site.routes.map((route) => route.data as unknown as Record<string, unknown>);
  assert.is(a.html, 'x <pre>code</pre> y');
  assert.is(sidebar[0].label, 'Guide <pre>code</pre>');
  assert.is(post.excerptHtml, '<p>Before</p><pre>code</pre>');
  assert.equal(blog.posts, [post]);
  // Only strings holding a NUL are handed to fill, each shared one once.
  assert.equal(seen.sort(), ['<p>Before</p>\u0000k\u0000', 'Guide \u0000k\u0000', 'x \u0000k\u0000 y']);
  assert.equal(b, {
    kind: 'doc',
    html: 'no marks',
    sidebar,
    draft: false,
    count: 3,
    none: null,
  });
});

test.run();
