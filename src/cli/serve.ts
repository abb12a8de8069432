import { stat } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../bundle/index.ts';
import { loadConfig } from '../config/load.ts';
import { BASE_HINT } from '../shared/config/schema.ts';
import { normaliseBase } from '../config/validate.ts';
import { basePathProblem } from '../shared/url-checks.ts';
import { BuildFailed } from '../shared/model/diagnostics.ts';
import { assertSafeOutputDir } from '../output/guard.ts';
import { readBuildMarker } from '../output/marker.ts';
import { allowedHostProblem, guardHosts, hostCheck } from '../serve/hosts.ts';
import { listen, staticHandler } from '../serve/static.ts';
import { folderSource } from '../serve/sources.ts';
import { sourcesOf } from './build.ts';
import { FAILED, failureLines, printProblem, serveReport } from './report.ts';

export interface ServeOptions {
  configFile: string;
  port: number;
  host: string;
  dir?: string;
  baseUrl?: string;
  allowedHosts?: string[];
  force?: boolean;
  /** Build the current docs version only (--current-version-only). */
  currentVersionOnly?: boolean;
}

/**
 * `egdocs serve`: build in memory, serve on loopback, rebuild on every save and reload the open pages (see
 * src/serve/dev.ts); with --dir, serve a finished build as the static host will, without watching.
 */
export async function runServe(options: ServeOptions): Promise<number> {
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error(`--port must be a port number from 0 to 65535`);
    return 1;
  }
  const flagProblems = [
    ...(options.allowedHosts ?? []).flatMap((name) => {
      const problem = allowedHostProblem(name);
      return problem ? [`--allow-host '${name}' is not a host name: ${problem}`] : [];
    }),
    ...(options.baseUrl && basePathProblem(options.baseUrl)
      ? [`--base-url '${options.baseUrl}' is not a base path: ${basePathProblem(options.baseUrl)}; ${BASE_HINT}`]
      : []),
    ...(options.dir !== undefined && options.currentVersionOnly
      ? ['--current-version-only builds the site; with --dir, serve builds nothing: leave one of them out']
      : []),
  ];
  if (flagProblems.length > 0) {
    for (const problem of flagProblems) console.error(problem);
    return 1;
  }
  try {
    if (options.dir !== undefined) {
      await serveFolder(options, options.dir);
    } else {
      const { startDevServer } = await import('../serve/dev.ts');
      const server = await startDevServer({ ...options, report: serveReport });
      console.log(`Serving the site at ${server.url}; watching content/ and the config for changes`);
    }
    await new Promise(() => {});
    return 0;
  } catch (error) {
    // The site's config failed to load (a build's first step), or serve --dir's folder was refused (no build).
    if (options.dir === undefined && error instanceof BuildFailed)
      for (const line of failureLines(error, FAILED.serveStart)) console.error(line);
    else printProblem(error);
    return 1;
  }
}

/**
 * A finished build, as the static host will serve it, under the base path it was built for: --base-url, else the
 * one the build's marker records (so a `build --base-url /other/` previews under /other/), else the config's.
 */
async function serveFolder(options: ServeOptions, written: string): Promise<void> {
  // Relative to where the command runs, like any path typed on the command line.
  const dir = path.resolve(written);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory())
    throw new BuildFailed([
      {
        severity: 'error',
        code: 'output',
        message: `${written}: no such folder`,
        hint: "run 'egdocs build' first, or pass the output folder to --dir",
      },
    ]);
  // The config is needed only to know the project (which folders are its sources) and, failing all else, the base.
  const config = await loadConfig({ configFile: options.configFile }).catch((error: unknown) => {
    if (error instanceof BuildFailed && /^config file not found/.test(error.diagnostic.message)) return undefined;
    throw error;
  });
  const root = config?.paths.root ?? process.cwd();
  // The same folders build refuses to write are refused here: serving them would publish the sources and config.
  await assertSafeOutputDir({
    dir,
    shown: written,
    root,
    sources: config
      ? sourcesOf(config)
      : [
          { path: path.join(root, 'content'), name: 'content/' },
          { path: path.join(packageRoot, 'templates'), name: "egdocs' templates" },
        ],
    force: options.force,
    purpose: 'serve',
  });
  const marker = await readBuildMarker(dir);
  const base = options.baseUrl ?? marker?.baseUrl ?? config?.baseUrl;
  if (base === undefined)
    throw new BuildFailed([
      {
        severity: 'error',
        code: 'output',
        message: `${written}: the base path it was built for is unknown`,
        hint: 'pass it with --base-url',
      },
    ]);
  // The marker is a file in the folder, which a hand may have changed: its base path goes into redirects.
  const problem = basePathProblem(base);
  if (problem)
    throw new BuildFailed([
      {
        severity: 'error',
        code: 'output',
        message: `${written}: the base path it was built for, '${base}', is not one: ${problem}`,
        hint: 'pass the base path with --base-url',
      },
    ]);
  const baseUrl = normaliseBase(base);
  const handler = guardHosts(
    staticHandler(folderSource(dir), baseUrl),
    hostCheck(options.host, options.allowedHosts),
    (line) => console.error(line),
  );
  const { port } = await listen(handler, options.host, options.port);
  console.log(
    `Serving ${written} at http://${hostInUrl(options.host)}:${port}${baseUrl} (not watching; press Ctrl+C to stop)`,
  );
}

/** An IPv6 address needs brackets in a URL. */
const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);
