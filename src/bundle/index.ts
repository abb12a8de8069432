// The bundle stage: esbuild builds the client script (hydration over the same templates) and the stylesheet,
// minified, with content hashes in their names so they can be cached forever.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Message, type Metafile } from 'esbuild';
import { fail } from '../diagnostics.ts';
import type { Templates } from '../../templates/server.ts';
import { PAGE_GROUPS, type PageGroup } from '../shared/page-groups.ts';
import type { OutputFile } from '../types.ts';

export interface Bundle {
  files: OutputFile[];
  /** URLs of the stylesheets and scripts, for the document head. */
  styles: string[];
  scripts: string[];
  /**
   * Chunks to preload (`<link rel="modulepreload">`) so the browser fetches them in parallel with the entry instead
   * of discovering them one import at a time: those the entry imports, and per page group, that group's chunks.
   */
  preload: { entry: string[]; groups: Record<PageGroup, string[]> };
  /** URL of the search worker script (a classic script: it carries lunr and the engine, and nothing else loads it). */
  workerUrl: string;
  /**
   * URLs of the parts of pages loaded on demand (templates/Lazy.tsx). Each is an entry of its own rather than a
   * dynamic import esbuild rewrites, so the client knows its URL and can ask again under another one: a browser may
   * remember a failed import of a URL for the page's life.
   */
  parts: { SearchResults: string };
}

/** The browsers the client code is compiled for. */
const BROWSERS = ['es2020', 'chrome100', 'firefox100', 'safari15'];

/**
 * egdocs' own folder (holding src/client), found upward from this module: src/bundle/ in a checkout, dist/ when
 * compiled.
 */
export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'src', 'client', 'main.tsx'))) return current;
    if (path.dirname(current) === current) throw new Error(`cannot find egdocs' client sources above ${dir}`);
  }
}

export interface BundleOptions {
  baseUrl: string;
}

/**
 * Builds assets/js/main.<hash>.js and assets/css/styles.<hash>.css from egdocs' own client and templates
 * (the same templates the server rendered with; a project cannot swap them yet).
 */
export async function bundleClient({ baseUrl }: BundleOptions): Promise<Bundle> {
  const common: BuildOptions & { write: false } = {
    bundle: true,
    write: false,
    minify: true,
    target: BROWSERS,
    outdir: 'assets',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: packageRoot,
  };
  const [client, worker] = await esbuildOrDiagnostic(async () =>
    Promise.all([
      build({
        ...common,
        entryPoints: {
          main: path.join(packageRoot, 'src/client/main.tsx'),
          styles: path.join(packageRoot, 'templates/styles/index.css'),
          SearchResults: path.join(packageRoot, 'templates/search/SearchResults.tsx'),
        },
        format: 'esm',
        splitting: true,
        entryNames: '[ext]/[name].[hash]',
        // Chunks are named after their entry module (SearchResults.<hash>.js), shared ones 'chunk'.
        chunkNames: 'js/[name].[hash]',
        assetNames: 'media/[name].[hash]',
        // The admonition icons the stylesheet masks with: files of their own, fetched only where one is shown.
        loader: { '.svg': 'file' },
        jsx: 'automatic',
        metafile: true,
      }),
      // The search worker is a classic script of its own: lunr and the engine, which nothing on the page imports.
      build({
        ...common,
        entryPoints: { 'search-worker': path.join(packageRoot, 'src/client/search/worker.ts') },
        format: 'iife',
        entryNames: 'js/[name].[hash]',
      }),
    ]),
  );
  const files: OutputFile[] = [];
  const urlsOf = (outputs: typeof client.outputFiles) =>
    outputs.map((file) => {
      const rel = path.relative(packageRoot, file.path).split(path.sep).join('/');
      files.push({ path: rel, contents: file.contents });
      return baseUrl + rel;
    });
  const clientUrls = urlsOf(client.outputFiles);
  const [workerUrl] = urlsOf(worker.outputFiles);
  return {
    files,
    styles: clientUrls.filter((url) => url.startsWith(`${baseUrl}assets/css/styles.`)),
    scripts: clientUrls.filter((url) => url.startsWith(`${baseUrl}assets/js/main.`)),
    preload: preloads(client.metafile, baseUrl),
    workerUrl,
    parts: { SearchResults: baseUrl + outputOf(client.metafile, 'templates/search/SearchResults.tsx') },
  };
}

/**
 * `egdocs serve`'s live-reload script (src/client/live.ts), a classic script of its own that serve injects into the
 * pages it sends; never part of a built site. Not minified: it is read in the browser's developer tools.
 */
export async function bundleLiveClient(): Promise<string> {
  const result = await esbuildOrDiagnostic(() =>
    build({
      entryPoints: [path.join(packageRoot, 'src/client/live.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      target: BROWSERS,
      legalComments: 'none',
      logLevel: 'silent',
      absWorkingDir: packageRoot,
    }),
  );
  return result.outputFiles[0].text;
}

/**
 * A fresh copy of templates/server.ts, compiled from the templates as they are now on disk: `egdocs serve` renders
 * with it after a template changed. Written beside node_modules so its bare imports (react) resolve to the same
 * packages the server uses, imported, and deleted.
 */
export async function bundleTemplates(templatesDir = path.join(packageRoot, 'templates')): Promise<Templates> {
  const outfile = path.join(
    packageRoot,
    'node_modules/.cache/egdocs',
    `templates-${process.pid}-${++templateBuilds}.mjs`,
  );
  await esbuildOrDiagnostic(() =>
    build({
      entryPoints: [path.join(templatesDir, 'server.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      jsx: 'automatic',
      // Inline source maps put template files and lines into the stack of an exception thrown while rendering.
      sourcemap: 'inline',
      // Messages then name 'templates/DocPage.tsx', relative to the folder holding the templates.
      absWorkingDir: path.dirname(templatesDir),
      logLevel: 'silent',
    }),
  );
  try {
    return (await import(pathToFileURL(outfile).href)) as Templates;
  } finally {
    await rm(outfile, { force: true });
  }
}
let templateBuilds = 0;

/** Runs esbuild; its first error (a template or client file that does not compile) becomes a diagnostic at its line. */
async function esbuildOrDiagnostic<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error;
    const at = first.location;
    fail('template', first.text, at ? { file: at.file, line: at.line, column: at.column + 1 } : undefined);
  }
}

/**
 * The output file (relative to the output folder) that esbuild made for an entry point or dynamically imported module.
 */
function outputOf(metafile: Metafile, entry: string): string | undefined {
  return Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === entry);
}

/** From esbuild's metafile: the chunks each script needs before it can run (its static imports, transitively). */
function preloads(metafile: Metafile, baseUrl: string): Bundle['preload'] {
  const outputs = metafile.outputs;
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const dependency of outputs[file]?.imports ?? []) {
      if (dependency.kind !== 'import-statement' || seen.has(dependency.path)) continue;
      seen.add(dependency.path);
      staticImports(dependency.path, seen);
    }
    return seen;
  };
  const url = (file: string) => baseUrl + file;
  const main = outputOf(metafile, 'src/client/main.tsx');
  const entry = main ? staticImports(main) : new Set<string>();
  const groups = {} as Record<PageGroup, string[]>;
  for (const group of PAGE_GROUPS) {
    const chunk = outputOf(metafile, `templates/${group}.tsx`);
    if (!chunk) throw new Error(`the client bundle has no chunk for templates/${group}.tsx`);
    groups[group] = [chunk, ...staticImports(chunk)].filter((file) => !entry.has(file)).map(url);
  }
  return { entry: [...entry].map(url), groups };
}
