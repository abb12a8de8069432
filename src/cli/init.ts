import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VERSION } from '../version.ts';
import { starterFiles } from './starter.ts';

/**
 * `egdocs init [dir]`: writes a new project into `dir` (default: the current folder), which must be empty or not
 * exist: a project's files are never overwritten. Prints what to do next.
 */
export async function runInit(options: { dir?: string }): Promise<number> {
  const dir = path.resolve(options.dir ?? '.');
  const shown = path.relative(process.cwd(), dir) || '.';
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (entries === undefined) {
    console.error(`error  ${shown} is a file; egdocs init makes a project in a folder`);
    console.error('  hint: name a new folder: egdocs init my-docs');
    return 1;
  }
  // A .git folder alone is still an empty project: `git init` first is a common start.
  const present = entries.filter((entry) => entry !== '.git');
  if (present.length > 0) {
    const listed = present.slice(0, 3).join(', ') + (present.length > 3 ? ', …' : '');
    console.error(`error  ${shown} is not empty (${listed}); egdocs init writes only into an empty folder`);
    console.error('  hint: name a new folder: egdocs init my-docs');
    return 1;
  }
  const files = starterFiles({ name: packageName(dir), version: VERSION, date: new Date().toISOString().slice(0, 10) });
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  console.log(`Created a new egdocs project in ${shown}:`);
  for (const rel of Object.keys(files).sort()) console.log(`  ${rel}`);
  const cd = shown === '.' ? '' : `cd ${shown.includes(' ') ? JSON.stringify(shown) : shown} && `;
  console.log(`\nNext: ${cd}npm install && npx egdocs serve`);
  console.log('(egdocs is not on the npm registry yet: see its README, "Start a second project".)');
  return 0;
}

/** A valid npm package name from a folder's name: 'Acme Docs' -> 'acme-docs'. */
function packageName(dir: string): string {
  const name = path
    .basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'my-docs';
}
