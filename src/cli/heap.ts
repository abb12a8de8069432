// A build or a check of a large site runs once and ends, holding more and more until its last step: its heap need
// not grow far ahead of what it holds. V8 lets a heap grow past what its last full collection left by a factor it
// picks from the collector's speed, up to 4. At 10,000 synthetic docs the heap after the search step held 234 MB
// live in 540 MB, and the process peaked at 985-1,007 MB; growing by 30% at most, it peaked at 772-789 MB, for
// 0.2-0.3 s more of full collections (--trace-gc) in a 21-27 s build. A small site gains nothing (1,000 docs peak at
// about 225 MB either way) and would pay more collections in its Shiki thread: this site's cold build had 9-11 full
// collections instead of 4, 45-70 ms more. Serve is left alone: it keeps a site in memory for hours.
import { setFlagsFromString } from 'node:v8';
import type { ContentFiles } from '../content/read.ts';

/** From this many content files, a build's or a check's heaps grow slowly. */
const SLOW_HEAP_MIN_FILES = 3000;

/**
 * Makes this process's heaps grow by 30% at most past what a full collection leaves, for the command's start: V8
 * reads it at each collection, and reading a large content folder fills the heap before its size is known.
 */
export function growHeapSlowly(): void {
  setFlagsFromString('--heap-growing-percent=30');
}

/** Once content/ is read: a small site goes back to the factor V8 picks. A failed read is the build's to report. */
export async function fitHeapTo(read: Promise<ContentFiles>): Promise<void> {
  const files = await read.catch(() => undefined);
  if (files && files.texts.size < SLOW_HEAP_MIN_FILES) setFlagsFromString('--heap-growing-percent=0');
}
