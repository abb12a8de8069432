// Compiles the CLI (TypeScript + templates) to dist/ with esbuild, at `npm install` (the prepare script).
// Dependencies stay external; code splitting keeps `egdocs --help` from loading the build pipeline.
import { build } from 'esbuild';

await build({
  // The render worker is an entry of its own: a worker thread starts from a file (src/render/parallel.ts).
  entryPoints: { cli: 'src/cli/index.ts', 'render-worker': 'src/render/worker.ts' },
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
