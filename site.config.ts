// The eGrocer documentation site. Every setting and constant of SPEC.md lives here; egdocs' defaults
// (src/config/schema.ts) already match most of them, and are repeated here where the spec names them.
import { defineConfig } from 'egdocs';

/**
 * The page-weight budget of a page kind (KB; see `budgets` below): every kind loads the same JavaScript and the one
 * stylesheet, so only the HTML differs.
 */
const pageWeight = (html: number) => ({ js: 83, css: 7, html });

export default defineConfig({
  title: 'eGrocer Documentation',
  tagline:
    'Online multi-vendor grocery store: Flutter customer and partner apps, a Laravel admin panel and a Next.js website',
  url: 'https://wrteamdev.github.io',
  baseUrl: '/egrocer-documentation/',
  favicon: 'img/favicon.svg',
  // The picture a shared link to the site shows (og:image); drawn for this site, 1200 × 630.
  image: 'img/social-card.png',
  // Off: SPEC.md lists the interface states a reader meets (section 4), and an enlarged-image dialog is none of them.
  imageZoom: false,
  siteVersion: '1.0.0',
  locale: { default: 'en', locales: ['en'], direction: 'ltr' },
  colorMode: { defaultMode: 'dark', disableSwitch: false },
  navbar: {
    title: 'eGrocer',
    logo: { alt: 'eGrocer logo', src: 'img/logo.svg' },
    hideOnScroll: false,
    items: [
      // SPEC: the navbar's documentation link opens the admin panel's introduction, not the overview listed first.
      { type: 'docSidebar', sidebarId: 'docs', label: 'Documentation', doc: 'admin-panel/intro', position: 'left' },
      { type: 'link', label: 'Blog', href: '/blog/', position: 'left' },
      { type: 'docsVersionDropdown', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'search', position: 'right' },
      { type: 'colorMode', position: 'right' },
    ],
  },
  footer: {
    links: [
      { label: 'Documentation', href: '/docs/' },
      { label: 'Support', doc: 'admin-panel/support' },
      { label: 'Changelog', doc: 'changelog/version-history' },
      { label: 'Blog', href: '/blog/' },
    ],
    copyright: 'Copyright © 2025 WRTeam. All rights reserved.',
  },
  announcementBar: {
    id: 'egdocs-3-0-2-1',
    content:
      'This documentation now covers eGrocer 3.0.2.1. <a href="/docs/changelog/version-history/">See what changed</a>.',
    closeable: true,
  },
  docs: {
    routeBasePath: 'docs',
    sidebarCollapsible: true,
    sidebarCollapsed: true,
    breadcrumbs: true,
    editUrl: 'https://github.com/WRTeam-in/egrocer-documentation/edit/main/{path}',
    // Off: SPEC.md says docs show no last-update time (the feature is for other projects), nor its author.
    showLastUpdateTime: false,
    showLastUpdateAuthor: false,
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    // The current docs describe eGrocer 3.0.2.1 (SPEC's routes, /docs/…); buyers still on 2.1.0–2.1.4 read theirs
    // under /docs/2.1/, from content/versioned/2.1/.
    version: { name: 'current', label: '3.0.2.1', mainDocId: 'intro' },
    versions: [{ name: '2.1', label: '2.1.x', path: '2.1' }],
    sidebars: {
      docs: [
        // The overview of the four parts ("read this page first"), at /docs/.
        'intro',
        {
          type: 'category',
          label: 'Admin Panel',
          // Other names readers search the parts by; they are searched with the category's label.
          keywords: ['admin', 'back office', 'dashboard', 'laravel'],
          items: [
            'admin-panel/intro',
            'admin-panel/server-requirements',
            'admin-panel/create-subdomain',
            'admin-panel/php-ini-settings',
            'admin-panel/localhost-setup',
            'admin-panel/server-setup',
            'admin-panel/configure-egroccer',
            'admin-panel/store-settings',
            'admin-panel/selfpickup-setting',
            'admin-panel/google-map-api',
            'admin-panel/email-settings',
            'admin-panel/login-settings',
            'admin-panel/firebase-settings',
            'admin-panel/twilio-settings',
            'admin-panel/payment-gateway',
            'admin-panel/subscription',
            'admin-panel/cart-reminder',
            'admin-panel/app-settings',
            'admin-panel/map-api-key-settings',
            'admin-panel/support',
            'admin-panel/feedback',
            'admin-panel/contact',
          ],
        },
        {
          type: 'category',
          label: 'Website',
          keywords: ['web', 'web app', 'next.js', 'storefront'],
          items: [
            'website/intro',
            'website/installation',
            'website/setup-nodejs',
            'website/setup-env-variables',
            'website/change-theme-color',
            'website/firebase-setup',
            'website/run-website',
            'website/deploy-website-without-seo',
            'website/seo-for-web',
            'website/deploy-website-with-seo',
            'website/htaccess-configuration',
            'website/support',
          ],
        },
        {
          type: 'category',
          label: 'Flutter App',
          keywords: ['customer app', 'shopper app', 'user app'],
          items: [
            'flutter-app/intro',
            'flutter-app/installation',
            'flutter-app/app-configuration',
            'flutter-app/server-api-config',
            'flutter-app/firebase-integration',
            'flutter-app/map-location-services',
            'flutter-app/additional-config',
            'flutter-app/in-app-purchase',
            'flutter-app/app-distribution',
            'flutter-app/support',
          ],
        },
        {
          type: 'category',
          label: 'Flutter Partner App',
          keywords: ['partner app', 'delivery app', 'delivery boy app', 'rider app', 'driver app'],
          items: [
            'flutter-partner-app/intro',
            'flutter-partner-app/installation',
            'flutter-partner-app/configuration',
            'flutter-partner-app/map-location-services',
            'flutter-partner-app/firebase-integration',
            'flutter-partner-app/app-distribution',
            'flutter-partner-app/server-api-config',
            'flutter-partner-app/support',
            'flutter-partner-app/additional-config',
            'flutter-partner-app/gemini-config',
          ],
        },
        // These two list their folder's docs, in the order of the docs' names (intro, then the rest): a page added
        // there joins the sidebar without an edit here.
        { type: 'category', label: 'Features', items: [{ type: 'autogenerated', dirName: 'features' }] },
        { type: 'category', label: 'Changelog', items: [{ type: 'autogenerated', dirName: 'changelog' }] },
        {
          type: 'category',
          label: 'FAQ',
          keywords: ['update', 'upgrade', 'system updater', 'migration'],
          items: [{ type: 'autogenerated', dirName: 'faq' }],
        },
      ],
      // The writer's guide: how to write and publish these docs with egdocs, shown beside its own pages. Each folder
      // is listed in its docs' sidebar_position order.
      guide: [
        { type: 'category', label: 'Writing', items: [{ type: 'autogenerated', dirName: 'tutorial-basics' }] },
        { type: 'category', label: 'Going further', items: [{ type: 'autogenerated', dirName: 'tutorial-extras' }] },
      ],
    },
  },
  blog: {
    routeBasePath: 'blog',
    title: 'Blog',
    description: 'News about the eGrocer documentation',
    showReadingTime: true,
    postsPerPage: 10,
  },
  search: {
    maxSuggestions: 8,
    excerptLength: 50,
    shortcut: true,
    hint: true,
    clearButton: true,
    highlightTerms: false,
    bm25: { b: 0.75, k1: 1.2 },
  },
  client: {
    progressBar: { startDelay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 },
    lazySpinnerDelay: 200,
    storage: { type: 'localStorage', keySuffix: '' },
    desktopBreakpoint: 996,
  },
  redirects: [{ from: '/docs/admin-panel/configure/', to: '/docs/admin-panel/configure-egroccer/' }],
  // Page weight, in KB, set just above what each kind needs today (`egdocs check` warns past them): first-load
  // JavaScript and CSS as gzip, HTML as written. React and react-dom are about 68 KB of the JavaScript; the one
  // stylesheet (every kind loads it) passed 5 KB with the admonition icons, scroll cues and search layout. The
  // largest doc is the writer's Markdown Features page, every example shown as source and result. JavaScript 81 ->
  // 82 KB: the TOC's reading line (120 B), the copy-page listener (64 B) and the tabs' loader (53 B) are on every
  // page; tabs themselves (0.9 KB) load only where a page has some. 82 -> 83 KB and about 0.5 KB more HTML: the docs
  // version dropdown in the navbar (its code and its two links) since the 2.1 docs. Doc HTML 80 -> 106 KB: Markdown
  // Features (at 77.9 KB) shows the Docusaurus syntax egdocs reads since (bracketed titles, collapsible sections,
  // highlight comments, footnotes), a formula and a diagram, most of it highlighted code. docs-tag HTML 27 -> 28 KB: its largest page was 3 B
  // under, and every page's search field now says type="text" inputmode="search" (17 B). CSS 6 -> 7 KB: tinted
  // admonitions, collapsible sections, footnotes, keys, the search field's magnifier, images per colour mode, and
  // the marks of the pages comparing docs versions.
  budgets: {
    home: pageWeight(15),
    doc: pageWeight(106),
    page: pageWeight(16),
    search: pageWeight(12),
    'not-found': pageWeight(12),
    'docs-tags': pageWeight(17),
    'docs-tag': pageWeight(28),
    // What changed from 2.1 to 3.0.2.1: the largest comparison is the version history's.
    'docs-changes': pageWeight(45),
    'docs-upgrade': pageWeight(28),
    'blog-list': pageWeight(21),
    'blog-post': pageWeight(30),
    'blog-archive': pageWeight(16),
    'blog-authors': pageWeight(13),
    'blog-author': pageWeight(21),
    'blog-tags': pageWeight(13),
    'blog-tag': pageWeight(20),
  },
});
