// One build as a user runs it, for the benchmarks that time builds (build.ts, deep-tree.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface Measure {
  ms: number;
  pages: number;
  peakRssMb?: number;
  warnings: number;
  steps: Record<string, number>;
}

/**
 * One build as a user runs it: `egdocs build --timings` (the compiled CLI) in a fresh process, timed from spawn to
 * exit, so Node.js' start and module loading count. Peak RSS from /usr/bin/time -v where it is installed.
 */
export function measure(dir: string, egdocs = root): Measure {
  const cli = [path.join(egdocs, 'bin/egdocs.js'), 'build', '--timings', '-c', path.join(dir, 'site.config.ts')];
  const timed = existsSync('/usr/bin/time');
  const [command, args] = timed ? ['/usr/bin/time', ['-v', 'node', ...cli]] : ['node', cli];
  const start = performance.now();
  const run = spawnSync(command, args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`egdocs build failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  const timings = /^Timings \(ms\): (.*)$/m.exec(run.stdout)?.[1] ?? '';
  const rssKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  return {
    ms,
    pages: Number(/^Built (\d+) pages/m.exec(run.stdout)?.[1]),
    warnings: Number(/^(\d+) warnings?,/m.exec(run.stdout)?.[1]),
    peakRssMb: rssKb ? Number(rssKb) / 1024 : undefined,
    steps: Object.fromEntries(timings.split(', ').map((part) => [part.split(' ')[0], Number(part.split(' ')[1])])),
  };
}
