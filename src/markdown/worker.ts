// A markdown worker (see parallel.ts): renders the chunks of sources it is sent with the project's markdown setup,
// and sends back each chunk's pages. Its highlighter never loads Shiki: it marks each code block it has not seen and
// hands the block to the main thread, now and then while it works, so that the main thread's Shiki thread highlights
// it meanwhile.
import { parentPort } from 'node:worker_threads';
import { type MarkdownJob, type MarkdownMessage, sendable } from './parallel.ts';
import { PageParser } from './parser.ts';
import { CodeHighlighter } from './plugins/highlight.ts';

const code = new CodeHighlighter();
let parser: PageParser | undefined;

// Chunks are rendered one after another, in the order they came: each message is rendered whole before the next.
parentPort!.on('message', ({ setup, at, sources }: MarkdownJob) => {
  if (setup) parser = new PageParser(setup.config, setup.content, code);
  const pages = sources.map((source, n) => {
    const page = sendable(parser!.render(source));
    if (n % 32 === 31) parentPort!.postMessage({ blocks: code.takeMarked() } satisfies MarkdownMessage);
    return page;
  });
  parentPort!.postMessage({ blocks: code.takeMarked(), done: { at, pages } } satisfies MarkdownMessage);
});
