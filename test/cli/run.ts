// Runs the CLI as a user does: `node bin/egdocs.js ...args` in a folder, with its exit code and both streams.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers.ts';

const run = promisify(execFile);
const BIN = path.join(ROOT, 'bin/egdocs.js');

/** Runs `egdocs ...args` in `cwd`; a non-zero exit is a result, not an exception. */
export async function egdocs(
  cwd: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
