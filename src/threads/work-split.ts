// A list of jobs shared between this thread and worker threads as they go, rather than cut in fixed shares up front:
// this thread takes jobs one at a time from the front, the workers take chunks from the back, and the two ends meet
// wherever the threads' speeds put them. A fixed cut must guess how fast a worker is against this thread, which also
// has other work (the highlighter's blocks, the workers' messages); at 10,000 docs a guess left the worker idle for
// the last 1.5 s of the markdown step.

/** A run of jobs, `from` (included) to `to` (excluded). */
export interface Chunk {
  from: number;
  to: number;
}

/** Chunks are never smaller than this: each costs a message each way. */
const MIN_CHUNK = 16;

/**
 * Chunks shrink as the jobs run out (each is a share of what is left, as in guided scheduling): the first are large,
 * so few messages pass, and the last are small, so the threads finish close together.
 */
const SHARE_OF_LEFT = 4;

export class WorkSplit {
  private front = 0;
  private back: number;

  /** `threads`: this one and the workers. */
  constructor(
    readonly length: number,
    private readonly threads: number,
  ) {
    this.back = length;
  }

  /** The next job for this thread, or undefined when every job left is taken. */
  next(): number | undefined {
    return this.front < this.back ? this.front++ : undefined;
  }

  /** A chunk from the back for a worker, or undefined when what is left is too little to be worth sending. */
  chunk(): Chunk | undefined {
    const left = this.back - this.front;
    const size = Math.max(MIN_CHUNK, Math.ceil(left / (SHARE_OF_LEFT * this.threads)));
    if (left < size) return undefined;
    const to = this.back;
    this.back -= size;
    return { from: this.back, to };
  }
}
