// A markdown worker (see parallel.ts): renders the sources it is sent with the project's markdown setup, and sends
// back their pages. Its highlighter never loads Shiki: it marks each code block it has not seen and hands the block
// to the main thread, now and then while it works, so that the main thread's Shiki thread highlights it meanwhile.
import { parentPort } from 'node:worker_threads';
import { Diagnostics } from '../diagnostics.ts';
import type { ContentSet } from '../types.ts';
import { createMarkdown } from './index.ts';
import { type MarkdownJob, type MarkdownMessage, sendable } from './parallel.ts';
import { CodeHighlighter } from './plugins/highlight.ts';

parentPort!.on('message', async ({ config, content, sources }: MarkdownJob) => {
  const code = new CodeHighlighter();
  const renderer = await createMarkdown({
    config,
    content: content as ContentSet,
    diagnostics: new Diagnostics(),
    highlighter: code,
  });
  const done = sources.map((source, n) => {
    const page = sendable(renderer.renderFresh(source));
    if (n % 32 === 31) parentPort!.postMessage({ blocks: code.takeMarked() } satisfies MarkdownMessage);
    return page;
  });
  parentPort!.postMessage({ blocks: code.takeMarked(), done } satisfies MarkdownMessage);
});
