// The pipeline in one screen: config -> content -> markdown -> site -> check -> bundle -> render -> files.
// Each step is timed, and an error thrown inside a step carries the step's name.
import path from 'node:path';
import { BuildError, Diagnostics, type Diagnostic } from './diagnostics.ts';
import { bundleClient } from './bundle/index.ts';
import { checkLinks } from './check/links.ts';
import { type ContentFiles, parseContent, readContentFiles } from './content/read.ts';
import { createMarkdown } from './markdown/index.ts';
import { feeds, sitemap } from './render/feeds.ts';
import { chromeOf, renderRoute, sidebarFiles } from './render/index.ts';
import { searchDataFile } from './search/data.ts';
import { buildSite } from './site/index.ts';
import { routeOfSource } from './site/urls.ts';
import type { BuildResult, Config, OutputFile } from './types.ts';
import { VERSION } from './version.ts';

export interface BuildOptions {
  config: Config;
  /** Content to build instead of reading content/ from disk (tests, serve). */
  files?: ContentFiles;
}

/** Thrown when a build has errors: carries every diagnostic, so all problems show at once. */
export class BuildFailed extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`build failed with ${diagnostics.filter((d) => d.severity === 'error').length} error(s)`);
    this.name = 'BuildFailed';
  }
}

/** Builds the whole site in memory. Throws BuildFailed on errors; warnings are in the result. */
export async function buildSiteFiles({ config, files }: BuildOptions): Promise<BuildResult> {
  const diagnostics = new Diagnostics();
  const timings: BuildResult['timings'] = [];
  const step = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } catch (error) {
      if (error instanceof BuildError) {
        diagnostics.items.push(error.diagnostic);
        throw new BuildFailed(diagnostics.items);
      }
      if (error instanceof BuildFailed) throw error;
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    } finally {
      timings.push({ step: name, ms: performance.now() - start, heapMb: process.memoryUsage().heapUsed / 2 ** 20 });
    }
  };

  const input = await step('read', () => files ?? readContentFiles(config.paths.root));
  const content = await step('content', () => parseContent(input, diagnostics));
  stopOnErrors(diagnostics);
  const routeByFile = new Map(content.sources.map((source) => [source.file, routeOfSource(source, config)]));
  const markdown = await step('markdown', async () => {
    const highlightCache = path.join(config.paths.root, 'node_modules/.cache/egdocs/highlight.json');
    const renderer = await createMarkdown({ config, content, routeByFile, diagnostics, highlightCache });
    // One bad page is reported with its file and the others still build, so every problem shows at once.
    return renderer.renderPages(content.sources, (source, error) => {
      if (error instanceof BuildError) diagnostics.items.push(error.diagnostic);
      else diagnostics.error('render', `markdown: ${(error as Error).message}`, { file: source.file });
    });
  });
  stopOnErrors(diagnostics);
  const site = await step('site', () => buildSite({ config, content, pages: markdown, routeByFile, diagnostics }));
  await step('check', () => checkLinks(site, routeByFile, diagnostics));
  const bundle = await step('bundle', () => bundleClient({ baseUrl: config.baseUrl }));
  const search = await step('search', () => searchDataFile(site));
  const sidebarData = sidebarFiles(site.sidebars, config.baseUrl);
  const output = await step('render', () => {
    const chrome = chromeOf(site, sidebarData.urls, { dataUrl: search.url, workerUrl: bundle.workerUrl });
    const context = { site, chrome, assets: { styles: bundle.styles, scripts: bundle.scripts, preload: bundle.preload }, generator: `egdocs ${VERSION}` };
    const out: OutputFile[] = [];
    for (const route of site.routes) {
      try {
        out.push(...renderRoute(context, route));
      } catch (error) {
        diagnostics.error('render', `template failed: ${(error as Error).message}`, route.file ? { file: route.file } : undefined);
      }
    }
    return out;
  });
  stopOnErrors(diagnostics);
  const extra = [...bundle.files, search.file, ...sidebarData.files, sitemap(site), ...feeds(site), ...[...site.assets].map(([path, contents]) => ({ path, contents }))];
  return { site, files: dedupe([...output, ...extra]), diagnostics: diagnostics.items, timings };
}

function stopOnErrors(diagnostics: Diagnostics): void {
  if (diagnostics.errors.length > 0) throw new BuildFailed(diagnostics.items);
}

/** The first file for each path wins (duplicate routes were reported as warnings in the site step). */
function dedupe(files: OutputFile[]): OutputFile[] {
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.path) && seen.add(file.path));
}
