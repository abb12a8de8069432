// Loads site.config.ts: compiled into one module (config/compile.ts), imported, then validated.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildFailed, codeFrame, fail } from '../shared/model/diagnostics.ts';
import { compileConfig } from './compile.ts';
import type { Config } from '../shared/config/schema.ts';
import { validateConfig } from './validate.ts';

export interface LoadOptions {
  /** Path to site.config.ts (default: ./site.config.ts). */
  configFile?: string;
  outDir?: string;
  baseUrl?: string;
}

/** A config loaded, and what keeps its compiled module for the next load (config/compile.ts). */
export interface LoadedConfig {
  config: Config;
  /**
   * Keeps the module, if it was compiled now: a build from the disk calls it once under way (BuildOptions.keepConfig),
   * so that a command refused before then writes nothing into the project.
   */
  keepCompiled(): Promise<void>;
}

/** Finds, compiles, imports and validates the site config. */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
  return (await loadProjectConfig(options)).config;
}

/** loadConfig, with what keeps the compiled config for the next load. */
export async function loadProjectConfig(options: LoadOptions = {}): Promise<LoadedConfig> {
  const written = options.configFile ?? 'site.config.ts';
  const configFile = path.resolve(written);
  // Messages name files relative to the project root (the config's folder), as they name content files.
  const shown = path.basename(configFile);
  const source = await readFile(configFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR')
      fail(
        'config',
        `config file not found: ${written}`,
        undefined,
        `egdocs looked for ${configFile}; run egdocs in the folder that holds site.config.ts, or name the file with -c <path>`,
      );
    if (error.code === 'EISDIR')
      fail(
        'config',
        `${written} is a folder, not a config file`,
        undefined,
        `name the file itself: -c ${path.join(written, 'site.config.ts')}`,
      );
    throw error;
  });
  const compiled = await compileConfig(configFile, shown, source);
  try {
    const module = await import(compiled.url);
    const config = validateConfig(module.default, configFile, {
      outDir: options.outDir,
      baseUrl: options.baseUrl,
      source,
    });
    let keep = compiled.keep;
    const keepCompiled = async () => {
      await keep?.();
      keep = undefined;
    };
    return { config, keepCompiled };
  } catch (error) {
    // Each key or value at fault: show its line under the message.
    if (error instanceof BuildFailed)
      for (const diagnostic of error.diagnostics) {
        const { location } = diagnostic;
        if (location?.line && location.file === shown)
          diagnostic.frame ??= codeFrame(source, location.line, location.column ?? 1, 0);
      }
    throw error;
  } finally {
    await compiled.done();
  }
}
