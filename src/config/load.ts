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

/** Configs compiled by this process, with what keeps the compiled module for the next (config/compile.ts). */
const toKeep = new WeakMap<Config, () => Promise<void>>();

/** Keeps the compiled config for the next load, if it was compiled now: a build from the disk calls it. */
export async function keepCompiledConfig(config: Config): Promise<void> {
  await toKeep.get(config)?.();
  toKeep.delete(config);
}

/** Finds, compiles, imports and validates the site config. */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
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
    if (compiled.keep) toKeep.set(config, compiled.keep);
    return config;
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
