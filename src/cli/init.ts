import { lstat, mkdir, readdir, readlink, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../bundle/root.ts';
import { VERSION } from '../platform/version.ts';
import { fsErrorReason } from './report.ts';
import { starterFiles } from './starter.ts';
import { WORKFLOW_FILE } from './workflow.ts';

/**
 * `egdocs init [dir]`: writes a new project into `dir` (default: the current folder), which must be empty or not
 * exist: a project's files are never overwritten. Prints what to do next. A folder that cannot be written is one line
 * naming it; what was written before the failure is removed.
 */
export async function runInit(options: { dir?: string }): Promise<number> {
  const dir = path.resolve(options.dir ?? '.');
  const shown = shownPath(dir);
  // A link that leads nowhere fails mkdir with ENOENT or ENOTDIR naming the link, which reads as a missing folder.
  const dangling = await danglingLink(dir);
  if (dangling) {
    console.error(
      `error  cannot write ${shownPath(dangling.link)}: it is a symbolic link to ${dangling.target}, which does not exist; make that folder first, or name another folder: egdocs init my-docs`,
    );
    return 1;
  }
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') {
      console.error(`error  ${shown} is a file; egdocs init makes a project in a folder`);
      console.error('  hint: name a new folder: egdocs init my-docs');
      return 1;
    }
    if (code !== 'ENOENT') return failed('read', error, dir);
    entries = [];
  }
  // A .git folder alone is still an empty project: `git init` first is a common start.
  const present = entries.filter((entry) => entry !== '.git');
  if (present.length > 0) {
    const listed = present.slice(0, 3).join(', ') + (present.length > 3 ? ', …' : '');
    console.error(`error  ${shown} is not empty (${listed}); egdocs init writes only into an empty folder`);
    console.error('  hint: name a new folder: egdocs init my-docs');
    return 1;
  }
  const egdocs = egdocsSpec();
  const files = await starterFiles({
    name: packageName(dir),
    egdocs,
    date: new Date().toISOString().slice(0, 10),
  });
  // What this run made, to remove should a write fail: the folder was empty, so none of it is the user's.
  const made: string[] = [];
  try {
    for (const [rel, text] of Object.entries(files)) {
      const folder = await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      if (folder) made.push(folder);
      await writeFile(path.join(dir, rel), text);
      made.push(path.join(dir, rel));
    }
  } catch (error) {
    for (const item of made.reverse()) await rm(item, { recursive: true, force: true }).catch(() => {});
    return failed('write', error, dir);
  }
  console.log(`Created a new egdocs project in ${shown}:`);
  for (const rel of Object.keys(files).sort()) console.log(`  ${rel}`);
  // A path that starts with '-' would be read by cd as an option.
  const cd = shown === '.' ? '' : `cd ${shellWord(shown.startsWith('-') ? `./${shown}` : shown)} && `;
  console.log(`\nNext: ${cd}npm install && npx egdocs serve`);
  console.log(
    `On GitHub, ${WORKFLOW_FILE} checks pull requests and publishes main on Pages (Settings → Pages → Source: GitHub Actions).`,
  );
  if (egdocs.startsWith('file:'))
    console.log(
      `package.json installs egdocs from ${egdocs.slice('file:'.length)}, as it is on no registry yet: GitHub's runner cannot install that.`,
    );
  return 0;
}

/**
 * A file-system error as one line naming the path, what went wrong and what to do (exit code 1); any other error is
 * thrown on.
 */
function failed(verb: 'read' | 'write', error: unknown, dir: string): number {
  const reason = fsErrorReason(error);
  if (!reason) throw error;
  const { code, path: where = dir } = error as NodeJS.ErrnoException;
  const fix =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'free some space and run egdocs init again'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'check the permissions of the folder it goes in (ls -l), or name another folder: egdocs init ~/my-docs'
        : 'name another folder: egdocs init my-docs';
  console.error(`error  cannot ${verb} ${shownPath(where)}: ${reason} (${code}); ${fix}`);
  return 1;
}

/** A path as the user would write it from here: relative, unless it is outside the current folder. */
function shownPath(full: string): string {
  const relative = path.relative(process.cwd(), full);
  return relative.startsWith('..') ? full : relative || '.';
}

/**
 * The symbolic link at `dir` or above it that leads nowhere (its target does not exist, or it loops), if any: from
 * the first path that exists up, every folder does.
 */
async function danglingLink(dir: string): Promise<{ link: string; target: string } | undefined> {
  for (let at = dir; ; at = path.dirname(at)) {
    const found = await lstat(at).catch(() => undefined);
    if (found?.isSymbolicLink()) {
      if (
        await stat(at).then(
          () => false,
          () => true,
        )
      )
        return { link: at, target: await readlink(at) };
      return undefined;
    }
    if (found || path.dirname(at) === at) return undefined;
  }
}

/**
 * `text` as one word for a POSIX shell, so that a command printed for pasting runs nothing else: as it is when it
 * holds nothing a shell reads, else in single quotes, inside which only a single quote is special ('\'').
 */
export function shellWord(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * How the new project depends on egdocs: on this very copy. An egdocs installed under a node_modules folder came from
 * the npm registry, where the new project finds the same version (npm keeps no record of the origin in the package's
 * own package.json, so the folder it sits in is the sign). Anywhere else it is a checkout, which is on no registry: the
 * project links to its folder (`file:`, a symbolic link npm makes, so it runs this checkout's code as it changes).
 */
export function egdocsSpec(root = packageRoot): string {
  return root.split(path.sep).includes('node_modules') ? `^${VERSION}` : `file:${root}`;
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
