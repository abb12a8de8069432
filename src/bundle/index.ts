// The bundle stage: esbuild builds the client script (hydration over the same templates) and the stylesheet,
// minified, with content hashes in their names so they can be cached forever.
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Message, Metafile } from 'esbuild';
import { fail } from '../shared/model/diagnostics.ts';
import type { Templates } from '../../templates/server.ts';
import { PAGE_GROUPS, type PageGroup } from '../shared/page-groups.ts';
import type { OutputFile } from '../shared/model/types.ts';
import { type Override, overridesPlugin } from './overrides.ts';
import { esbuild } from '../platform/esbuild.ts';
import { BROWSERS, packageRoot } from './root.ts';
import { mermaidEntry } from './mermaid.ts';

export { packageRoot };

/** esbuild is loaded when a bundle is made: a build that finds its bundle in the store never starts it. */
const build: typeof import('esbuild').build = (options) => esbuild().build(options);

export interface Bundle {
  /** Every file esbuild read to make it, relative to egdocs' folder (for the bundle store: bundle/store.ts). */
  inputs: string[];
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
  parts: { SearchResults: string; tabs: string; mermaid: string; imageZoom?: string };
  /** Whether it holds the docs versions' code (BundleOptions.versions). */
  versions: boolean;
  /** Whether it holds image zoom's part (BundleOptions.imageZoom). */
  imageZoom: boolean;
}

export interface BundleOptions {
  baseUrl: string;
  /** The project's template overrides (see overrides.ts); none adds nothing to the build. */
  overrides?: Override[];
  /** The project's folder, to name its files in errors. */
  root?: string;
  /**
   * Whether the project declares older docs versions: without, the client leaves out the version dropdown and
   * banner (templates/VersionDropdown.tsx), so a project without versions loads not a byte of them.
   */
  versions?: boolean;
  /** Whether the project turns image zoom on (config `imageZoom`): without, its part is not built. */
  imageZoom?: boolean;
}

/**
 * Builds assets/js/main.<hash>.js and assets/css/styles.<hash>.css from egdocs' own client and templates, with the
 * project's overrides in place: the same templates the server rendered with.
 */
export async function bundleClient({
  baseUrl,
  overrides = [],
  root = packageRoot,
  versions = false,
  imageZoom = false,
}: BundleOptions): Promise<Bundle> {
  const templatesDir = path.join(packageRoot, 'templates');
  // No plugin at all without overrides, so a project without any gets the very bytes it got before they existed.
  const plugins =
    overrides.length > 0 ? [overridesPlugin({ overrides, templatesDir, packageRoot, bundleReact: true })] : [];
  const common: BuildOptions & { write: false } = {
    bundle: true,
    write: false,
    minify: true,
    target: BROWSERS,
    outdir: 'assets',
    // The templates test `globalThis.EGDOCS_VERSIONS !== false` (undefined on the server, which renders from data).
    define: { 'process.env.NODE_ENV': '"production"', 'globalThis.EGDOCS_VERSIONS': String(versions) },
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: packageRoot,
  };
  const library = mermaidEntry();
  const libraryUrl = baseUrl + library.path;
  const [client, worker, tabs, mermaid] = await esbuildOrDiagnostic({ workingDir: packageRoot, root, overrides })(
    async () =>
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
          plugins,
        }),
        // The search worker is a classic script of its own: lunr and the engine, which nothing on the page imports.
        build({
          ...common,
          entryPoints: { 'search-worker': path.join(packageRoot, 'src/client/search/worker.ts') },
          format: 'iife',
          entryNames: 'js/[name].[hash]',
          metafile: true,
        }),
        // Tabs' behaviour, a module with no imports, built apart: as a chunk of the client it pulled esbuild's runtime
        // helpers into a chunk of their own that every page then loaded (about 250 bytes for pages without tabs).
        build({
          ...common,
          entryPoints: {
            tabs: path.join(packageRoot, 'src/client/tabs.ts'),
            // Image zoom likewise, only for a project that turns it on.
            ...(imageZoom ? { 'image-zoom': path.join(packageRoot, 'src/client/image-zoom.ts') } : {}),
          },
          format: 'esm',
          entryNames: 'js/[name].[hash]',
          metafile: true,
        }),
        // What draws mermaid diagrams, built apart as tabs' code is, for pages with a diagram; it imports mermaid's
        // library (mermaid.ts) by its URL, written in here.
        build({
          ...common,
          entryPoints: { mermaid: path.join(packageRoot, 'src/client/mermaid.ts') },
          format: 'esm',
          entryNames: 'js/[name].[hash]',
          define: { ...common.define, EGDOCS_MERMAID: JSON.stringify(libraryUrl) },
          external: [libraryUrl],
          metafile: true,
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
  const apartUrls = urlsOf(tabs.outputFiles);
  const apartUrl = (name: string) => apartUrls.find((url) => url.startsWith(`${baseUrl}assets/js/${name}.`));
  const [mermaidUrl] = urlsOf(mermaid.outputFiles);
  // Mermaid's entry is read, not bundled: an input all the same, so that a new mermaid makes the bundle again.
  const inputs = [client, worker, tabs, mermaid].flatMap((result) => Object.keys(result.metafile.inputs));
  inputs.push(path.relative(packageRoot, library.file).split(path.sep).join('/'));
  return {
    inputs: [...new Set(inputs)].sort(),
    files,
    styles: clientUrls.filter((url) => url.startsWith(`${baseUrl}assets/css/styles.`)),
    scripts: clientUrls.filter((url) => url.startsWith(`${baseUrl}assets/js/main.`)),
    preload: preloads(client.metafile, baseUrl),
    workerUrl,
    parts: {
      SearchResults: baseUrl + outputOf(client.metafile, 'templates/search/SearchResults.tsx'),
      tabs: apartUrl('tabs')!,
      mermaid: mermaidUrl,
      ...(imageZoom ? { imageZoom: apartUrl('image-zoom') } : {}),
    },
    versions,
    imageZoom,
  };
}

/**
 * `egdocs serve`'s live-reload script (src/client/live.ts), a classic script of its own that serve injects into the
 * pages it sends; never part of a built site. Not minified: it is read in the browser's developer tools.
 */
export async function bundleLiveClient(): Promise<string> {
  const result = await esbuildOrDiagnostic()(() =>
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

export interface TemplatesOptions {
  /** The folder of egdocs' templates to compile; egdocs' own by default (tests of serve use a copy). */
  templatesDir?: string;
  /** The project's template overrides, put in place of egdocs' components. */
  overrides?: Override[];
  /** The project's folder, to name its files in errors. */
  root?: string;
}

/**
 * A fresh copy of templates/server.ts, compiled from the templates as they are now on disk, with the project's
 * overrides: `egdocs serve` renders with it after a template changed, and a build when the project overrides any.
 * Written beside node_modules so its bare imports (react) resolve to the same packages the server uses, imported,
 * and deleted.
 */
export async function bundleTemplates({
  templatesDir = path.join(packageRoot, 'templates'),
  overrides = [],
  root = packageRoot,
}: TemplatesOptions = {}): Promise<Templates> {
  const outfile = path.join(
    packageRoot,
    'node_modules/.cache/egdocs',
    `templates-${process.pid}-${++templateBuilds}.mjs`,
  );
  await esbuildOrDiagnostic({ workingDir: path.dirname(templatesDir), root, overrides })(() =>
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
      plugins:
        overrides.length > 0 ? [overridesPlugin({ overrides, templatesDir, packageRoot, bundleReact: false })] : [],
    }),
  );
  try {
    return (await import(pathToFileURL(outfile).href)) as Templates;
  } finally {
    await rm(outfile, { force: true });
  }
}
let templateBuilds = 0;

/** Where esbuild ran, and the project and overrides it compiled, to name their files in errors. */
interface ErrorContext {
  workingDir: string;
  root: string;
  overrides?: Override[];
}
const EGDOCS_ONLY: ErrorContext = { workingDir: packageRoot, root: packageRoot };

/**
 * Runs esbuild; its first error (a template, override or client file that does not compile) becomes a diagnostic at
 * its line. esbuild names files relative to its working folder; a file of the project is named relative to `root`.
 */
function esbuildOrDiagnostic({ workingDir, root, overrides = [] }: ErrorContext = EGDOCS_ONLY) {
  return async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const first = (error as { errors?: Message[] }).errors?.[0];
      if (!first) throw error;
      const at = first.location;
      if (!at) fail('template', first.text);
      // Outside the project (egdocs' own templates), as esbuild names it: relative to the folder holding templates/.
      const name = (full: string, outside = full) => {
        const rel = path.relative(root, full);
        return rel.startsWith('..') || path.isAbsolute(rel) ? outside : rel.split(path.sep).join('/');
      };
      // The module the overrides plugin makes has no lines of its own: its one way to fail is an override that does
      // not export its component.
      if (/^[\w-]+:\//.test(at.file)) {
        const missing = overrides.find((override) => first.text.includes(`for import "${override.name}"`));
        if (missing) {
          const file = name(missing.file);
          fail(
            'template',
            `${file} does not export '${missing.name}'`,
            { file },
            `an override exports its component by its name: export function ${missing.name}(props: ${missing.name}Props) { ... }`,
          );
        }
        fail('template', first.text);
      }
      fail('template', first.text, {
        file: name(path.resolve(workingDir, at.file), at.file),
        line: at.line,
        column: at.column + 1,
      });
    }
  };
}

/**
 * The output file (relative to the output folder) that esbuild made for an entry point or dynamically imported module,
 * or for the module the overrides plugin made in its place ('<namespace>:<absolute path>').
 */
function outputOf(metafile: Metafile, entry: string): string | undefined {
  const swapped = `:${path.join(packageRoot, entry)}`;
  return Object.keys(metafile.outputs).find((file) => {
    const entryPoint = metafile.outputs[file].entryPoint;
    return entryPoint === entry || entryPoint?.endsWith(swapped);
  });
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
