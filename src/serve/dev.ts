// `egdocs serve`'s writer loop: build in memory, serve it, watch the sources, rebuild on a change and tell the open
// pages over a WebSocket. A failed build keeps the last good site up, prints the problems with file and line, and
// shows them in the browser as an overlay until the next good save.
import { stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import chokidar from 'chokidar';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildSiteFiles, type BuildCache, createBuildCache } from '../build.ts';
import { bundleTemplates, packageRoot } from '../bundle/index.ts';
import { type ContentFiles, readContentFiles, updateContentFiles } from '../content/read.ts';
import { loadConfig } from '../config/load.ts';
import { printDiagnostics } from '../cli/report.ts';
import { diagnosticsOf, formatDiagnostic, sortDiagnostics } from '../diagnostics.ts';
import { escapeHtml } from '../render/document.ts';
import type { Config, OutputFile } from '../types.ts';
import { guardHosts, hostCheck, refusal, sameOrigin } from './hosts.ts';
import { type FileSource, isInside, listen, mapSource, staticHandler } from './static.ts';

/** Where the dev server's own endpoints live: outside any base URL a site would use. */
const DEV_PREFIX = '/__egdocs/';
const SOCKET_PATH = `${DEV_PREFIX}socket`;
const CLIENT_PATH = `${DEV_PREFIX}live.js`;

/** What the server tells the pages. */
export type DevMessage =
  | { type: 'hello'; build: number }
  | { type: 'reload'; build: number; changed: string[] }
  | { type: 'error'; title: string; problems: string[] };

export interface DevServerOptions {
  configFile: string;
  host: string;
  port: number;
  /** Serve under this base path instead of the config's (--base-url). */
  baseUrl?: string;
  /** Host names to answer besides loopback names and IP addresses (--allow-host; see hosts.ts). */
  allowedHosts?: string[];
  /** Terminal output (tests pass their own). */
  log?: (line: string) => void;
  /** The templates folder to watch and render pages with; egdocs' own by default (tests use a copy). The client
   * bundle always comes from egdocs' own. */
  templatesDir?: string;
}

export interface DevServer {
  url: string;
  port: number;
  /** Resolves once no build runs or waits to run: every change seen so far is served. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface State {
  config: Config;
  /** content/ as last read: a save re-reads only the paths that changed. */
  content?: ContentFiles;
  /** Each stage's results, so a save rebuilds only what it affects (see BuildCache). */
  cache: BuildCache;
  /** The site as served. */
  files: Map<string, string | Uint8Array>;
  /** The search index of the last build, until a request makes it (BuildResult.searchIndex). */
  searchIndex?: () => OutputFile[];
  /** Bumped by every good build; a page that reconnects with another number reloads. */
  build: number;
  /** The last build's problems, while it is failing. */
  failure?: Extract<DevMessage, { type: 'error' }>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.error(line));
  const configFile = path.resolve(options.configFile);
  const templatesDir = path.resolve(options.templatesDir ?? path.join(packageRoot, 'templates'));
  // The config must load (it says where the site is); a first build that fails is served as its error page
  // until a save fixes it.
  const load = () => loadConfig({ configFile, baseUrl: options.baseUrl });
  const config = await load();
  // Source maps put template files and lines into the stack of a template that throws (see the render step).
  process.setSourceMapsEnabled(true);
  const state: State = { config, cache: createBuildCache(), files: new Map(), build: 0 };
  if (options.templatesDir) state.cache.templates = await bundleTemplates(templatesDir);
  const build = async (changed: string[]) => {
    const root = state.config.paths.root;
    if (state.content)
      await updateContentFiles(
        state.content,
        root,
        changed.filter((file) => isInside(path.join(root, 'content'), file)),
      );
    else state.content = await readContentFiles(root);
    const result = await buildSiteFiles({ config: state.config, files: state.content, cache: state.cache });
    state.files = new Map(result.files.map((file) => [file.path, file.contents]));
    state.searchIndex = result.searchIndex;
    state.build++;
    return result;
  };
  try {
    const first = await build([]);
    printDiagnostics(first.diagnostics, log);
  } catch (error) {
    state.failure = failureOf(error);
    printFailure(state.failure, log);
  }

  const client = liveClientSource();
  const serveSite = staticHandler(
    // Read through state on every request: a rebuild swaps the map. The search index is added to it when a page
    // first asks for one of its files after a build.
    withSearchIndex(
      state,
      mapSource(() => state.files),
    ),
    config.baseUrl,
    (html) => html.replace('</body>', `<script src="${CLIENT_PATH}" defer></script></body>`),
  );
  const handler: http.RequestListener = (req, res) => {
    if (req.url?.split('?')[0] === CLIENT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(client);
      return;
    }
    if (state.build === 0 && state.failure) {
      // No good build yet: every page is the error, with the script that reloads once a save fixes it.
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(state.failure.title)}</title></head><body><main><h1>${escapeHtml(state.failure.title)}</h1><pre>${escapeHtml(state.failure.problems.join('\n'))}</pre></main><script src="${CLIENT_PATH}" defer></script></body></html>`,
      );
      return;
    }
    void serveSite(req, res);
  };
  const hosts = hostCheck(options.host, options.allowedHosts);
  const { server, port } = await listen(guardHosts(handler, hosts, log), options.host, options.port);
  // The socket only says 'reload' and shows build errors; a page sends nothing, so a message over 1 KB is a
  // protocol error. ws reports every protocol error (bad frame, oversize message, invalid UTF-8) on the socket.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  sockets.on('error', () => {});
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Only the live-reload path, for a page of this site addressed by a name of this server (see hosts.ts).
    if (
      req.url?.split('?')[0] !== SOCKET_PATH ||
      !hosts(req.headers.host) ||
      !sameOrigin(req.headers.origin, req.headers.host)
    ) {
      const body = hosts(req.headers.host)
        ? 'egdocs serve: only pages of this site may open the live-reload socket\n'
        : refusal(req.headers.host);
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  const send = (socket: WebSocket, message: DevMessage) => socket.send(JSON.stringify(message));
  const broadcast = (message: DevMessage) => {
    for (const socket of sockets.clients) if (socket.readyState === socket.OPEN) send(socket, message);
  };
  sockets.on('connection', (socket: WebSocket) => {
    // A bad frame ends that socket, never the server.
    socket.on('error', () => socket.terminate());
    send(socket, { type: 'hello', build: state.build });
    if (state.failure) send(socket, state.failure);
  });

  // One build at a time; changes that arrive during a build are collected for the next one.
  let pending = new Set<string>();
  const lastEvent = new Map<string, number>();
  const rechecks = new Set<NodeJS.Timeout>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const rebuild = async () => {
    // content/ gone (a branch switch, a tool swapping folders): keep the last site until it is back, rather than
    // reload every page with an empty one. Its return is an event of its own, which rebuilds.
    if (!(await stat(path.join(state.config.paths.root, 'content')).catch(() => undefined))) {
      log('content/ is gone; waiting for it to come back');
      return;
    }
    const changed = [...pending];
    pending = new Set();
    const read = new Map(await Promise.all(changed.map(async (file) => [file, await mtimeOf(file)] as const)));
    const start = performance.now();
    const shown = changed.map((file) => path.relative(state.config.paths.root, file));
    try {
      if (changed.includes(configFile)) {
        // The config decides everything else: read it again and start from nothing.
        state.config = await load();
        state.cache = createBuildCache();
        state.content = undefined;
      } else if (changed.some((file) => isInside(templatesDir, file))) {
        // Templates are compiled into the CLI: render with a fresh copy, and bundle the client again.
        state.cache.templates = await bundleTemplates(templatesDir);
        state.cache.bundle = undefined;
      }
      const result = await build(changed);
      const wasFailing = state.failure !== undefined;
      state.failure = undefined;
      printDiagnostics(result.diagnostics, log);
      const { pages, routes } = result.rendered;
      log(
        `${wasFailing ? 'fixed; ' : ''}rebuilt in ${Math.round(performance.now() - start)} ms (${shown.join(', ')}): ${pages} page${pages === 1 ? '' : 's'} and ${routes} route${routes === 1 ? '' : 's'} rendered`,
      );
      broadcast({ type: 'reload', build: state.build, changed: shown });
    } catch (error) {
      state.failure = failureOf(error);
      printFailure(state.failure, log);
      broadcast(state.failure);
    }
    // chokidar drops a second 'change' of a file within 50 ms of the first. Once that window has passed, a file whose
    // modification time is no longer the one this build read is built again, so the last save always shows.
    for (const file of changed) {
      const wait = Math.max(0, (lastEvent.get(file) ?? 0) + THROTTLE_MS - Date.now());
      const check = setTimeout(async () => {
        rechecks.delete(check);
        if ((await mtimeOf(file)) !== read.get(file)) schedule(file);
      }, wait);
      rechecks.add(check);
    }
  };
  const schedule = (file: string) => {
    pending.add(path.resolve(file));
    lastEvent.set(path.resolve(file), Date.now());
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      running = running.then(rebuild);
    }, DEBOUNCE_MS);
  };

  // The project's folder is watched, not content/ and the config themselves: a watch on a folder that is deleted and
  // made again (a branch switch) or on a file replaced by a rename (vim's backup-write) would go quiet for good.
  // Everything in it but content/ and the config is ignored, so node_modules, build/ and .git are never walked.
  const root = config.paths.root;
  const contentDir = path.join(root, 'content');
  const watchedInRoot = (file: string) => file === root || isInside(contentDir, file) || file === configFile;
  const watcher = chokidar.watch([root, templatesDir], {
    ignoreInitial: true,
    ignored: (file: string) => {
      const full = path.resolve(file);
      return !(watchedInRoot(full) || isInside(templatesDir, full));
    },
  });
  watcher.on('all', (_event, file) => schedule(file));
  watcher.on('error', (error) =>
    log(`watching for changes failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    url: `http://${options.host}:${port}${config.baseUrl}`,
    port,
    async idle() {
      // A build may schedule another (a file changed while it ran, or the after-build recheck found one).
      for (;;) {
        const current = running;
        await current;
        if (timer === undefined && rechecks.size === 0 && running === current) return;
        await new Promise((resolve) => setTimeout(resolve, rechecks.size > 0 ? THROTTLE_MS : DEBOUNCE_MS));
      }
    },
    async close() {
      clearTimeout(timer);
      for (const check of rechecks) clearTimeout(check);
      await watcher.close();
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** A source that builds the search index into the state's files when a page first asks for one of them. */
function withSearchIndex(state: State, source: FileSource): FileSource {
  return (relPath) => {
    if (state.searchIndex && relPath.startsWith('assets/search/')) {
      for (const file of state.searchIndex()) state.files.set(file.path, file.contents);
      state.searchIndex = undefined;
    }
    return source(relPath);
  };
}

/** How long to wait for more changes after one, so a save that touches several files rebuilds once. */
const DEBOUNCE_MS = 10;

/** chokidar's window for dropping repeated 'change' events of one file, plus a margin. */
const THROTTLE_MS = 60;

/** A file's modification time, or 0 when it is gone. */
const mtimeOf = (file: string): Promise<number> =>
  stat(file).then(
    (stats) => stats.mtimeMs,
    () => 0,
  );

function printFailure(failure: Extract<DevMessage, { type: 'error' }>, log: (line: string) => void): void {
  log(`${failure.title}; the server keeps running and rebuilds on the next save`);
  for (const problem of failure.problems) log(`  ${problem}`);
}

/** A failed build as the overlay shows it: a title and one line per problem, with file and line. */
function failureOf(error: unknown): Extract<DevMessage, { type: 'error' }> {
  const list = diagnosticsOf(error);
  if (list) {
    const errors = sortDiagnostics(list).filter((d) => d.severity === 'error');
    return {
      type: 'error',
      title: `Build failed with ${errors.length} error${errors.length === 1 ? '' : 's'}`,
      problems: errors.map(formatDiagnostic),
    };
  }
  return {
    type: 'error',
    title: 'Build failed',
    problems: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
  };
}

/** The script injected into every served page: follows the server's messages (see DevMessage). */
export function liveClientSource(): string {
  return `// egdocs serve: reloads the page after a rebuild and shows build errors over it.
(() => {
  const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + ${JSON.stringify(SOCKET_PATH)};
  let seen;
  let overlay;
  const hide = () => { overlay?.remove(); overlay = undefined; };
  const show = (message) => {
    hide();
    overlay = document.createElement('div');
    overlay.id = 'egdocs-error-overlay';
    overlay.setAttribute('role', 'alertdialog');
    overlay.setAttribute('aria-label', message.title);
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,0,0,.92);color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace';
    const title = document.createElement('h2');
    title.textContent = message.title;
    title.style.cssText = 'margin:0 0 1rem;color:#ff8080;font-size:1.2rem';
    const list = document.createElement('pre');
    list.textContent = message.problems.join('\\n');
    list.style.cssText = 'white-space:pre-wrap;margin:0 0 1rem';
    const note = document.createElement('p');
    note.textContent = 'The page shows the last good build. Fix the file and save: this closes by itself.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.onclick = hide;
    overlay.append(title, list, note, close);
    document.body.append(overlay);
  };
  const connect = () => {
    const socket = new WebSocket(url);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'hello') {
        // After the server restarted or rebuilt while this page was away, the page is out of date.
        if (seen !== undefined && message.build !== seen) location.reload();
        seen = message.build;
      } else if (message.type === 'reload') {
        location.reload();
      } else if (message.type === 'error') {
        show(message);
      }
    };
    socket.onclose = () => setTimeout(connect, 1000);
  };
  connect();
})();
`;
}
