// Compiles the CLI (TypeScript + templates) to dist/ with esbuild, at `npm install` (the prepare script). Code
// splitting keeps `egdocs --help` from loading the build pipeline.
//
// The pure-JavaScript dependencies are bundled in: node then loads a few large ESM files instead of resolving and
// loading each package's CommonJS modules one by one, which took about 60 ms of every build and 15 ms of `--help`.
// External stay: React (the templates a project overrides must render with the same copy), esbuild (a native
// binary), Shiki (loaded only for code the highlight cache lacks), and serve's chokidar and ws.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

// A package is made from a clean dist/ (`--clean`, the prepack script): chunks of earlier builds, named by their
// hash, would otherwise ship beside the new ones.
if (process.argv.includes('--clean')) await rm('dist', { recursive: true, force: true });

await build({
  // The render worker is an entry of its own: a worker thread starts from a file (src/render/parallel.ts). `define`
  // is what `import { defineConfig } from 'egdocs'` gives a script run by node itself (the package's main export).
  entryPoints: { cli: 'src/cli/index.ts', 'render-worker': 'src/render/worker.ts', define: 'src/config/define.ts' },
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
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
