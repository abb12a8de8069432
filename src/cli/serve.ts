import { buildSiteFiles } from '../build.ts';
import { loadConfig } from '../config/load.ts';
import { MemoryWriter } from '../output/writer.ts';
import { folderSource, listen, mapSource, staticHandler } from '../serve/static.ts';
import { printDiagnostics, printFailure } from './report.ts';

/** `egdocs serve`: build in memory (or take a finished build) and serve it on loopback. */
export async function runServe(options: { configFile: string; port: number; host: string; dir?: string }): Promise<number> {
  try {
    const config = await loadConfig({ configFile: options.configFile });
    let source;
    if (options.dir) {
      source = folderSource(options.dir);
    } else {
      const result = await buildSiteFiles({ config });
      printDiagnostics(result.diagnostics);
      const memory = new MemoryWriter();
      await memory.write(result.files);
      source = mapSource(memory.files);
    }
    const { port } = await listen(staticHandler(source, config.baseUrl), options.host, options.port);
    console.log(`Serving ${options.dir ?? 'the site'} at http://${options.host}:${port}${config.baseUrl}`);
    await new Promise(() => {});
    return 0;
  } catch (error) {
    printFailure(error);
    return 1;
  }
}
