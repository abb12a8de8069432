// Jobs sent to worker threads (src/threads/worker-thread.ts): the answer comes back, and a worker that ends without one
// fails the job instead of leaving the build waiting.
import { Worker } from 'node:worker_threads';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runJob, type StartedWorker } from '../../src/threads/worker-thread.ts';

const test = suite('worker threads: a job gets its answer or fails');

function started(code: string): StartedWorker {
  const worker = new Worker(code, { eval: true });
  return { worker, failure: new Promise((fail) => worker.once('error', fail)) };
}

test('the answer is what the worker sent', async () => {
  const worker = started(
    "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (n) => { parentPort.postMessage({ progress: n }); parentPort.postMessage({ done: n * 2 }); });",
  );
  const answer = await runJob(worker, 21, (message: { done?: number }) => message.done);
  assert.is(answer, 42);
});

test('a worker that throws fails the job with its error', async () => {
  const worker = started(
    "require('node:worker_threads').parentPort.on('message', () => { throw new Error('bad page'); });",
  );
  await runJob(worker, 1, () => undefined).then(
    () => assert.unreachable('the job should fail'),
    (error: Error) => assert.match(error.message, /bad page/),
  );
});

test('a worker that ends without answering fails the job', async () => {
  const worker = started("require('node:worker_threads').parentPort.on('message', () => process.exit(0));");
  await runJob(worker, 1, () => undefined).then(
    () => assert.unreachable('the job should fail'),
    (error: Error) => assert.match(error.message, /stopped/),
  );
});

test.run();
