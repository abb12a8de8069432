// The chrome (navbar, footer, announcement, what every page's layout links to) is site data: the site stage builds
// it from the config and the route table, and render only reads it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap } from '../helpers.ts';

const test = suite('site: the chrome every page shows');

const files = {
  'docs/intro.md': '# Intro\n',
  'docs/guide/setup.md': '# Setup\n',
  'blog/2025-01-02-hello.md': '---\ntitle: Hello\n---\nHi.\n',
};

test('navbar items and footer links are resolved to hrefs under the base path', async () => {
  const { site } = await buildFromMap(files, {
    navbar: {
      title: 'Shop',
      items: [
        { type: 'docSidebar', sidebarId: 'docs', label: 'Docs' },
        { type: 'dropdown', label: 'More', items: [{ label: 'Setup', doc: 'guide/setup' }] },
        { type: 'link', label: 'Blog', href: '/blog/', position: 'right' },
      ],
    },
    footer: { links: [{ label: 'Setup', doc: 'guide/setup' }], copyright: '© Shop' },
  });
  const { chrome } = site;
  assert.equal(chrome.navbar, [
    { type: 'link', label: 'Docs', href: '/base/docs/intro/', position: 'left', activeBase: '/base/docs/' },
    { type: 'dropdown', label: 'More', items: [{ label: 'Setup', href: '/base/docs/guide/setup/' }], position: 'left' },
    // A link to a section of the site stays marked on the pages under it.
    { type: 'link', label: 'Blog', href: '/base/blog/', position: 'right', activeBase: '/base/blog/' },
  ]);
  assert.equal(chrome.footer, { links: [{ label: 'Setup', href: '/base/docs/guide/setup/' }], copyright: '© Shop' });
  assert.is(chrome.navbarTitle, 'Shop');
  assert.equal(chrome.recentPosts, [{ label: 'Hello', href: '/base/blog/hello/' }]);
  assert.equal(chrome.feeds, { rss: '/base/blog/rss.xml', atom: '/base/blog/atom.xml' });
});

test('the home link skips the redirect at the base path; a config link is kept for check with where it was written', async () => {
  const { site } = await buildFromMap(files, { footer: { links: [{ label: 'Blog', href: '/blog/' }] } });
  assert.is(site.chrome.homeHref, '/base/docs/intro/');
  assert.is(site.chrome.docsHref, '/base/docs/intro/');
  const footerLink = site.layoutLinks.find((link) => link.where === 'footer.links[0]');
  assert.equal(footerLink, {
    raw: '/blog/',
    href: '/base/blog/',
    where: 'footer.links[0]',
    location: { file: 'site.config.ts' },
  });
});

test.run();
