// The highlight worker and this thread share a cold build's code blocks by grammar (highlight-thread.ts): each grammar
// is highlighted by whichever thread claims it first, all its blocks by that thread, so no grammar is compiled twice.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HighlightThread } from '../../src/markdown/plugins/highlight-thread.ts';
import { defaults, parseFenceInfo } from '../../src/markdown/plugins/shiki.ts';

const test = suite('highlight thread');

const blocks: [key: string, code: string, fence: string][] = [
  ['b1', 'echo one', 'bash'],
  ['y1', 'a: 1', 'yaml'],
  ['b2', 'echo two', 'sh'],
  ['p1', '<?php echo 1;', 'php'],
  ['y2', 'b: 2', 'yml {1}'],
];

/** A thread with the blocks added but none sent yet: the worker has claimed nothing. */
function threadWithBlocks(): HighlightThread {
  const thread = new HighlightThread(defaults.themes, ['bash', 'yaml', 'sh', 'php', 'yml']);
  for (const [key, code, fence] of blocks) thread.add(key, code, parseFenceInfo(fence));
  return thread;
}

test('this thread claims grammars from the last the worker would reach; the worker highlights the rest', async () => {
  const thread = threadWithBlocks();
  // Grammars in the order their first block came: bash (sh is bash), yaml (yml too), php.
  assert.equal(
    thread.claimLast()?.map(([key]) => key),
    ['p1'],
  );
  assert.equal(
    thread.claimLast()?.map(([key]) => key),
    ['y1', 'y2'],
  );
  const results = await thread.results();
  assert.equal(
    results.map(([key]) => key),
    ['b1', 'b2'],
  );
  assert.ok(results.every(([, html]) => html.includes('--shiki-dark:')));
});

test("a grammar the worker has claimed stays the worker's, and this thread claims nothing below it", async () => {
  const thread = threadWithBlocks();
  const results = await thread.results();
  assert.equal(results.map(([key]) => key).sort(), ['b1', 'b2', 'p1', 'y1', 'y2']);
  assert.not.ok(thread.behind);
  assert.is(thread.claimLast(), undefined);
});

test('a thread closed before its results stops its worker', async () => {
  const thread = threadWithBlocks();
  thread.close();
  const failure = await thread.results().then(
    () => undefined,
    (error: Error) => error,
  );
  assert.match(String(failure), 'the highlight worker stopped');
});

test.run();
