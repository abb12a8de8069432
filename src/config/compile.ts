// site.config.ts to a module node can import: esbuild bundles it (TypeScript, the config's own imports, `egdocs`) with
// packages left as imports. The compiled module is kept in the project's node_modules/.cache/egdocs/ with the hash
// of every file it was made from: a later load whose files are unchanged imports it without starting esbuild, which
// costs about 0.1 s of a build that otherwise takes a few tenths.
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { codeKey, readStore, storeFile, writeStore } from '../incremental/build-store.ts';
import { BuildFailed, codeFrame, fail } from '../shared/model/diagnostics.ts';
import { sha256 } from '../platform/hash.ts';
import { esbuild } from '../platform/esbuild.ts';

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

/** What the store keeps: the files the module was made from, each with the hash of its text. */
interface Kept {
  inputs: [file: string, hash: string][];
}

/** Each import gets a URL of its own, so that a config loaded again (serve) is evaluated again. */
let loads = 0;

/**
 * The compiled config's URL, what to call once it has been imported, and, when it was compiled now, what keeps it for
 * the next load. `shown` names the config in errors, `source` is its text (for the code frame of a syntax error).
 */
export async function compileConfig(
  configFile: string,
  shown: string,
  source: string,
): Promise<{ url: string; done: () => Promise<void>; keep?: () => Promise<void> }> {
  const root = path.dirname(configFile);
  const store = storeFile(root, 'config');
  const folder = path.dirname(store);
  const key = sha256(`${await codeKey()}\n${configFile}`, 'base64url');
  const module = path.join(folder, 'config.mjs');
  const url = () => `${pathToFileURL(module).href}?load=${++loads}`;
  const kept = await readStore<Kept>(store, key);
  if (kept && (await unchanged(kept.inputs)) && (await stat(module).catch(() => undefined)))
    return { url: url(), done: async () => {} };

  // Imported from a temporary file (a data: URL cannot resolve package imports); kept only when asked, once a build
  // is under way: a build refused before any work leaves the project as it was.
  const { code, inputs } = await compile(configFile, shown, source);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-config-'));
  await writeFile(path.join(dir, 'site.config.mjs'), code);
  const keep = async () => {
    // Written whole or not at all, as the stores are: a build starting meanwhile imports one complete module.
    await mkdir(folder, { recursive: true });
    const temp = `${module}.${process.pid}.tmp`;
    await writeFile(temp, code);
    await rename(temp, module);
    await writeStore<Kept>(store, key, { inputs: await hashes(inputs) });
  };
  return {
    url: pathToFileURL(path.join(dir, 'site.config.mjs')).href,
    done: () => rm(dir, { recursive: true, force: true }),
    keep: () => keep().catch(() => {}),
  };
}

/** Whether every file still has the text it had; a file that cannot be read has changed. */
async function unchanged(inputs: Kept['inputs']): Promise<boolean> {
  const now = await hashes(inputs.map(([file]) => file));
  return now.every(([, hash], i) => hash !== '' && hash === inputs[i][1]);
}

async function hashes(files: string[]): Promise<Kept['inputs']> {
  return Promise.all(
    files.map(
      async (file) =>
        [
          file,
          await readFile(file).then(
            (text) => sha256(text, 'base64url'),
            () => '',
          ),
        ] as [string, string],
    ),
  );
}

/** Bundles the config; a syntax error is a diagnostic at its file and line, with a frame for the config's own. */
async function compile(configFile: string, shown: string, source: string): Promise<{ code: string; inputs: string[] }> {
  const { build } = esbuild();
  const root = path.dirname(configFile);
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
      metafile: true,
      // The metafile names inputs relative to this folder. Left to esbuild, it is the folder its service started
      // in, which need not be the process's working folder by now (a server or a test that changes folders).
      absWorkingDir: root,
    });
    // The `egdocs` module has a namespace of its own (`egdocs:egdocs`).
    const inputs = Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith('egdocs:'))
      .map((input) => path.resolve(root, input));
    return { code: result.outputFiles[0].text, inputs };
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    if (!first) fail('config', `cannot read the config: ${(error as Error).message}`, { file: shown });
    const at = first.location;
    // An error in a file the config imports is shown at that file; the config's own lines get a frame.
    const inConfig = at && path.resolve(root, at.file) === configFile;
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
