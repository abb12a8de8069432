// The eGrocer documentation site. Every setting and constant of SPEC.md lives here; egdocs' defaults
// (src/config/validate.ts) already match most of them, and are repeated here where the spec names them.
import { defineConfig } from 'egdocs';

export default defineConfig({
  title: 'eGrocer Documentation',
  tagline: 'Online multi-vendor grocery store: Flutter customer and partner apps, a Laravel admin panel and a Next.js website',
  url: 'https://wrteamdev.github.io',
  baseUrl: '/egrocer-documentation/',
  favicon: 'img/favicon.svg',
  siteVersion: '1.0.0',
  locale: { default: 'en', locales: ['en'], direction: 'ltr' },
  colorMode: { defaultMode: 'dark', disableSwitch: false },
  navbar: {
    title: 'eGrocer',
    logo: { alt: 'eGrocer logo', src: 'img/logo.svg' },
    hideOnScroll: false,
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Documentation', position: 'left' },
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
    id: 'egdocs-2025-launch',
    content: 'This documentation now covers eGrocer 2.1.2. <a href="/docs/changelog/version-history/">See what changed</a>.',
    closeable: true,
  },
  docs: {
    routeBasePath: 'docs',
    sidebarCollapsible: true,
    sidebarCollapsed: true,
    breadcrumbs: true,
    showLastUpdateTime: false,
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    version: { name: 'current', label: 'Next', mainDocId: 'intro' },
    sidebars: {
      docs: [
        {
          type: 'category',
          label: 'Admin Panel',
          // Other names readers search the parts by; they are searched with the category's label.
          keywords: ['admin', 'back office', 'dashboard', 'laravel'],
          items: [
            'admin-panel/intro', 'admin-panel/server-requirements', 'admin-panel/create-subdomain', 'admin-panel/php-ini-settings',
            'admin-panel/localhost-setup', 'admin-panel/server-setup', 'admin-panel/configure-egroccer', 'admin-panel/store-settings',
            'admin-panel/selfpickup-setting', 'admin-panel/google-map-api', 'admin-panel/email-settings', 'admin-panel/login-settings',
            'admin-panel/firebase-settings', 'admin-panel/twilio-settings', 'admin-panel/payment-gateway', 'admin-panel/cart-reminder',
            'admin-panel/app-settings', 'admin-panel/map-api-key-settings', 'admin-panel/support', 'admin-panel/feedback', 'admin-panel/contact',
          ],
        },
        {
          type: 'category',
          label: 'Website',
          keywords: ['web', 'web app', 'next.js', 'storefront'],
          items: [
            'website/intro', 'website/installation', 'website/setup-nodejs', 'website/setup-env-variables', 'website/change-theme-color',
            'website/firebase-setup', 'website/run-website', 'website/deploy-website-without-seo', 'website/seo-for-web',
            'website/deploy-website-with-seo', 'website/htaccess-configuration', 'website/support',
          ],
        },
        {
          type: 'category',
          label: 'Flutter App',
          keywords: ['customer app', 'shopper app', 'user app'],
          items: [
            'flutter-app/intro', 'flutter-app/installation', 'flutter-app/app-configuration', 'flutter-app/server-api-config',
            'flutter-app/firebase-integration', 'flutter-app/map-location-services', 'flutter-app/additional-config',
            'flutter-app/app-distribution', 'flutter-app/support',
          ],
        },
        {
          type: 'category',
          label: 'Flutter Partner App',
          keywords: ['partner app', 'delivery app', 'delivery boy app', 'rider app', 'driver app'],
          items: [
            'flutter-partner-app/intro', 'flutter-partner-app/installation', 'flutter-partner-app/configuration',
            'flutter-partner-app/map-location-services', 'flutter-partner-app/firebase-integration', 'flutter-partner-app/app-distribution',
            'flutter-partner-app/server-api-config', 'flutter-partner-app/support', 'flutter-partner-app/additional-config',
            'flutter-partner-app/gemini-config',
          ],
        },
        { type: 'category', label: 'Features', items: ['features/intro', 'features/key-features'] },
        { type: 'category', label: 'Changelog', items: ['changelog/intro', 'changelog/version-history'] },
      ],
    },
  },
  blog: { routeBasePath: 'blog', title: 'Blog', description: 'News about the eGrocer documentation', showReadingTime: true, postsPerPage: 10 },
  search: { maxSuggestions: 8, excerptLength: 50, shortcut: true, hint: true, clearButton: true, highlightTerms: false, bm25: { b: 0.75, k1: 1.2 } },
  client: {
    progressBar: { startDelay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 },
    lazySpinnerDelay: 200,
    storage: { type: 'localStorage', keySuffix: '' },
    desktopBreakpoint: 996,
  },
  redirects: [{ from: '/docs/admin-panel/configure/', to: '/docs/admin-panel/configure-egroccer/' }],
  // Page weight, in KB, set just above what each kind needs today (`egdocs check` warns past them): first-load
  // JavaScript and CSS as gzip, HTML as written. React and react-dom are about 68 KB of the JavaScript.
  budgets: {
    home: { js: 81, css: 5, html: 14 },
    doc: { js: 80, css: 5, html: 76 },
    page: { js: 81, css: 5, html: 15 },
    search: { js: 81, css: 5, html: 11 },
    'not-found': { js: 81, css: 5, html: 11 },
    'docs-tags': { js: 81, css: 5, html: 16 },
    'docs-tag': { js: 81, css: 5, html: 26 },
    'blog-list': { js: 81, css: 5, html: 20 },
    'blog-post': { js: 81, css: 5, html: 29 },
    'blog-archive': { js: 81, css: 5, html: 15 },
    'blog-authors': { js: 81, css: 5, html: 11 },
    'blog-author': { js: 81, css: 5, html: 20 },
    'blog-tags': { js: 81, css: 5, html: 11 },
    'blog-tag': { js: 81, css: 5, html: 20 },
  },
});
