import path from 'node:path';
import { spareOutputDir } from '../build-store.ts';
import { buildSiteFiles } from '../build.ts';
import { packageRoot } from '../bundle/index.ts';
import { loadConfig } from '../config/load.ts';
import { assertSafeOutputDir } from '../output/guard.ts';
import { markerFile } from '../output/marker.ts';
import { FsWriter, sweepStale, WriteAborted } from '../output/writer.ts';
import type { Config } from '../types.ts';
import { printDiagnostics, printFailure, summary, timingsLine } from './report.ts';

/**
 * `egdocs build`: check the output folder may be replaced, build, write atomically, print warnings and a summary.
 * Warnings do not fail the build. Ctrl+C (or SIGTERM) stops it with the previous output as it was.
 */
export async function runBuild(options: {
  configFile: string;
  outDir?: string;
  baseUrl?: string;
  force?: boolean;
  timings?: boolean;
}): Promise<number> {
  const start = performance.now();
  const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const at = performance.now();
    return [await run(), performance.now() - at];
  };
  let writer: FsWriter | undefined;
  let stopped: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopped = signal === 'SIGINT' ? 130 : 143;
    const word = signal === 'SIGINT' ? 'Interrupted' : 'Stopped';
    // The writer removes its temporary folder first; a second Ctrl+C kills at once (the next build sweeps it). The
    // build itself (before the write) holds nothing on disk, so it simply ends.
    void (writer?.abort() ?? Promise.resolve(false)).then((written) => {
      console.error(
        written
          ? `\n${word} after the new output was in place: ${path.relative(process.cwd(), writer!.outDir) || '.'} holds this build`
          : `\n${word}: nothing was written; the previous output is as it was`,
      );
      process.exit(stopped);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const [config, configMs] = await timed(() => loadConfig(options));
    // Before any work: a refused folder costs no build and loses nothing.
    await assertSafeOutputDir({
      dir: config.paths.outDir,
      shown: shownOutDir(config, options.outDir),
      root: config.paths.root,
      sources: sourcesOf(config),
      force: options.force,
      purpose: 'build',
    });
    // Folders of builds that were killed outright (kill -9, a machine restart) go now, even if this build fails.
    await sweepStale(config.paths.outDir);
    writer = new FsWriter(config.paths.outDir, spareOutputDir(config.paths.root));
    const result = await buildSiteFiles({ config });
    // The marker says the folder is egdocs' to replace next time, and which base path it was built for.
    const [, writeMs] = await timed(() => writer!.write([...result.files, markerFile(config.baseUrl)]));
    printDiagnostics(result.diagnostics);
    console.log(summary(result, performance.now() - start, path.relative(process.cwd(), config.paths.outDir) || '.'));
    if (options.timings)
      console.log(timingsLine([{ step: 'config', ms: configMs }, ...result.timings, { step: 'write', ms: writeMs }]));
    return 0;
  } catch (error) {
    // Stopped by a signal: the handler reports it and exits; the write's "aborted" error is not news.
    if (stopped !== undefined && error instanceof WriteAborted) return stopped;
    printFailure(error);
    return 1;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

/** The output folder as the user named it, and where that is when it is not obvious (-o is relative to the config). */
function shownOutDir(config: Config, written: string | undefined): string {
  const relative = path.relative(process.cwd(), config.paths.outDir) || '.';
  if (written === undefined) return relative;
  return path.isAbsolute(written) || path.normalize(written) === relative
    ? written
    : `${written} (${config.paths.outDir})`;
}

/** What a build must never replace or write into: the content, the templates, the config and the project's history. */
export function sourcesOf(config: Config): { path: string; name: string }[] {
  return [
    { path: path.join(config.paths.root, '.git'), name: ".git (the project's history)" },
    { path: path.join(config.paths.root, 'content'), name: 'content/' },
    { path: path.join(packageRoot, 'templates'), name: "egdocs' templates" },
    { path: path.resolve(config.paths.root, config.configFile), name: config.configFile },
  ];
}
