// How a build stops on Ctrl+C or SIGTERM. A signal's handler (cli/build.ts) runs only when the event loop gets a
// turn, and a step that loops over 30,000 pages without awaiting anything holds this thread for seconds: the signal
// waited for the step to end. So a build given an AbortSignal gives the event loop a turn every SLICE_MS of work, and
// after each turn throws BuildStopped if the signal was aborted meanwhile. This is the one place that decides when;
// the steps only say where they may stop:
//
// - an async loop calls `if (pace.due()) await pace.turn()` between two items;
// - a sync function with a long loop is written as a generator that yields between two items (`Sliced`): the build
//   runs it with `pace.run`, and other callers (tests, serve) with `whole`, which runs it to its end at once.
//
// Without a signal (tests, serve) nothing yields and nothing stops: the same work, in the same order, in one go.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work that yields between two of its items, where a build may give the event loop a turn or stop. */
export type Sliced<T> = Generator<void, T, void>;

/**
 * Work a signal may cut into slices is given the event loop this often: short enough that a stop feels at once, long
 * enough that the turns cost nothing measurable (a turn with nothing to do takes a few microseconds).
 */
const SLICE_MS = 50;

/** Thrown by a build whose signal was aborted: it stopped where it was, and holds nothing to write. */
export class BuildStopped extends Error {
  constructor() {
    super('the build was stopped');
    this.name = 'BuildStopped';
  }
}

/** Runs sliced work to its end in one go, for callers that do not stop (tests, serve). */
export function whole<T>(work: Sliced<T>): T {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

/** When a build's long loops give the event loop a turn, and where it stops once its signal is aborted. */
export class Pace {
  private sliceStart = performance.now();

  constructor(private readonly signal?: AbortSignal) {}

  /** True when the loop asking has held this thread for a slice and should `await turn()`. Cheap enough per item. */
  due(): boolean {
    return this.signal !== undefined && performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Gives the event loop a turn (a signal's handler runs then), and throws BuildStopped if the build was stopped. */
  async turn(): Promise<void> {
    if (this.signal === undefined) return;
    this.stopIfAborted();
    // Two: a signal's handler runs in the loop's poll phase, and an immediate queued from an I/O callback runs before
    // the next poll; the second immediate runs after it.
    await nextTurn();
    await nextTurn();
    this.sliceStart = performance.now();
    this.stopIfAborted();
  }

  /** Runs sliced work, giving the event loop a turn between slices; throws BuildStopped where it stops. */
  async run<T>(work: Sliced<T>): Promise<T> {
    for (;;) {
      const next = work.next();
      if (next.done) return next.value;
      if (this.due()) await this.turn();
    }
  }

  private stopIfAborted(): void {
    if (this.signal?.aborted) throw new BuildStopped();
  }
}

/** A pace that never yields nor stops: for callers that give no signal. */
export const UNPACED = new Pace();
