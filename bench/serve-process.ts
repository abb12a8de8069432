// `egdocs serve` as the serve benchmarks run it: the real CLI, in a copy of this site in a temporary folder.
import { spawn } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A copy of this site in a temporary folder, as a writer's project. */
export async function copyOfSite(): Promise<string> {
  const project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-bench-serve-'));
  await cp(path.join(root, 'content'), path.join(project, 'content'), { recursive: true });
  await cp(path.join(root, 'site.config.ts'), path.join(project, 'site.config.ts'));
  // The highlight cache of this checkout, so the first build is a warm one as on a writer's machine.
  await cp(path.join(root, 'node_modules/.cache/egdocs'), path.join(project, 'node_modules/.cache/egdocs'), {
    recursive: true,
  }).catch(() => {});
  return project;
}

/** `egdocs serve` of `bin` (an egdocs checkout) running in `project`: its URL and every line it printed. */
export interface Serving {
  url: string;
  log: string[];
  /** The first line printed from line `from` on (an index of `log`) that `matches` says is the one; within 30 s. */
  next(matches: (line: string) => boolean, from: number): Promise<string>;
  stop(): void;
}

export async function startServe(project: string, bin = root, flags: string[] = []): Promise<Serving> {
  const child = spawn('node', [path.join(bin, 'bin/egdocs.js'), 'serve', '--port', '0', ...flags], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let onLine: ((line: string) => void) | undefined;
  const waiting = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        log.push(line);
        onLine?.(line);
        for (const wait of waiting) wait(line);
      }
    });
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start:\n${log.join('\n')}`)), 60_000);
      onLine = (line) => {
        const found = /Serving the site at (http:\/\/\S+?);/.exec(line);
        if (found) (clearTimeout(timer), resolve(found[1]));
      };
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${log.join('\n')}`)));
    });
    const next = (matches: (line: string) => boolean, from: number) =>
      new Promise<string>((resolve, reject) => {
        const seen = log.slice(from).find(matches);
        if (seen !== undefined) return resolve(seen);
        const timer = setTimeout(() => {
          waiting.delete(wait);
          reject(new Error(`serve printed no such line:\n${log.slice(-10).join('\n')}`));
        }, 30_000);
        const wait = (line: string) => {
          if (!matches(line)) return;
          clearTimeout(timer);
          waiting.delete(wait);
          resolve(line);
        };
        waiting.add(wait);
      });
    return { url, log, next, stop: () => child.kill() };
  } catch (error) {
    child.kill();
    throw error;
  }
}
