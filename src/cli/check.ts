import path from 'node:path';
import { keepRun, lookUpRun, recordOf, type RunRecord } from '../build-record.ts';
import { loadConfig } from '../config/load.ts';
import { diagnosticsOf } from '../diagnostics.ts';
import type { Config } from '../types.ts';
import { fitHeapTo, growHeapSlowly } from './heap.ts';
import { type CheckFormat, checkReport, UNCHANGED_CHECK } from './report.ts';

/** `egdocs check`: build in memory, report every warning (or what failed the build), exit 1 when there is any. */
export async function runCheck(options: { configFile: string; format: CheckFormat }): Promise<number> {
  growHeapSlowly();
  let config: Config | undefined;
  try {
    config = await loadConfig({ configFile: options.configFile });
    // As a build does (build-record.ts): a check of the same inputs as the last one reports its findings again.
    const { read, key, last } = await lookUpRun(config, 'check');
    let result: RunRecord;
    if (last) result = last;
    else {
      const { buildSiteFiles } = await import('../build.ts');
      await fitHeapTo(read);
      const built = await buildSiteFiles({ config, read, checkSearch: true });
      result = recordOf(built);
      if (key) await keepRun(config, 'check', key, result, built);
    }
    console.log(checkReport(result.diagnostics, options.format, githubPath(config)));
    const queries = result.searchQueries;
    if (queries && options.format === 'text' && queries.checked === queries.found) {
      console.log(
        `${queries.found} of ${queries.checked} search queries find their page among the first ${config.search.maxSuggestions} suggestions.`,
      );
    }
    if (last && options.format === 'text') console.log(UNCHANGED_CHECK);
    return result.diagnostics.length > 0 ? 1 : 0;
  } catch (error) {
    // A failed build is reported in the chosen format too, so CI shows its errors like any warning.
    const diagnostics = diagnosticsOf(error);
    if (diagnostics) console.log(checkReport(diagnostics, options.format, githubPath(config)));
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

/**
 * Content paths are relative to the project; GitHub resolves annotation paths from the checkout, where the command
 * runs, so a project in a subfolder (`egdocs check -c docs/site.config.ts`) needs the folder in front.
 */
function githubPath(config: Config | undefined): (file: string) => string {
  return (file) => (config ? path.relative(process.cwd(), path.resolve(config.paths.root, file)) : file);
}
