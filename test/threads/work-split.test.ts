// Jobs shared as they go: this thread takes them one by one from the front, workers take chunks from the back.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { WorkSplit } from '../../src/threads/work-split.ts';

const test = suite('work split');

test('every job is taken once, by this thread or in a chunk, however the two interleave', () => {
  for (const [length, threads, mainPerChunk] of [
    [10_000, 2, 40],
    [10_000, 4, 3],
    [160, 2, 100],
    [1_000, 2, 0],
  ]) {
    const split = new WorkSplit(length, threads);
    const taken = new Array<number>(length).fill(0);
    let done = false;
    while (!done) {
      const chunk = split.chunk();
      if (chunk) for (let i = chunk.from; i < chunk.to; i++) taken[i]++;
      // This thread renders some jobs between two chunk requests (none: the worker asks for all it can get).
      for (let n = 0; n < mainPerChunk || (!chunk && n < 1); n++) {
        const job = split.next();
        if (job === undefined) {
          done = true;
          break;
        }
        taken[job]++;
      }
    }
    assert.ok(
      taken.every((count) => count === 1),
      `${length} jobs, ${threads} threads: a job was taken ${Math.max(...taken)} or ${Math.min(...taken)} times`,
    );
  }
});

test('chunks shrink as the jobs run out, to no fewer than 16, and this thread takes the last few', () => {
  const split = new WorkSplit(10_000, 2);
  const sizes: number[] = [];
  for (let chunk = split.chunk(); chunk; chunk = split.chunk()) sizes.push(chunk.to - chunk.from);
  assert.is(sizes[0], 1_250, 'the first is an eighth of all: a quarter of an even share between two threads');
  assert.ok(
    sizes.every((size, i) => i === 0 || size <= sizes[i - 1]),
    sizes.join(' '),
  );
  assert.is(sizes.at(-1), 16);
  const left: number[] = [];
  for (let job = split.next(); job !== undefined; job = split.next()) left.push(job);
  assert.ok(left.length > 0 && left.length < 16, `${left.length} jobs left to this thread`);
  assert.equal(left, [...Array(left.length).keys()]);
});

test('too few jobs left for a chunk: none is given, and this thread has them all', () => {
  const split = new WorkSplit(15, 2);
  assert.is(split.chunk(), undefined);
  assert.is(split.next(), 0);
});

test.run();
