// A render worker (see parallel.ts): renders the routes it is sent with the templates compiled in, and sends back
// their files and whatever went wrong. Its own module graph: React, the templates and the render stage load here.
import { parentPort } from 'node:worker_threads';
import { Diagnostics } from '../shared/model/diagnostics.ts';
import { AheadWriter, type WrittenAhead } from '../threads/write-ahead.ts';
import type { OutputFile } from '../shared/model/types.ts';
import { type RenderContext, type RenderMemo, renderRoutes } from './index.ts';

export interface RenderJob {
  context: RenderContext;
  root: string;
  /** The folder the write step will swap in: the files are written there as they are rendered (write-ahead.ts). */
  writeTo?: string;
  /** Send back each route's memo key, for the main thread's render memo (render/store.ts). */
  keys?: boolean;
  shareSidebars?: boolean;
}

export interface RenderDone {
  /** The files rendered, in order; none when they were written ahead. */
  files: OutputFile[];
  /** The files written ahead into `writeTo`, in order. */
  written?: WrittenAhead[];
  diagnostics: Diagnostics['items'];
  /** Each route's key and the paths of its files, when asked. */
  keys?: [outFile: string, key: string, paths: string[]][];
}

// React and the templates load as soon as the worker starts: a worker started early (RenderWorkers) has them by
// the time its routes come.
void import('./react.ts');

parentPort!.on('message', async ({ context, root, keys, shareSidebars, writeTo }: RenderJob) => {
  const diagnostics = new Diagnostics();
  const memo: RenderMemo | undefined = keys ? { routes: new Map(), rendered: 0 } : undefined;
  const ahead = writeTo === undefined ? undefined : new AheadWriter(writeTo);
  const written: WrittenAhead[] = [];
  // Each route's files are written as soon as they are rendered, and only their paths are kept (for the memo keys).
  const emit =
    ahead &&
    ((files: OutputFile[]) => {
      written.push(...ahead.write(files));
      return files.map((file) => ({ path: file.path, contents: '' }));
    });
  const rendered = await renderRoutes(context, { diagnostics, root, memo, shareSidebars, emit });
  const files = ahead ? [] : rendered;
  // The pages' bytes move to the main thread instead of being copied.
  const transfer = files.flatMap((file) =>
    typeof file.contents === 'string' ? [] : [file.contents.buffer as ArrayBuffer],
  );
  // A worker's memo holds only what it rendered now: files, not the functions a memo read from the disk has.
  const routeKeys =
    memo &&
    [...memo.routes].map(([outFile, { key, files }]): [string, string, string[]] => [
      outFile,
      key,
      (files as OutputFile[]).map((file) => file.path),
    ]);
  const done: RenderDone = { files, written: ahead && written, diagnostics: diagnostics.items, keys: routeKeys };
  parentPort!.postMessage(done, [...new Set(transfer)]);
});
