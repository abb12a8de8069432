// The search worker: on the first sign that the reader will search, it reads the index's manifest; each query then
// loads the few index files it needs (src/shared/search/engine.ts) and answers. The page never waits on it: it only
// posts messages.
import {
  createEngine,
  type Engine,
  type EngineOptions,
  readManifest,
  type SearchHit,
} from '../../shared/search/engine.ts';
import { indexFileName } from '../../shared/search/format.ts';

export type WorkerRequest =
  | { type: 'init'; indexUrl: string; options: EngineOptions }
  | { type: 'query'; id: number; query: string; limit: number };
export type WorkerResponse =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; hits: SearchHit[]; ms: number }
  | { type: 'error'; id?: number; message: string };

const scope = self as unknown as {
  onmessage: (event: MessageEvent<WorkerRequest>) => void;
  postMessage(message: WorkerResponse): void;
};
let engine: Promise<Engine> | undefined;
let indexUrl = '';
let options: EngineOptions;

/** A file the manifest names is not on the server: the site was deployed again since the manifest was read. */
class FileGone extends Error {}

/**
 * One of the index's files, parsed; a failed request or a file that is not JSON is an error naming the file. The
 * manifest's name stays the same from one deploy to the next: it is revalidated (`no-cache`), never taken from a
 * cache unasked, so it names the index files the server has now.
 */
async function fetchJson(url: URL, name: string): Promise<unknown> {
  const response = await fetch(url, name === 'manifest' ? { cache: 'no-cache' } : undefined);
  if (!response.ok) {
    const message = `search index file ${name}: ${response.status} ${response.statusText}`.trim();
    throw response.status === 404 && name !== 'manifest' ? new FileGone(message) : new Error(message);
  }
  try {
    return await response.json();
  } catch {
    throw new Error(`search index file ${name} is damaged`);
  }
}

/** Reads the manifest and makes an engine that loads the files it names as queries need them. */
function start(): Promise<Engine> {
  const manifestUrl = new URL(indexUrl, location.href);
  return fetchJson(manifestUrl, 'manifest').then((value) => {
    const manifest = readManifest(value);
    return createEngine(
      manifest,
      (name) => fetchJson(new URL(indexFileName(name, manifest), manifestUrl), name),
      options,
    );
  });
}

scope.onmessage = async ({ data: message }) => {
  if (message.type === 'init') {
    const begun = performance.now();
    ({ indexUrl, options } = message);
    engine = start();
    engine.then(
      () => scope.postMessage({ type: 'ready', ms: performance.now() - begun }),
      (error: Error) => scope.postMessage({ type: 'error', message: error.message }),
    );
    return;
  }
  const search = async (current: Promise<Engine>) => {
    const ready = await current;
    const begun = performance.now();
    const hits = await ready.search(message.query, message.limit);
    scope.postMessage({ type: 'results', id: message.id, hits, ms: performance.now() - begun });
  };
  const used = engine!;
  try {
    try {
      await search(used);
    } catch (error) {
      // A page open across a deploy holds the manifest of the site before it: read the new one, and ask again. The
      // queries typed meanwhile failed the same way; the first to fail reads it, the others wait for that one.
      if (!(error instanceof FileGone)) throw error;
      if (engine === used) engine = start();
      await search(engine!);
    }
  } catch (error) {
    scope.postMessage({ type: 'error', id: message.id, message: (error as Error).message });
  }
};
