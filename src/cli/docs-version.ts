// `egdocs docs:version <name>`: snapshots the current docs as an older version (config/versions.ts reads it):
// content/docs/ copied to content/versioned/<name>/docs/, the config's sidebars to content/versioned/<name>/sidebars.json.
// The config is code, so the command does not edit it: it prints the `docs.versions` entry to add.
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VERSIONED } from '../config/versions.ts';
import { nameProblem, pathProblem } from '../shared/config/versions.ts';
import type { Config } from '../shared/model/types.ts';
import { printProblem } from './report.ts';

/**
 * Snapshots the current docs as version `name`. Refuses, in one line and writing nothing, a name that is not a folder
 * and URL segment, or that the config or content/versioned/ already has. The copy is made in a hidden folder beside
 * its place (the reader skips dot folders) and renamed into place: a failure leaves nothing half-written.
 */
export async function runDocsVersion(options: { configFile: string; name: string }): Promise<number> {
  const { name } = options;
  const { loadConfig } = await import('../config/load.ts');
  let config: Config;
  try {
    config = await loadConfig({ configFile: options.configFile });
  } catch (error) {
    printProblem(error);
    return 1;
  }
  const refusal = refusalOf(config, name) ?? (await existingFolder(config, name));
  if (refusal) {
    console.error(`error  ${refusal}`);
    return 1;
  }
  const root = config.paths.root;
  const target = path.join(root, VERSIONED, name);
  const temporary = path.join(root, VERSIONED, `.${name}.${process.pid}.tmp`);
  // The first folder this run made (content/versioned/ itself, in a project without versions), to remove on failure.
  let made: string | undefined;
  try {
    made = await mkdir(temporary, { recursive: true });
    await cp(path.join(root, 'content/docs'), path.join(temporary, 'docs'), {
      recursive: true,
      // Dot files are never content (content/read.ts): an editor's swap file or a .git stays out of the snapshot.
      filter: (from) => !path.basename(from).startsWith('.'),
    });
    await writeFile(path.join(temporary, 'sidebars.json'), `${JSON.stringify(config.docs.sidebars, null, 2)}\n`);
    await rename(temporary, target);
  } catch (error) {
    await rm(made ?? temporary, { recursive: true, force: true }).catch(() => {});
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    console.error(`error  cannot snapshot the docs as version '${name}' (${reason}); nothing was written`);
    return 1;
  }
  console.log(
    `Copied content/docs/ to ${VERSIONED}/${name}/docs/ and the sidebars to ${VERSIONED}/${name}/sidebars.json.`,
  );
  console.log(`Add the version to docs.versions in ${config.configFile}:`);
  console.log(`  { name: '${name}', label: '${name}', path: '${name}', banner: 'unmaintained' },`);
  return 0;
}

/** Why `name` cannot be a new version of this config, if it cannot. */
function refusalOf(config: Config, name: string): string | undefined {
  const problem = nameProblem(name, 'the version name') ?? pathProblem(name, 'the version name');
  if (problem) return `${problem.message}; ${problem.hint}`;
  if (name === config.docs.version.name)
    return `'${name}' is the current version's name (docs.version.name); name the snapshot after its release, like 2.1`;
  if (config.docs.versions.some((version) => version.name === name))
    return `version '${name}' exists: docs.versions in ${config.configFile} declares it; choose another name`;
  return undefined;
}

/** The refusal of a name whose folder exists under content/versioned/. */
async function existingFolder(config: Config, name: string): Promise<string | undefined> {
  const found = await stat(path.join(config.paths.root, VERSIONED, name)).catch(() => undefined);
  return found ? `version '${name}' exists: ${VERSIONED}/${name}/ is there; choose another name` : undefined;
}
