import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { folderSource, listen, staticHandler } from '../serve/static.ts';
import { printFailure } from './report.ts';

/**
 * `egdocs serve`: build in memory, serve on loopback, rebuild on every save and reload the open pages (see
 * src/serve/dev.ts); with --dir, serve a finished build as the static host will, without watching.
 */
export async function runServe(options: { configFile: string; port: number; host: string; dir?: string; baseUrl?: string; allowedHosts?: string[]; force?: boolean }): Promise<number> {
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error(`--port must be a port number from 0 to 65535`);
    return 1;
  }
  try {
    if (options.dir !== undefined) {
      // Relative to where the command runs, like any path typed on the command line.
      const dir = path.resolve(options.dir);
      if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
        console.error(`${options.dir}: no such folder; run 'egdocs build' first, or pass the output folder to --dir`);
        return 1;
      }
      // The config says the base path the build was made for.
      const config = await loadConfig({ configFile: options.configFile });
      const { port } = await listen(staticHandler(folderSource(dir), config.baseUrl), options.host, options.port);
      console.log(`Serving ${options.dir} at http://${hostInUrl(options.host)}:${port}${config.baseUrl} (not watching; press Ctrl+C to stop)`);
    } else {
      const { startDevServer } = await import('../serve/dev.ts');
      const server = await startDevServer(options);
      console.log(`Serving the site at ${server.url}; watching content/ and the config for changes`);
    }
    await new Promise(() => {});
    return 0;
  } catch (error) {
    printFailure(error);
    return 1;
  }
}

/** An IPv6 address needs brackets in a URL. */
const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);
