import { loadConfig } from '../config/load.ts';
import { folderSource, listen, staticHandler } from '../serve/static.ts';
import { printFailure } from './report.ts';

/**
 * `egdocs serve`: build in memory, serve on loopback, rebuild on every save and reload the open pages (see
 * src/serve/dev.ts); with --dir, serve a finished build as the static host will, without watching.
 */
export async function runServe(options: { configFile: string; port: number; host: string; dir?: string }): Promise<number> {
  try {
    if (options.dir) {
      const config = await loadConfig({ configFile: options.configFile });
      const { port } = await listen(staticHandler(folderSource(options.dir), config.baseUrl), options.host, options.port);
      console.log(`Serving ${options.dir} at http://${options.host}:${port}${config.baseUrl}`);
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
