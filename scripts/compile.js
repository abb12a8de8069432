// Compiles the CLI (TypeScript + templates) to dist/ with esbuild, at `npm install` (the prepare script).
// Dependencies stay external; code splitting keeps `egdocs --help` from loading the build pipeline.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli/index.ts' },
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
