// Stopping a build (src/platform/pace.ts): long loops give the event loop a turn, so a signal's handler runs while a step is
// still working, and the build stops at its next turn once its signal is aborted. Without a signal, work runs in one
// go, and a signal that is never aborted changes nothing in the output.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../../src/build.ts';
import { BuildStopped, Pace, type Sliced, UNPACED, whole } from '../../src/platform/pace.ts';
import { contentFiles, sharedBundle, testConfig } from '../helpers.ts';

const test = suite('stopping a build between slices of its work');

/** Holds this thread for `ms`, as a long page or route does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** `count` items of work, each holding the thread for `ms`; `done` counts those finished. */
function* items(count: number, ms: number, done: { count: number }): Sliced<string> {
  for (let i = 0; i < count; i++) {
    yield;
    busy(ms);
    done.count++;
  }
  return 'finished';
}

/** True once the event loop has had a turn since the call. */
function turnSeen(): () => boolean {
  let seen = false;
  setImmediate(() => (seen = true));
  return () => seen;
}

test('without a signal, sliced work runs to its end without giving the event loop a turn', async () => {
  const done = { count: 0 };
  const seen = turnSeen();
  assert.is(await UNPACED.run(items(40, 5, done)), 'finished');
  assert.is(done.count, 40);
  assert.not.ok(seen(), 'the work took 200 ms and never yielded');
  assert.is(whole(items(3, 0, done)), 'finished');
});

test('with a signal, the event loop runs between slices, and an abort from it stops the work at the next turn', async () => {
  const stopping = new AbortController();
  const done = { count: 0 };
  // A task of the event loop, as a signal's handler is: it runs only when the work gives the loop a turn.
  let abortedAfter = -1;
  setImmediate(() => {
    abortedAfter = done.count;
    stopping.abort();
  });
  const error = await new Pace(stopping.signal).run(items(1000, 5, done)).catch((error: unknown) => error);
  assert.instance(error, BuildStopped);
  assert.ok(abortedAfter > 0 && abortedAfter < 1000, `the abort ran after ${abortedAfter} items`);
  // The turn that ran the abort is where the work stopped: not one item more.
  assert.is(done.count, abortedAfter);
});

/** A site of `count` docs that each include one file, whose reads `onRead` sees (the markdown step reads it per page). */
function includingSite(count: number, onRead: () => void) {
  const part = 'content/docs/_part.md';
  const files = contentFiles({
    'docs/_part.md': 'Shared text.\n\n- one\n- two\n',
    ...Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`docs/d${i}.md`, `# Doc ${i}\n\n::include{file="_part.md"}\n`]),
    ),
  });
  class Watched extends Map<string, string> {
    get(key: string): string | undefined {
      if (key === part) onRead();
      return super.get(key);
    }
  }
  return { ...files, texts: new Watched(files.texts) };
}

test('a build whose signal is aborted while it renders pages stops after the page it was on, with BuildStopped', async () => {
  const config = testConfig();
  const stopping = new AbortController();
  let reads = 0;
  let readsAfterAbort = 0;
  const files = includingSite(400, () => {
    if (stopping.signal.aborted) readsAfterAbort++;
    else if (++reads === 10) {
      stopping.abort();
      // This page takes long: whatever the machine, a turn is due when it is done.
      busy(60);
    }
  });
  const built = buildSiteFiles({ config, files, bundle: sharedBundle(config.baseUrl), signal: stopping.signal });
  const error = await built.catch((error: unknown) => error);
  assert.instance(error, BuildStopped);
  assert.is(readsAfterAbort, 0, 'no page was rendered after the one the abort came during');
});

test('a signal that is never aborted gives the same files as no signal', async () => {
  const config = testConfig();
  const files = includingSite(400, () => {});
  const bundle = sharedBundle(config.baseUrl);
  const plain = await buildSiteFiles({ config, files, bundle });
  const paced = await buildSiteFiles({ config, files, bundle, signal: new AbortController().signal });
  assert.equal(
    paced.files.map((file) => [file.path, Buffer.from(file.contents).toString('base64')]),
    plain.files.map((file) => [file.path, Buffer.from(file.contents).toString('base64')]),
  );
});

test.run();
