// A render worker (see parallel.ts): renders the routes it is sent with the templates compiled in, and sends back
// their files and whatever went wrong. Its own module graph: React, the templates and the render stage load here.
import { parentPort } from 'node:worker_threads';
import { Diagnostics } from '../diagnostics.ts';
import type { OutputFile } from '../types.ts';
import { type RenderContext, renderRoutes } from './index.ts';

export interface RenderJob {
  context: RenderContext;
  root: string;
}

export interface RenderDone {
  files: OutputFile[];
  diagnostics: Diagnostics['items'];
}

parentPort!.on('message', ({ context, root }: RenderJob) => {
  const diagnostics = new Diagnostics();
  const files = renderRoutes(context, { diagnostics, root });
  // The pages' bytes move to the main thread instead of being copied.
  const transfer = files.flatMap((file) =>
    typeof file.contents === 'string' ? [] : [file.contents.buffer as ArrayBuffer],
  );
  parentPort!.postMessage({ files, diagnostics: diagnostics.items } satisfies RenderDone, [...new Set(transfer)]);
});
