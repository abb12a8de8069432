// Compiles the CLI (TypeScript + templates) to dist/ with esbuild, at `npm install` (the prepare script).
// Dependencies stay external; code splitting keeps `egdocs --help` from loading the build pipeline.
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
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
});
