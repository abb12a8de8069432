import path from 'node:path';
import { keepRun, lookUpRun, recordOf, type RunRecord } from '../build/record.ts';
import { loadProjectConfig } from '../config/load.ts';
import { repositoryRoot } from '../content/git-history.ts';
import { diagnosticsOf } from '../shared/model/diagnostics.ts';
import type { Config } from '../shared/model/types.ts';
import { fitHeapTo, growHeapSlowly } from './heap.ts';
import { type CheckFormat, checkReport, FAILED, failureLines, UNCHANGED_CHECK } from './report.ts';

/** `egdocs check`: build in memory, report every warning (or what failed the build), exit 1 when there is any. */
export async function runCheck(options: { configFile: string; format: CheckFormat }): Promise<number> {
  growHeapSlowly();
  let config: Config | undefined;
  try {
    const loaded = await loadProjectConfig({ configFile: options.configFile });
    config = loaded.config;
    // As a build does (build/record.ts): a check of the same inputs as the last one reports its findings again.
    const { read, key, last } = await lookUpRun(config, 'check');
    let result: RunRecord;
    if (last) result = last;
    else {
      const { buildSiteFiles } = await import('../build.ts');
      await fitHeapTo(read);
      const built = await buildSiteFiles({ config, read, checkSearch: true, keepConfig: loaded.keepCompiled });
      result = recordOf(built);
      if (key) await keepRun(config, 'check', key, result, built);
    }
    console.log(
      checkReport(result.diagnostics, options.format, await githubPath(projectRoot(config, options.configFile))),
    );
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
    if (diagnostics)
      console.log(checkReport(diagnostics, options.format, await githubPath(projectRoot(config, options.configFile))));
    else for (const line of failureLines(error, FAILED.check)) console.error(line);
    return 1;
  }
}

/**
 * Content paths are relative to the project; GitHub reads an annotation's path from the root of the repository,
 * whatever folder the step ran in (`working-directory: docs`, `cd docs && egdocs check`), so paths are given from the
 * repository holding the project. Outside a repository, from the folder the command runs in (a checkout's root, in a
 * workflow that has no .git).
 */
async function githubPath(root: string): Promise<(file: string) => string> {
  const from = (await repositoryRoot(root)) ?? process.cwd();
  return (file) => path.relative(from, path.resolve(root, file)).split(path.sep).join('/');
}

/** The folder diagnostics' paths start from: the config's, also when the config itself failed to load. */
function projectRoot(config: Config | undefined, configFile: string): string {
  return config?.paths.root ?? path.dirname(path.resolve(configFile));
}
