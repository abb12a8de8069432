// Loads site.config.ts: esbuild compiles it (TypeScript, imports of 'egdocs') into one module that we import.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { fail } from '../diagnostics.ts';
import type { Config } from '../types.ts';
import { validateConfig } from './validate.ts';

/** The `egdocs` module as a config file sees it; defineConfig only types the object. */
const egdocsModule: Plugin = {
  name: 'egdocs-config-api',
  setup(b) {
    b.onResolve({ filter: /^egdocs$/ }, () => ({ path: 'egdocs', namespace: 'egdocs' }));
    b.onLoad({ filter: /.*/, namespace: 'egdocs' }, () => ({ contents: 'export const defineConfig = (c) => c;', loader: 'js' }));
  },
};

export interface LoadOptions {
  /** Path to site.config.ts (default: ./site.config.ts). */
  configFile?: string;
  outDir?: string;
  baseUrl?: string;
}

/** Finds, compiles, imports and validates the site config. */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
  const configFile = path.resolve(options.configFile ?? 'site.config.ts');
  // Messages name files relative to the project root (the config's folder), as they name content files.
  const shown = path.basename(configFile);
  let code: string;
  try {
    const result = await build({
      entryPoints: [configFile],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      plugins: [egdocsModule],
      logLevel: 'silent',
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    if (!first) fail('config', `cannot read the config: ${(error as Error).message}`, { file: shown }, 'create site.config.ts at the project root');
    fail('config', first.text, { file: shown, line: first.location?.line, column: (first.location?.column ?? 0) + 1 });
  }
  // A data: URL cannot resolve bare imports, so the compiled module goes to a temporary file.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-config-'));
  const compiled = path.join(dir, 'site.config.mjs');
  try {
    await writeFile(compiled, code);
    const module = await import(pathToFileURL(compiled).href);
    const source = await readFile(configFile, 'utf8');
    return validateConfig(module.default, configFile, { outDir: options.outDir, baseUrl: options.baseUrl, source });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
