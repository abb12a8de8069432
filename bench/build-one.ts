// One measured build in its own process (so peak memory is this build's alone): prints JSON on stdout.
// Usage: node --import tsx bench/build-one.ts <project dir>
import path from 'node:path';
import { buildSiteFiles } from '../src/build.ts';
import { loadConfig } from '../src/config/load.ts';
import { FsWriter } from '../src/output/writer.ts';

const dir = path.resolve(process.argv[2]);
const start = performance.now();
const config = await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
const result = await buildSiteFiles({ config });
await new FsWriter(config.paths.outDir).write(result.files);
const ms = performance.now() - start;
console.log(
  JSON.stringify({
    ms,
    pages: result.site.routes.length,
    files: result.files.length,
    warnings: result.diagnostics.length,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    steps: Object.fromEntries(result.timings.map((t) => [t.step, Math.round(t.ms)])),
    heapMb: Object.fromEntries(result.timings.map((t) => [t.step, Math.round(t.heapMb)])),
    weights: result.weights,
  }),
);
