// Loads site.config.ts: esbuild compiles it (TypeScript, imports of 'egdocs') into one module that we import.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BuildFailed, codeFrame, fail } from '../diagnostics.ts';
import type { Config } from './schema.ts';
import { validateConfig } from './validate.ts';

/** The `egdocs` module as a config file sees it; defineConfig only types the object. */
const egdocsModule: Plugin = {
  name: 'egdocs-config-api',
  setup(b) {
    b.onResolve({ filter: /^egdocs$/ }, () => ({ path: 'egdocs', namespace: 'egdocs' }));
    b.onLoad({ filter: /.*/, namespace: 'egdocs' }, () => ({
      contents: 'export const defineConfig = (c) => c;',
      loader: 'js',
    }));
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
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    if (!first) fail('config', `cannot read the config: ${(error as Error).message}`, { file: shown });
    const at = first.location;
    // An error in a file the config imports is shown at that file; the config's own lines get a frame.
    const inConfig = at && path.resolve(at.file) === configFile;
    const line = at?.line;
    const column = (at?.column ?? 0) + 1;
    throw new BuildFailed([
      {
        severity: 'error',
        code: 'config',
        message: first.text,
        location: at ? { file: inConfig ? shown : at.file, line, column } : { file: shown },
        hint: inConfig && line ? missingComma(source, line, first.text) : undefined,
        frame: inConfig && line ? codeFrame(source, line, column, 1) : undefined,
      },
    ]);
  }
  // A data: URL cannot resolve bare imports, so the compiled module goes to a temporary file.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-config-'));
  const compiled = path.join(dir, 'site.config.mjs');
  try {
    await writeFile(compiled, code);
    const module = await import(pathToFileURL(compiled).href);
    return validateConfig(module.default, configFile, { outDir: options.outDir, baseUrl: options.baseUrl, source });
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
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The likely cause of "Expected '}' but found 'url'": the line before ends a value without a comma. Parsers notice
 * only on the next line, so the hint names the line to fix.
 */
function missingComma(source: string, line: number, message: string): string | undefined {
  if (!/^Expected "[,;})\]]" but found/.test(message)) return undefined;
  const lines = source.split('\n');
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i].replace(/\/\/.*$/, '').trimEnd();
    if (text === '') continue;
    return /[,{[(]$/.test(text) ? undefined : `is a ',' missing at the end of line ${i + 1}?`;
  }
  return undefined;
}
