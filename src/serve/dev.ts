// `egdocs serve`'s writer loop, put together from its parts: the site built in memory (site.ts), answered over HTTP
// (http.ts), its sources watched and rebuilt on each save (watch.ts), and the open pages told over a WebSocket
// (live.ts). A good build prints the warnings it added and resolved (warnings.ts); a failed build keeps the last good
// site up, prints the problems with file and line, and shows them in the browser as an overlay until the next good save.
import path from 'node:path';
import { bundleLiveClient, packageRoot } from '../bundle/index.ts';
import type { Diagnostic } from '../shared/model/diagnostics.ts';
import type { LiveMessage } from '../shared/live-protocol.ts';
import { guardHosts, hostCheck } from './hosts.ts';
import { devHandler } from './http.ts';
import { liveReload } from './live.ts';
import { createDevSite, type Outcome } from './site.ts';
import { listen } from './static.ts';
import { watchSources } from './watch.ts';
import { warningChanges, type WarningChanges } from './warnings.ts';

export interface DevServerOptions {
  configFile: string;
  host: string;
  port: number;
  /** Serve under this base path instead of the config's (--base-url). */
  baseUrl?: string;
  /** Host names to answer besides loopback names and IP addresses (--allow-host; see hosts.ts). */
  allowedHosts?: string[];
  /** Build the current docs version only (--current-version-only). */
  currentVersionOnly?: boolean;
  /** Terminal output (tests pass their own). */
  log?: (line: string) => void;
  /** Prints each build through `log`: the caller's printer (the CLI's), so serve needs no cli code. */
  report: ServeReport;
  /** Told as each rebuild starts, with the files that started it (relative to the project, as printed). */
  onRebuild?: (changed: string[]) => void;
  /** The templates folder to watch and render pages with; egdocs' own by default (tests use a copy). The client
   * bundle always comes from egdocs' own. */
  templatesDir?: string;
}

/** What serve's terminal says of its builds, worded by the caller (src/cli/report.ts). */
export interface ServeReport {
  /** A good build. */
  built(build: GoodBuild, log: (line: string) => void): void;
  /** A failed build: the error it threw (a BuildFailed carries its diagnostics). */
  failed(error: unknown, log: (line: string) => void): void;
}

/** A good build as the terminal is told it: its warnings as they changed since the last good build, and its work. */
export interface GoodBuild extends WarningChanges {
  /** A rebuild after a save, not the first build. */
  rebuild: boolean;
  /** The build before it failed. */
  fixed: boolean;
  ms: number;
  /** The files that started it, relative to the project (none for the first build, or an event naming no file). */
  changed: string[];
  /** Pages whose markdown was rendered, and routes whose HTML was. */
  pages: number;
  routes: number;
}

export interface DevServer {
  url: string;
  port: number;
  /** Resolves once no build runs or waits to run: every change seen so far is served. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.error(line));
  const configFile = path.resolve(options.configFile);
  const templatesDir = path.resolve(options.templatesDir ?? path.join(packageRoot, 'templates'));
  // Bundled while the first build runs; a page asks for it only once it has been served.
  const client = bundleLiveClient();
  client.catch(() => {});
  // The config must load (it says where the site is); a first build that fails is served as its error page
  // until a save fixes it.
  const site = await createDevSite({
    configFile,
    baseUrl: options.baseUrl,
    templatesDir,
    freshTemplates: options.templatesDir !== undefined,
    currentVersionOnly: options.currentVersionOnly,
  });
  // Source maps put template files and lines into the stack of a template that throws (see the render step).
  process.setSourceMapsEnabled(true);
  /** The warnings of the last good build: a good build prints what changed since (all of the first's). */
  let warnings: Diagnostic[] = [];
  const report = (outcome: Outcome, build: Omit<GoodBuild, keyof WarningChanges | 'pages' | 'routes'>) => {
    if (!outcome.ok) return options.report.failed(outcome.error, log);
    const { diagnostics, rendered } = outcome.result;
    const changes = warningChanges(warnings, diagnostics);
    warnings = diagnostics;
    options.report.built({ ...build, ...changes, pages: rendered.pages, routes: rendered.routes }, log);
  };
  const start = performance.now();
  const first = await site.rebuild([]);
  report(first, { rebuild: false, fixed: false, ms: performance.now() - start, changed: [] });

  // The first config's folder and base path hold for the server's life; a config saved later changes the rest.
  const { baseUrl } = site.config;
  const root = site.config.paths.root;
  const hosts = hostCheck(options.host, options.allowedHosts);
  const { server, port } = await listen(
    guardHosts(devHandler({ site, baseUrl, client }), hosts, log),
    options.host,
    options.port,
  );
  const greeting = (): LiveMessage[] => [
    { type: 'hello', server: site.server, build: site.served.build },
    ...(site.failure ? [site.failure] : []),
  ];
  const live = liveReload(server, hosts, greeting);

  const rebuild = async (changed: string[]) => {
    const start = performance.now();
    const fixed = site.failure !== undefined;
    // An event on the project's folder itself (the watcher's root) names no file.
    const shown = changed.map((file) => path.relative(site.config.paths.root, file)).filter((file) => file !== '');
    options.onRebuild?.(shown);
    const outcome = await site.rebuild(changed);
    report(outcome, { rebuild: true, fixed, ms: performance.now() - start, changed: shown });
    if (!outcome.ok) {
      live.broadcast(outcome.failure);
      return;
    }
    live.broadcast({ type: 'reload', build: site.served.build, changed: shown, update: outcome.update });
  };
  const watch = await watchSources({ root, configFile, templatesDir, rebuild, log });

  return {
    url: `http://${options.host}:${port}${baseUrl}`,
    port,
    idle: () => watch.idle(),
    async close() {
      await watch.close();
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
