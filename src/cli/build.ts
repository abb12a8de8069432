import path from 'node:path';
import { spareOutputDir } from '../incremental/build-store.ts';
import { forgetRun, keepRun, lookUpRun, recordOf } from '../build/record.ts';
import { packageRoot } from '../bundle/index.ts';
import { loadProjectConfig } from '../config/load.ts';
import { assertSafeOutputDir, resolveOutputDir } from '../output/guard.ts';
import { markerFile } from '../output/marker.ts';
import { FsWriter, sweepStale } from '../output/writer.ts';
import { Pace } from '../platform/pace.ts';
import type { Config } from '../shared/model/types.ts';
import { fitHeapTo, growHeapSlowly } from './heap.ts';
import { FAILED, failureLines, printDiagnostics, summary, timingsLine } from './report.ts';

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
  growHeapSlowly();
  const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const at = performance.now();
    return [await run(), performance.now() - at];
  };
  let writer: FsWriter | undefined;
  let stopped: number | undefined;
  // The build's steps give the event loop a turn every few milliseconds, so this handler runs within one, whichever
  // step is running; the build then stops at its next turn (pace.ts) rather than go on beside the clean-up.
  const stopping = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    stopped = signal === 'SIGINT' ? 130 : 143;
    const word = signal === 'SIGINT' ? 'Interrupted' : 'Stopped';
    stopping.abort();
    // The writer removes its temporary folder first (pages written ahead by the render step); a second Ctrl+C kills
    // at once (the next build sweeps it). The build holds nothing else on disk, so it simply ends.
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
    const [{ config, keepCompiled }, configMs] = await timed(() => loadProjectConfig(options));
    // A link as the output folder is written through, once resolved here: from now on the build, its stores and the
    // writer know only the folder it leads to (see resolveOutputDir).
    const output = await resolveOutputDir(config.paths.outDir, shownOutDir(config, options.outDir));
    // The summary names the folder as the user knows it (the link, not its target).
    const shown = path.relative(process.cwd(), config.paths.outDir) || '.';
    config.paths.outDir = output.dir;
    // Before any work: a refused folder costs no build and loses nothing.
    await assertSafeOutputDir({
      dir: config.paths.outDir,
      shown: output.shown,
      root: config.paths.root,
      sources: sourcesOf(config),
      force: options.force,
      purpose: 'build',
    });
    // Folders of builds that were killed outright (kill -9, a machine restart) go now, even if this build fails.
    await sweepStale(config.paths.outDir);
    writer = new FsWriter(config.paths.outDir, spareOutputDir(config.paths.root));
    // content/ is read first, to key the build (build/record.ts); a stop is heard between two of its files.
    const { read, key, last, readMs, lookUpMs } = await lookUpRun(config, 'build', new Pace(stopping.signal));
    if (last) {
      printDiagnostics(last.diagnostics);
      console.log(summary(last, performance.now() - start, shown, true));
      const steps = [
        { step: 'config', ms: configMs },
        { step: 'read', ms: readMs },
        { step: 'unchanged', ms: lookUpMs },
      ];
      if (options.timings) console.log(timingsLine(steps));
      return 0;
    }
    // The pipeline's code loads only now: a build that has nothing to do does not spend 0.1 s loading it.
    const { buildSiteFiles } = await import('../build.ts');
    await fitHeapTo(read);
    const result = await buildSiteFiles({
      config,
      read,
      writeAhead: () => writer!.ahead(),
      deferStores: true,
      keepConfig: keepCompiled,
      signal: stopping.signal,
    });
    await forgetRun(config, 'build');
    // The stores are written while the output is, which leaves this thread waiting for the disk; a store that cannot
    // be written stops the build before the new output is swapped in, as it did in its step.
    const stores = result.saveStores();
    // The marker says the folder is egdocs' to replace next time, and which base path it was built for.
    const [, writeMs] = await timed(() => writer!.write([...result.files, markerFile(config.baseUrl)], stores));
    const record = recordOf(result);
    if (key) await keepRun(config, 'build', key, record, result);
    printDiagnostics(result.diagnostics);
    console.log(summary(record, performance.now() - start, shown));
    if (options.timings) {
      // The read happened before the pipeline, which took content/ as read.
      const steps = result.timings.map((step) => (step.step === 'read' ? { ...step, ms: readMs } : step));
      console.log(timingsLine([{ step: 'config', ms: configMs }, ...steps, { step: 'write', ms: writeMs }]));
    }
    return 0;
  } catch (error) {
    // Stopped by a signal: the handler reports it and exits. What failed because of the stop (the write's "aborted",
    // a file written ahead into the folder the handler removed) is not news.
    if (stopped !== undefined) return stopped;
    // Files a failed build wrote ahead go with their folder; the output folder is as it was.
    await writer?.discard();
    for (const line of failureLines(writer ? writer.explain(error) : error, FAILED.build)) console.error(line);
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
