// The highlight worker (plugins/highlight-thread.ts): Shiki in a thread of its own, so that a cold build
// parses its pages in the main thread while Shiki loads and compiles its grammars here.
import { parentPort, workerData } from 'node:worker_threads';
import { type HighlightJob, serveHighlightJob } from './plugins/highlight-thread.ts';

serveHighlightJob(workerData as HighlightJob, parentPort!);
