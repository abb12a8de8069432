// A project on disk for CLI tests: a temporary folder with the given files, written and read by project-relative
// paths, removed after the test.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface TempProject {
  dir: string;
  write(rel: string, contents: string | Uint8Array): Promise<void>;
  read(rel: string): Promise<string>;
  remove(): Promise<void>;
}

/** Creates a temporary project holding `files` (paths relative to the project root). */
export async function tempProject(
  files: Record<string, string | Uint8Array>,
  prefix = 'egdocs-project-',
): Promise<TempProject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const project: TempProject = {
    dir,
    async write(rel, contents) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), contents);
    },
    read: (rel) => readFile(path.join(dir, rel), 'utf8'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  for (const [rel, contents] of Object.entries(files)) await project.write(rel, contents);
  return project;
}
