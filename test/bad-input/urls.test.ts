// URLs egdocs assembles from names, and URLs and paths a config or front matter writes. A file name goes into the
// edit link encoded; a link that would run code (javascript:, data:, vbscript:) is an error at its key or line; a
// base path is a URL path or an error naming the key or the flag; a site address is an http(s) URL.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/config/load.ts';
import { validateConfig } from '../../src/config/validate.ts';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { egdocs } from '../cli/run.ts';
import { fileText, MINI_CONFIG } from '../helpers.ts';
import { tempProject } from '../project.ts';
import { failure, success } from './report.ts';

const test = suite('bad input: URLs egdocs builds or reads');

/** Every problem of a config, as printed (file, then message and hint). */
function problemsOf(user: Record<string, unknown>, overrides: { baseUrl?: string } = {}): string[] {
  try {
    validateConfig({ title: 'T', url: 'https://x.dev', ...user }, 'site.config.ts', overrides);
  } catch (error) {
    assert.instance(error, BuildFailed);
    return (error as BuildFailed).diagnostics.map(formatDiagnostic);
  }
  throw new Error('the config should have been refused');
}

const LINK = "must be a site path ('/docs/x/') or an http(s), mailto: or tel: URL";

test('the edit link has each segment of the file path encoded: %, # and ? stay in the path', async () => {
  const { result } = await success(
    {
      'docs/100%-sure.md': '# Sure\n',
      'docs/c#/intro.md': '# C sharp\n',
      'docs/why?.md': '# Why\n',
      'docs/a b&c.md': '# Spaces\n',
    },
    { docs: { editUrl: 'https://github.com/o/r/edit/main/{path}' } },
  );
  const edit = Object.fromEntries(
    result.site.routes.flatMap((route) => (route.data.kind === 'doc' ? [[route.data.doc.id, route.data.editUrl]] : [])),
  );
  assert.equal(edit, {
    '100%-sure': 'https://github.com/o/r/edit/main/content/docs/100%25-sure.md',
    'c#/intro': 'https://github.com/o/r/edit/main/content/docs/c%23/intro.md',
    'why?': 'https://github.com/o/r/edit/main/content/docs/why%3F.md',
    'a b&c': 'https://github.com/o/r/edit/main/content/docs/a%20b%26c.md',
  });
});

test('a navbar, footer or dropdown link that runs code or shows data is an error at its key', () => {
  assert.equal(
    problemsOf({
      navbar: {
        items: [
          { type: 'link', label: 'Run', href: 'javascript:alert(1)' },
          { type: 'dropdown', label: 'More', items: [{ label: 'Data', href: 'data:text/html,<script>1</script>' }] },
        ],
      },
      footer: {
        links: [
          { label: 'Old', href: 'VBScript:msgbox(1)' },
          // Browsers read past tabs and newlines in a URL, and spaces before it.
          { label: 'Hidden', href: ' java\tscript:alert(1)' },
          { label: 'Mail', href: 'mailto:team@example.com' },
          { label: 'Call', href: 'tel:+1-555-0100' },
          { label: 'Site', href: 'https://example.com/' },
          { label: 'Page', href: '/docs/setup/' },
          { label: 'Anchor', href: '#top' },
        ],
      },
    }),
    [
      `site.config.ts  navbar.items[0].href ${LINK}, got 'javascript:alert(1)'`,
      `site.config.ts  navbar.items[1].items[0].href ${LINK}, got 'data:text/html,<script>1</script>'`,
      `site.config.ts  footer.links[0].href ${LINK}, got 'VBScript:msgbox(1)'`,
      `site.config.ts  footer.links[1].href ${LINK}, got ' java\tscript:alert(1)'`,
    ],
  );
});

test("an announcement's link and a redirect's target that run code are errors at their key", () => {
  assert.equal(
    problemsOf({
      announcementBar: { id: 'a', content: 'New: <a href="/docs/x/">x</a> and <a href=javascript:alert(1)>y</a>' },
      redirects: [
        { from: '/old/', to: '/docs/x/' },
        { from: '/bad/', to: 'javascript:alert(1)' },
      ],
    }),
    [
      `site.config.ts  announcementBar.content links to 'javascript:alert(1)', but a link ${LINK}`,
      `site.config.ts  redirects[1].to ${LINK}, got 'javascript:alert(1)'`,
    ],
  );
});

test('a link on the home page that runs code is an error at its line and column of the front matter', async () => {
  assert.equal(
    await failure({
      'pages/index.md':
        "---\nlayout: home\nhero:\n  cta: { label: Go, href: 'javascript:alert(1)' }\ncards:\n  - { title: A, text: a, href: /docs/a/ }\n  - { title: B, text: b, href: 'data:text/html,x' }\n---\n",
      'docs/a.md': '# A\n',
    }),
    [
      `error  content/pages/index.md:4:27  front matter 'hero.cta.href' ${LINK}, got 'javascript:alert(1)'`,
      `error  content/pages/index.md:7:32  front matter 'cards[1].href' ${LINK}, got 'data:text/html,x'`,
    ],
  );
});

test('a base path that is not a URL path is an error naming the key, or the flag', () => {
  const hint = "write the path the site is served under, like '/docs/'";
  for (const [base, why] of [
    ['/x"><img src=x onerror=alert(1)>/', `'"' cannot be in a URL path`],
    ['/my docs/', "' ' cannot be in a URL path"],
    ['/a/../b/', "'..' is not a folder name"],
    ['/docs?v=1/', "'?' would start a query"],
    ['/docs#top/', "'#' would start a fragment"],
    ['\\docs\\', "'\\' cannot be in a URL path"],
    ['/a//b/', 'it has an empty segment'],
    ['/café/', "'é' cannot be in a URL path (write it percent-encoded: %C3%A9)"],
    ['/100%/', "'%' must start an escape like %20"],
  ]) {
    assert.equal(
      problemsOf({ baseUrl: base }),
      [`site.config.ts  baseUrl '${base}' is not a base path: ${why}; ${hint}`],
      base,
    );
    assert.equal(problemsOf({}, { baseUrl: base }), [`--base-url '${base}' is not a base path: ${why}; ${hint}`], base);
  }
  // What egdocs has always made of slashes left out, and escapes.
  for (const [base, made] of [
    ['docs', '/docs/'],
    ['/a/b', '/a/b/'],
    ['', '/'],
    ['/caf%C3%A9/', '/caf%C3%A9/'],
    ['/v1.2_x~y-z/', '/v1.2_x~y-z/'],
  ])
    assert.is(validateConfig({ title: 'T', url: 'https://x.dev', baseUrl: base }, 'site.config.ts').baseUrl, made);
});

test("the site's address must be an http(s) URL without a query or fragment", () => {
  const hint = "write where the site is deployed, like 'https://docs.example.com'";
  for (const url of ['javascript:alert(1)//', 'docs.example.com', 'https://x.dev/"><b>', 'https://x.dev/?a=1'])
    assert.equal(problemsOf({ url }), [`site.config.ts  url must be an http(s) address, got '${url}'; ${hint}`], url);
});

test('build --base-url and serve --base-url refuse a base path that breaks out of an attribute', async () => {
  const p = await tempProject({
    'site.config.ts': MINI_CONFIG,
    'content/docs/intro.md': '# Intro\n',
    'content/docs/setup.md': '# Setup\n',
  });
  try {
    const base = '/x"><img src=x onerror=alert(1)>/';
    const build = await egdocs(p.dir, 'build', '--base-url', base);
    assert.is(build.code, 1);
    assert.match(build.stderr, `--base-url '${base}' is not a base path: '"' cannot be in a URL path`);
    const serve = await egdocs(p.dir, 'serve', '--dir', 'build', '--base-url', base);
    assert.is(serve.code, 1);
    assert.match(serve.stderr, `--base-url '${base}' is not a base path`);
  } finally {
    await p.remove();
  }
});

test('a link that runs code in site.config.ts is reported at its line', async () => {
  const p = await tempProject({
    'site.config.ts': `export default {
  title: 'T',
  url: 'https://t.dev',
  footer: { links: [{ label: 'Run', href: 'javascript:alert(1)' }] },
};
`,
  });
  try {
    await loadConfig({ configFile: path.join(p.dir, 'site.config.ts') });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, BuildFailed);
    assert.equal((error as BuildFailed).diagnostics.map(formatDiagnostic), [
      `site.config.ts:4:43  footer.links[0].href ${LINK}, got 'javascript:alert(1)'`,
    ]);
  } finally {
    await p.remove();
  }
});

test("config text the page's head and inline scripts carry cannot end them", async () => {
  const evil = '</script><script>alert(1)</script>';
  const { result } = await success(
    { 'docs/a.md': '# A\n' },
    {
      locale: { default: 'en"><script>alert(1)</script>', locales: ['en"><script>alert(1)</script>'] },
      client: { storage: { keySuffix: evil } },
      announcementBar: { id: evil, content: 'Hi' },
      redirects: [{ from: '/old/', to: `https://example.com/${evil}` }],
    },
  );
  for (const file of ['docs/a/index.html', 'old/index.html']) {
    const html = fileText(result, file);
    assert.not.match(html, '<script>alert(1)', file);
  }
});

test.run();
