// One build as it runs: its diagnostics, its timings, where its long loops give the event loop a turn (pace.ts), and
// `step`, which runs a named step of the spine: timed, stopped at once by an aborted signal, and an error thrown in it
// carrying the step's name. A step that found errors has reported them all; the build stops between steps.
import { getHeapStatistics } from 'node:v8';
import { BuildFailed, Diagnostics, failedBuildTitle, withLineTexts } from '../shared/model/diagnostics.ts';
import { BuildStopped, Pace } from '../platform/pace.ts';
import type { BuildResult } from '../shared/model/types.ts';
import type { Stores } from './stores.ts';
import type { BuildThreads } from './threads.ts';

export class BuildRun {
  readonly diagnostics = new Diagnostics();
  readonly timings: BuildResult['timings'] = [];
  readonly pace: Pace;
  /** The texts read, so that diagnostics can carry their lines' text for printing (see withLineTexts). */
  texts: ReadonlyMap<string, string> = new Map();
  /** The threads started for this build, closed when it stops. */
  threads?: BuildThreads;
  /**
   * Work started ahead of the step that waits for it (the client bundle, which keeps itself in a store): a build that
   * fails first still lets it settle, so that nothing writes into the project once the build has returned.
   */
  readonly ahead: Promise<unknown>[] = [];

  constructor(
    /** What earlier builds left, and where this one keeps what it makes (stores.ts). */
    readonly stores: Stores,
    signal: AbortSignal | undefined,
  ) {
    this.pace = new Pace(signal);
  }

  async step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      // Each step starts with a turn: a signal that came during the one before stops the build here.
      await this.pace.turn();
      return await run();
    } catch (error) {
      if (error instanceof BuildStopped) {
        // Nothing is left to finish: the code blocks still highlighting go with their thread.
        if (this.threads) this.threads.unfinished = undefined;
        this.threads?.close();
        throw error;
      }
      this.threads?.close();
      // A step that cannot go on adds its diagnostics to the ones found so far, and the build stops with all of them.
      if (error instanceof BuildFailed) {
        this.diagnostics.items.push(...error.diagnostics.filter((d) => !this.diagnostics.items.includes(d)));
        this.stopOnErrors();
      }
      throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
    } finally {
      // The heap from V8 directly: process.memoryUsage() also reads the resident set from the system, which costs
      // more than some of serve's steps.
      this.timings.push({
        step: name,
        ms: performance.now() - start,
        heapMb: getHeapStatistics().used_heap_size / 2 ** 20,
      });
    }
  }

  /** Between steps: a step that found errors has reported them all, and the build stops before the next one. */
  stopOnErrors(): void {
    withLineTexts(this.diagnostics.items, this.texts);
    const errors = this.diagnostics.errors.length;
    if (errors === 0) return;
    this.threads?.close();
    throw new BuildFailed(this.diagnostics.items, failedBuildTitle(errors));
  }
}
