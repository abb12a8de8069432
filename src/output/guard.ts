// Before anything is written (or served from disk): the folder must be one egdocs may replace. A build replaces its
// output folder whole, so `-o .` would delete the project, `-o content` the sources and `-o ..` the folder around the
// project. Those are refused outright; a folder with files that egdocs did not write needs --force.
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../shared/model/diagnostics.ts';
import { MARKER_FILE, readBuildMarker } from './marker.ts';

export interface GuardInput {
  /** The folder to write (build) or serve (serve --dir), absolute. */
  dir: string;
  /** How the user named it, for messages ('-o .', 'build/'). */
  shown: string;
  /** The project's root: the config file's folder. */
  root: string;
  /** Folders and files the project is made of: content/, the templates, the config file. */
  sources: { path: string; name: string }[];
  /** The user said to replace (or serve) a folder that egdocs did not write. */
  force?: boolean;
  purpose: 'build' | 'serve';
}

/** Throws a BuildError naming the folder when it is not one egdocs may write (or serve); resolves otherwise. */
export async function assertSafeOutputDir({ dir, shown, root, sources, force, purpose }: GuardInput): Promise<void> {
  // Compare real paths, so a symbolic link or '..' in a flag cannot slip past.
  const real = await realPathOf(dir);
  const project = await realPathOf(root);
  const verb = purpose === 'build' ? 'write the site into' : 'serve';
  const fix =
    purpose === 'build'
      ? "choose a folder of its own, like 'build' (the default)"
      : "pass the folder 'egdocs build' wrote, like 'build'";
  if (real === project)
    fail(
      'output',
      `${shown}: refusing to ${verb} the project's own folder${purpose === 'build' ? ': a build replaces its output folder whole, and this one holds the sources and the config' : ', which would publish its sources and config'}`,
      undefined,
      fix,
    );
  if (inside(project, real))
    fail('output', `${shown}: refusing to ${verb} a folder that holds the project (${project})`, undefined, fix);
  for (const source of sources) {
    const target = await realPathOf(source.path);
    if (real === target)
      fail(
        'output',
        `${shown}: refusing to ${verb} ${source.name}, which is part of the project's sources`,
        undefined,
        fix,
      );
    if (inside(target, real))
      fail('output', `${shown}: refusing to ${verb} a folder that holds ${source.name}`, undefined, fix);
    if (inside(real, target))
      fail('output', `${shown}: refusing to ${verb} a folder inside ${source.name}`, undefined, fix);
  }
  const info = await stat(real).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return;
  // Not even --force: a file given as the output folder is a slip of the keyboard (-o README.md), not a wish.
  if (!info.isDirectory())
    fail('output', `${shown}: refusing to ${verb} a file, which is not a folder`, undefined, fix);
  // A build writes a new folder beside the old one and swaps the two; a mount point (a container's volume) cannot be
  // moved, so the swap would fail after all the work: told before it starts instead. The build writes through a
  // link (resolveOutputDir), so a link to a mount point is one too.
  if (purpose === 'build' && info.dev !== (await stat(path.dirname(real))).dev) {
    fail(
      'output',
      `${shown}: refusing to write the site into a mount point: a build swaps its output folder whole, and a mount point cannot be moved`,
      undefined,
      `build into a folder inside it (-o ${path.join(dir, 'site')}) and publish that`,
    );
  }
  if (force) return;
  const entries = await readdir(real);
  if (entries.length === 0) return;
  if (await readBuildMarker(real)) return;
  if (purpose === 'build') {
    fail(
      'output',
      `${shown}: the folder holds files that egdocs did not write (it has no ${MARKER_FILE}); a build replaces the whole folder, so egdocs leaves it alone`,
      undefined,
      'choose another folder, empty this one, or pass --force to replace it',
    );
  }
  fail(
    'output',
    `${shown}: not a folder that 'egdocs build' wrote (it has no ${MARKER_FILE}), so its base path is unknown`,
    undefined,
    'pass --force with --base-url to serve it anyway',
  );
}

/**
 * The folder a build writes when told to write `dir`: its real path, so that a symbolic link (`public -> /srv/www`)
 * is written through and stays a link, and the guard above judges the folder the site lands in. The writer swaps
 * that folder (output/writer.ts): swapping the link itself would leave the deploy target stale and the link in the
 * place of the old output. A link that leads nowhere is refused rather than replaced by a folder. `shown` is how the
 * user named the folder, for messages; the result's `shown` says where a link leads.
 */
export async function resolveOutputDir(dir: string, shown: string): Promise<{ dir: string; shown: string }> {
  const absolute = path.resolve(dir);
  const link = await lstat(absolute).catch(() => undefined);
  if (link?.isSymbolicLink() && !(await stat(absolute).catch(() => undefined))) {
    fail(
      'output',
      `${shown}: a symbolic link to ${await readlink(absolute)}, which does not exist`,
      undefined,
      'make the folder it points to, or remove the link and build again (egdocs then makes the folder)',
    );
  }
  const real = await realPathOf(absolute);
  return { dir: real, shown: link?.isSymbolicLink() ? `${shown} (a link to ${real})` : shown };
}

/** Whether `child` lies strictly inside `parent` (absolute, real paths). */
function inside(child: string, parent: string): boolean {
  return child !== parent && child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/** The real path of `target`, or of its nearest existing ancestor with the rest appended (a folder not made yet). */
async function realPathOf(target: string): Promise<string> {
  const absolute = path.resolve(target);
  try {
    return await realpath(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(await realPathOf(parent), path.basename(absolute));
  }
}
