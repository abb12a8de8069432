// A build reads egdocs' code, the config, content/ and (for last-updated dates) the commit checked out, and nothing
// else; its steps never read the clock. (A tool that failed is not an input: a run in which git was missing or
// refused the repository is not kept, so the one after git is put right builds; see BuildResult.repeatable.) So a build whose inputs are those of the last successful one makes the same
// output byte for byte, and `egdocs build` and `egdocs check` say so instead of building again, as `tsc -b` or Go's
// test cache do: they key every input, and when the key is the last run's (and, for build, the output folder is
// still exactly what that run wrote, by its ledger), they report that run's result. Anything they cannot key (a
// template override, whose imports they cannot follow; a git layout they do not know) makes a full build.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { codeKey, keyedConfig, readStore, spareOutputDir, storeFile, writeStore } from '../incremental/build-store.ts';
import { packageRoot } from '../bundle/index.ts';
import { findOverrides } from '../bundle/overrides.ts';
import { historyCommit } from '../content/git-history.ts';
import { type ContentFiles, readContentFiles } from '../content/read.ts';
import type { Pace } from '../platform/pace.ts';
import { type Diagnostic, Diagnostics } from '../shared/model/diagnostics.ts';
import { describesFolder, ledgerFiles, readLedger } from '../incremental/output-ledger.ts';
import type { BuildResult, Config } from '../shared/model/types.ts';

/** What a run reports, kept to report again. */
export interface RunRecord {
  /** Routes by page kind. */
  kinds: [kind: string, routes: number][];
  diagnostics: Diagnostic[];
  searchQueries?: BuildResult['searchQueries'];
}

export type Purpose = 'build' | 'check';

export function recordOf(result: BuildResult): RunRecord {
  const kinds = new Map<string, number>();
  for (const route of result.site.routes) kinds.set(route.data.kind, (kinds.get(route.data.kind) ?? 0) + 1);
  return { kinds: [...kinds], diagnostics: result.diagnostics, searchQueries: result.searchQueries };
}

/**
 * A key of everything a build of `config` from `input` (content/ as read) depends on, or undefined when something
 * cannot be keyed. Node's version and the locale settings count (gzip sizes, sorting and dates follow them), and
 * NODE_ENV (React's build).
 */
async function inputsKey(config: Config, input: ContentFiles, purpose: Purpose): Promise<string | undefined> {
  const root = config.paths.root;
  // A file that is not UTF-8 is an error the build reports.
  if (input.unreadable?.size) return undefined;
  if ((await findOverrides(root, path.join(packageRoot, 'templates'), new Diagnostics())).length > 0) return undefined;
  const dated = config.docs.showLastUpdateTime || config.docs.showLastUpdateAuthor;
  const commit = dated ? await historyCommit(root) : '';
  if (commit === undefined) return undefined;
  const { LANG, LC_ALL, LC_COLLATE, TZ, NODE_ENV } = process.env;
  // The packages the compiled CLI leaves outside it, which make part of the output: a version change builds again.
  const require = createRequire(import.meta.url);
  const versions = ['shiki', 'react', 'react-dom', 'esbuild'].map(
    (name) => (require(`${name}/package.json`) as { version: string }).version,
  );
  const hash = createHash('sha256').update(
    JSON.stringify([
      purpose,
      await codeKey(),
      process.version,
      versions,
      [LANG, LC_ALL, LC_COLLATE, TZ, NODE_ENV],
      keyedConfig(config),
      config.paths.outDir,
      commit,
    ]),
  );
  // Each file's name and length before its bytes, so that no two sets of files run together the same.
  for (const [file, text] of input.texts) hash.update(`\0${file}\0${Buffer.byteLength(text)}\0`).update(text);
  for (const [file, bytes] of input.assets)
    if (bytes instanceof Uint8Array) hash.update(`\0${file}\0${bytes.length}\0`).update(bytes);
    // A large file is keyed as the writer's ledger knows a file: by its size, times and inode (or its hash).
    else hash.update(`\0${file}\0~${bytes.key}\0`);
  return hash.digest('base64url');
}

/** Where the last successful run's record is kept. */
const recordFile = (config: Config, purpose: Purpose) => storeFile(config.paths.root, `last-${purpose}`);

/**
 * What `egdocs build` and `check` do first: read content/ (`read`, which the pipeline then takes as read; a read that
 * failed is the pipeline's to report), key the run, and find the last run's record when it had the same inputs.
 * Returns the time the read took and the time the rest took. `pace`: the build's, so that a stop is heard during the
 * read (a read it stopped is reported by the pipeline's first step, as a stop).
 */
export async function lookUpRun(
  config: Config,
  purpose: Purpose,
  pace?: Pace,
): Promise<{ read: Promise<ContentFiles>; key?: string; last?: RunRecord; readMs: number; lookUpMs: number }> {
  const start = performance.now();
  const read = readContentFiles(config.paths.root, config, pace);
  const input = await read.catch(() => undefined);
  const readMs = performance.now() - start;
  const key = input && (await inputsKey(config, input, purpose));
  const last = key ? await unchangedRun(config, purpose, key) : undefined;
  return { read, key, last, readMs, lookUpMs: performance.now() - start - readMs };
}

/** The last successful run's record when it had these inputs (and for build, its output is as it wrote it). */
async function unchangedRun(config: Config, purpose: Purpose, key: string): Promise<RunRecord | undefined> {
  const record = await readStore<RunRecord>(recordFile(config, purpose), key);
  if (!record || purpose === 'check') return record;
  const outDir = config.paths.outDir;
  const ledger = await readLedger(ledgerFiles(spareOutputDir(config.paths.root)).live, outDir);
  return ledger && describesFolder(ledger, outDir) ? record : undefined;
}

/**
 * Forgets the last run's record, before a build changes the output folder: a record must never outlive the output
 * it describes, even if this build stops before it records its own.
 */
export async function forgetRun(config: Config, purpose: Purpose): Promise<void> {
  await rm(recordFile(config, purpose), { force: true });
}

/**
 * Keeps a successful run's record under its inputs' key (after its output is in place), unless the run is not
 * `repeatable`: one in which a tool failed is not what the same inputs give once the tool works.
 */
export async function keepRun(
  config: Config,
  purpose: Purpose,
  key: string,
  record: RunRecord,
  { repeatable }: { repeatable: boolean },
): Promise<void> {
  if (!repeatable) return;
  // A record that cannot be kept costs the next run a build, nothing more.
  await writeStore(recordFile(config, purpose), key, record).catch(() => {});
}
