// Runs the CLI on a project folder and returns what a user sees: the exit code and both streams. `egdocs` runs the
// CLI's main() inside the test process (a build costs a tenth of a fresh node process); `egdocsProcess` starts
// `node bin/egdocs.js` for what only a real process shows (signals, another user's permissions, the compiled dist/).
import { execFile } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/index.ts';
import { ROOT } from '../helpers.ts';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const BIN = path.join(ROOT, 'bin/egdocs.js');

/** Thrown by process.exit while the CLI runs in this process (commander exits after --help or a usage error). */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/**
 * Runs `egdocs ...args` in `cwd` inside this process, as bin/egdocs.js would: the working folder, stdout, stderr,
 * process.exit and process.exitCode are the CLI's for the call and restored after it. Calls must not overlap.
 */
export async function egdocs(cwd: string, ...args: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = {
    cwd: process.cwd(),
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    exit: process.exit,
    exitCode: process.exitCode,
    stdoutTTY: process.stdout.isTTY,
    stderrTTY: process.stderr.isTTY,
  };
  const collect =
    (into: string[]) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      // write(chunk, callback) and write(chunk, encoding, callback): commander and console pass none, but honour it.
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    };
  process.stdout.write = collect(out) as typeof process.stdout.write;
  // Output goes to a pipe, as from a process: commander then wraps help at 80 columns, whatever this terminal is.
  process.stdout.isTTY = process.stderr.isTTY = false;
  process.stderr.write = collect(err) as typeof process.stderr.write;
  process.exit = ((code?: number) => {
    throw new Exited(code ?? 0);
  }) as typeof process.exit;
  process.exitCode = undefined;
  let code: number;
  try {
    process.chdir(cwd);
    await main(['node', BIN, ...args]);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof Exited)) throw error;
    code = error.code;
  } finally {
    process.chdir(saved.cwd);
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    process.exit = saved.exit;
    process.exitCode = saved.exitCode;
    process.stdout.isTTY = saved.stdoutTTY;
    process.stderr.isTTY = saved.stderrTTY;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Runs `file ...args` as a process; a non-zero exit is a result, not an exception. */
export function run(
  file: string,
  args: string[],
  options: { cwd?: string; uid?: number; gid?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, options, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Runs `node bin/egdocs.js ...args` in `cwd` as a process of its own (as another user, given `uid` and `gid`; with
 * its own environment, given `env`).
 */
export async function egdocsProcess(
  cwd: string,
  args: string[],
  options: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Ran> {
  const bin = options.uid === undefined ? BIN : path.join(await packageForOthers(), 'bin/egdocs.js');
  // node by its own path: a PATH in `env` need not lead to it.
  return run(process.execPath, [bin, ...args], { cwd, ...options });
}

let forOthers: Promise<string> | undefined;

/**
 * This package where another user can run it: the checkout itself, unless a folder above it is closed to others (a
 * clone in a private temporary folder, as `mktemp -d` makes). Then a copy of it made of hard links (no bytes copied)
 * goes into a temporary folder they can enter, and is removed when the tests end.
 */
function packageForOthers(): Promise<string> {
  forOthers ??= (async () => {
    if (enterableByOthers(ROOT)) return ROOT;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-package-'));
    await chmod(dir, 0o755);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const entries = (await readdir(ROOT)).filter((name) => name !== '.git').map((name) => path.join(ROOT, name));
    // Hard links need one file system; across two, the files are copied.
    if ((await run('cp', ['-al', ...entries, dir])).code !== 0) {
      const copied = await run('cp', ['-a', ...entries, dir]);
      if (copied.code !== 0) throw new Error(`cannot copy the package for another user: ${copied.stderr}`);
    }
    return dir;
  })();
  return forOthers;
}

/** Whether every folder from `dir` up to / lets others through (its execute bit for others). */
function enterableByOthers(dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (path.dirname(at) === at) return true;
  }
}

/** Tests run as root in CI, and root writes everything: permissions are tried as the user nobody. */
export const AS_NOBODY = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
