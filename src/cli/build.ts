import path from 'node:path';
import { buildSiteFiles } from '../build.ts';
import { loadConfig } from '../config/load.ts';
import { FsWriter } from '../output/writer.ts';
import { printDiagnostics, printFailure, summary } from './report.ts';

/** `egdocs build`: build, write atomically, print warnings and a summary. Warnings do not fail the build. */
export async function runBuild(options: { configFile: string; outDir?: string; baseUrl?: string; force?: boolean }): Promise<number> {
  const start = performance.now();
  try {
    const config = await loadConfig(options);
    const result = await buildSiteFiles({ config });
    await new FsWriter(config.paths.outDir).write(result.files);
    printDiagnostics(result.diagnostics);
    console.log(summary(result, performance.now() - start, path.relative(process.cwd(), config.paths.outDir) || '.'));
    return 0;
  } catch (error) {
    printFailure(error);
    return 1;
  }
}
