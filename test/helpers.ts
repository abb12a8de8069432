// Test helpers: a resolved config without a config file, and whole sites built from in-memory file maps.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildSiteFiles } from '../src/build.ts';
import { type Bundle, bundleClient } from '../src/bundle/index.ts';
import { validateConfig } from '../src/config/validate.ts';
import type { ContentFiles } from '../src/content/read.ts';
import type { BuildResult, Config, Page } from '../src/shared/model/types.ts';
import { parseContent } from '../src/content/parse.ts';
import { routeContent } from '../src/content/routes.ts';
import { createMarkdown, type MarkdownSpeed } from '../src/markdown/index.ts';
import { type Diagnostic, Diagnostics, withLineTexts } from '../src/shared/model/diagnostics.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** site.config.ts of the small project the CLI and serve tests write to disk: base '/mini/', docs intro and setup. */
export const MINI_CONFIG = `import { defineConfig } from 'egdocs';
export default defineConfig({ title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/',
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
  docs: { sidebars: { docs: ['intro', 'setup'] } } });
`;

/** A complete Config as validate.ts would make it, rooted at the repository (for templates) or at `root`. */
export function testConfig(user: Record<string, unknown> = {}, root = ROOT): Config {
  return validateConfig(
    { title: 'Test Docs', url: 'https://example.com', baseUrl: '/base/', ...user },
    path.join(root, 'site.config.ts'),
  );
}

/** Content files from a { 'docs/a.md': '...' } map (paths relative to content/). */
export function contentFiles(files: Record<string, string | Uint8Array>): ContentFiles {
  const texts = new Map<string, string>();
  const assets = new Map<string, Uint8Array>();
  for (const [rel, value] of Object.entries(files)) {
    if (typeof value === 'string' && /\.(mdx?|ya?ml)$/.test(rel) && !rel.startsWith('static/'))
      texts.set(`content/${rel}`, value);
    else assets.set(`content/${rel}`, typeof value === 'string' ? new TextEncoder().encode(value) : value);
  }
  return { texts, assets };
}

const bundles = new Map<string, Promise<Bundle>>();

/**
 * The client bundle for a base URL, made once per test process: it depends on nothing else (egdocs' own sources
 * aside), and bundling again for each of the hundreds of sites the tests build was a fifth of the suite's time.
 */
export function sharedBundle(baseUrl: string, versions = false, imageZoom = false): Promise<Bundle> {
  const key = `${versions}${imageZoom}${baseUrl}`;
  let bundle = bundles.get(key);
  if (!bundle) bundles.set(key, (bundle = bundleClient({ baseUrl, versions, imageZoom })));
  return bundle;
}

/** Builds a site from an in-memory file map; a config error rejects, as a build's errors do. */
export async function buildFromMap(
  files: Record<string, string | Uint8Array>,
  user: Record<string, unknown> = {},
): Promise<BuildResult> {
  const config = testConfig(user);
  const versions = config.docs.versions.length > 0;
  const bundle = sharedBundle(config.baseUrl, versions, config.imageZoom);
  return buildSiteFiles({ config, files: contentFiles(files), bundle });
}

/** The text of an output file. */
export function fileText(result: BuildResult, outPath: string): string {
  const file = result.files.find((f) => f.path === outPath);
  if (!file)
    throw new Error(
      `no output file ${outPath}; have ${result.files
        .map((f) => f.path)
        .slice(0, 20)
        .join(', ')}`,
    );
  return typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents);
}

/** Runs git in `dir` with a fixed author and date, so commits (and the dates read back) are the same on every run. */
export function gitAt(dir: string, date = '2025-02-03T10:00:00+00:00') {
  return (...args: string[]) =>
    execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], {
      cwd: dir,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Ann Author',
        GIT_AUTHOR_EMAIL: 'ann@example.com',
        GIT_COMMITTER_NAME: 'Ann Author',
        GIT_COMMITTER_EMAIL: 'ann@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
}

/**
 * One page of a file map of content/ rendered by the markdown stage alone (no site, no bundle): the page, and what
 * rendering reported, with the lines of the files it names. `speed` is the markdown stage's (a shared highlighter).
 */
export async function renderPage(
  files: Record<string, string | Uint8Array>,
  file: string,
  speed?: MarkdownSpeed,
): Promise<{ page: Page; diagnostics: Diagnostic[] }> {
  const config = testConfig();
  const diagnostics = new Diagnostics();
  const input = contentFiles(files);
  const content = routeContent(parseContent(input, diagnostics), config);
  const md = await createMarkdown({ config, content, diagnostics, ...(speed ? { speed } : {}) });
  const page = await md.render(content.sources.find((s) => s.file === `content/${file}`)!);
  withLineTexts(diagnostics.items, input.texts);
  return { page, diagnostics: diagnostics.items };
}
