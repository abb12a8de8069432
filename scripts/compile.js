// Compiles the CLI (TypeScript + templates) to dist/ with esbuild, at `npm install` (the prepare script). Code
// splitting keeps `egdocs --help` from loading the build pipeline.
//
// The pure-JavaScript dependencies are bundled in: node then loads a few large ESM files instead of resolving and
// loading each package's CommonJS modules one by one, which took about 60 ms of every build and 15 ms of `--help`.
// External stay: React (the templates a project overrides must render with the same copy), esbuild (a native
// binary), Shiki (loaded only for code the highlight cache lacks), and serve's chokidar and ws.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// markdown-it's published build (15.x) makes every token's fields through Babel's class-field helper, which turns
// each name into a property key and asks `in` before it assigns: about a third of the parser's time (1,000 docs: 280
// against 125-180 ms a pass once warm). Its classes have no accessors, so plain assignment gives the same objects;
// the helper is swapped for one that assigns. Should a later version write the helper otherwise, the text is not
// found and the package is bundled as published.
const BABEL_DEFINE = `function _defineProperty(e, r, t) {
\treturn (r = toPropertyKey(r)) in e ? Object.defineProperty(e, r, {
\t\tvalue: t,
\t\tenumerable: !0,
\t\tconfigurable: !0,
\t\twritable: !0
\t}) : e[r] = t, e;
}`;
const markdownItFields = {
  name: 'markdown-it-fields',
  setup(build) {
    build.onLoad({ filter: /[\\/]markdown-it[\\/]dist[\\/]markdown-it\.mjs$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(
        BABEL_DEFINE,
        'function _defineProperty(e, r, t) {\n\te[r] = t;\n\treturn e;\n}',
      ),
      loader: 'js',
    }));
  },
};

// React is CommonJS. An ES module's `import` of it has node scan the package's source for the names it exports
// (cjs-module-lexer): 30-38 against 11 ms for react in each thread that loads it. It is required instead, through a
// one-line CommonJS module of our own (the banner's `require`), and stays the copy a project's template overrides
// import. (esbuild, loaded with a dynamic import, is required in src/platform/esbuild.ts.)
const REQUIRED = /^(?:react|react\/jsx-runtime|react-dom\/server)$/;
const requiredExternals = {
  name: 'required-externals',
  setup(build) {
    build.onResolve({ filter: REQUIRED }, (args) =>
      args.namespace === 'required' ? { path: args.path, external: true } : { path: args.path, namespace: 'required' },
    );
    build.onLoad({ filter: /.*/, namespace: 'required' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

// A package is made from a clean dist/ (`--clean`, the prepack script): chunks of earlier builds, named by their
// hash, would otherwise ship beside the new ones.
if (process.argv.includes('--clean')) await rm('dist', { recursive: true, force: true });

// The scripts every page carries inline, minified once here and written into dist/ as a constant, so that a build
// never starts esbuild for them: src/bundle/inline.ts, compiled on its own and run, makes them as it does when egdocs
// runs from its sources.
async function minifiedInlineScripts() {
  const outfile = path.resolve('node_modules/.cache/egdocs', `inline-scripts-${process.pid}.mjs`);
  await build({
    entryPoints: ['src/bundle/inline.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    return (await import(pathToFileURL(outfile).href)).minifyInlineScripts();
  } finally {
    await rm(outfile, { force: true });
  }
}

const result = await build({
  // The workers are entries of their own: a worker thread starts from a file (src/threads/worker-thread.ts). `define`
  // is what `import { defineConfig } from 'egdocs'` gives a script run by node itself (the package's main export).
  entryPoints: {
    cli: 'src/cli/index.ts',
    'render-worker': 'src/render/worker.ts',
    'highlight-worker': 'src/markdown/highlight-worker.ts',
    'markdown-worker': 'src/markdown/worker.ts',
    define: 'src/config/define.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'shiki', '@shikijs/*', 'chokidar', 'ws'],
  // Bundled CommonJS code calls require() for node's own modules, which an ES module lacks.
  banner: {
    js: "import { createRequire as __egdocsRequire } from 'node:module'; const require = __egdocsRequire(import.meta.url);",
  },
  jsx: 'automatic',
  define: { EGDOCS_INLINE_SCRIPTS: JSON.stringify(JSON.stringify(await minifiedInlineScripts())) },
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [markdownItFields, requiredExternals],
  metafile: true,
});

// Files of earlier compiles go once the new ones are written: egdocs' code key (src/incremental/build-store.ts) hashes every
// file of dist/, and after a few dozen compiles in a checkout the stale chunks made it read 30 MB rather than 3.5 MB
// (50 ms of every `egdocs check` with nothing to do).
const made = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)));
for (const entry of await readdir('dist', { recursive: true, withFileTypes: true })) {
  const file = path.resolve(entry.parentPath ?? entry.path, entry.name);
  if (entry.isFile() && !made.has(file)) await rm(file);
}
