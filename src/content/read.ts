// Reading content/: every file under it into a map of texts and bytes (parse.ts makes sources of them). The only
// part of the content stage that touches the disk.
import { readFileSync, type Stats } from 'node:fs';
import { lstat, readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Pace, UNPACED } from '../pace.ts';
import { type Diagnostic, fail } from '../diagnostics.ts';
import { describeInvalidUtf8 } from './utf8.ts';

/** content/ as maps from path (relative to the project root, forward slashes) to text or bytes. */
export interface ContentFiles {
  /** Markdown and YAML files. */
  texts: Map<string, string>;
  /** Everything else: content/static/** and images next to pages. */
  assets: Map<string, Uint8Array>;
  /**
   * Markdown and YAML files that are not UTF-8, with the error parseContent reports. Kept beside the others (not
   * thrown while reading) so that every bad file is reported and one does not stop serve reading the rest of a save.
   */
  unreadable?: Map<string, Diagnostic>;
}

/** Markdown files: pages. */
export const MARKDOWN = /\.mdx?$/;

/**
 * Reads every file under content/, in sorted order: markdown and YAML as text, the rest as bytes. A folder or file
 * that cannot be read, or that goes away while the build reads it, stops the build naming it: read as nothing, it
 * would quietly become a site with pages missing.
 */
export async function readContentFiles(root: string, pace: Pace = UNPACED): Promise<ContentFiles> {
  const files: ContentFiles = { texts: new Map(), assets: new Map(), unreadable: new Map() };
  const contentDir = path.join(root, 'content');
  await assertContentFolder(contentDir, root);
  const rels = await listFiles(contentDir, root);
  // One file after another, synchronously, in sorted order (so the first problem is the same on every run). The
  // files are small and usually in the page cache (as after a checkout): a read is a few system calls, and the
  // promise API's round trips through the thread pool cost several times that (10,000 docs: 650-850 ms in batches of
  // 128 reads at once, 135-170 ms one by one).
  for (const rel of rels) {
    // A cold disk takes seconds over 30,000 files: the build may stop between two (pace.ts).
    if (pace.due()) await pace.turn();
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(contentDir, rel));
    } catch (error) {
      unreadable(error as NodeJS.ErrnoException, root);
    }
    store(files, rel, bytes);
  }
  return files;
}

/** A new project has no content/ yet: say what to create, rather than build an empty site. */
async function assertContentFolder(contentDir: string, root: string): Promise<void> {
  const info = await stat(contentDir).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) {
    // A link named content that leads nowhere is not a missing folder: name the link.
    if (info.code === 'ENOENT' && !(await lstat(contentDir).catch(() => undefined))) {
      fail(
        'content',
        `no content/ folder at ${contentDir}`,
        undefined,
        'create content/docs/intro.md (a "# Title" line and some text) beside the config file to start a site',
      );
    }
    unreadable(info, root);
  }
  if (!info.isDirectory())
    fail(
      'content',
      'is a file, not a folder',
      { file: 'content' },
      'content/ must be a folder of markdown files (content/docs/intro.md)',
    );
}

/** A path as messages show it: relative to the project root, with forward slashes. */
function relativeTo(root: string, full: string): string {
  return path.relative(root, full).split(path.sep).join('/') || '.';
}

/** A file or folder of content/ that could not be read, as the error that names it. */
function unreadable(error: NodeJS.ErrnoException, root: string, hint?: string): never {
  const where = error.path ? relativeTo(root, error.path) : 'content/';
  const hints: Record<string, string> = {
    ENOENT:
      'it went away while the build read content/ (a branch switch, or a tool moving folders); run the build again',
    EACCES: 'egdocs may not read it: check its permissions (ls -l)',
    EPERM: 'egdocs may not read it: check its permissions (ls -l)',
    ELOOP: 'a symbolic link there leads to itself',
    EMFILE: 'too many files are open: raise the limit (ulimit -n) and build again',
  };
  fail(
    'content',
    `cannot be read (${error.code ?? error.message})`,
    { file: where },
    hint ?? hints[error.code ?? ''] ?? 'check that the path can be read',
  );
}

/**
 * Brings `files` up to date after changes under content/ (absolute or root-relative paths of files or folders that
 * were added, changed or removed), reading only those. `egdocs serve` calls it instead of reading everything again.
 */
export async function updateContentFiles(files: ContentFiles, root: string, changed: Iterable<string>): Promise<void> {
  const contentDir = path.join(root, 'content');
  for (const changedPath of changed) {
    const rel = path.relative(contentDir, path.resolve(root, changedPath)).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const prefix = rel === '' ? 'content/' : `content/${rel}/`;
    // Whatever was at this path (a file, or a folder's files) goes; whatever is there now comes back.
    for (const map of [files.texts, files.assets, files.unreadable ?? new Map()] as Map<string, unknown>[]) {
      for (const key of [...map.keys()]) if (key === `content/${rel}` || key.startsWith(prefix)) map.delete(key);
    }
    const info = await stat(path.join(contentDir, rel)).catch(() => undefined);
    // A folder gone again since the event (deleted while serve was catching up) has nothing to list.
    const found = info?.isDirectory()
      ? (await listFiles(path.join(contentDir, rel), root).catch(() => [])).map((inner) =>
          rel ? `${rel}/${inner}` : inner,
        )
      : info?.isFile()
        ? [rel]
        : [];
    for (const name of found) {
      // Gone again since the listing (deleted while serve was catching up): nothing to read.
      const bytes = await readFile(path.join(contentDir, name)).catch(() => undefined);
      if (bytes) store(files, name, bytes);
    }
  }
}

function store(files: ContentFiles, rel: string, bytes: Buffer): void {
  const file = `content/${rel}`;
  if (!isText(rel) || rel.startsWith('static/')) {
    files.assets.set(file, bytes);
    return;
  }
  const text = decodeUtf8(bytes);
  if (text !== undefined) files.texts.set(file, text);
  else (files.unreadable ??= new Map()).set(file, describeInvalidUtf8(bytes, file));
}

const isText = (file: string) => MARKDOWN.test(file) || /\.ya?ml$/.test(file);

/** The text of a UTF-8 file (without a byte order mark), or undefined when it is not valid UTF-8. */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/**
 * Files under `dir`, relative to it, sorted. A folder that cannot be listed is an error naming it (see unreadable).
 * Symbolic links are followed, as a reader of the folder would expect (docs shared between repositories are often
 * linked in); one that leads nowhere, or to a folder that holds it, is an error rather than a part left out.
 */
async function listFiles(dir: string, root: string): Promise<string[]> {
  const found: string[] = [];
  // One folder at a time, in name order: the first problem found is the same on every run. `ancestors` are the real
  // paths of the folders being listed, for telling a link that loops back.
  const visit = async (folder: string, rel: string, ancestors: string[]): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) =>
      unreadable(error, root),
    );
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(folder, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isFile()) found.push(name);
      else if (entry.isDirectory()) await visit(full, name, [...ancestors, path.join(ancestors.at(-1)!, entry.name)]);
      else if (entry.isSymbolicLink()) {
        const target = await followLink(full, root);
        if (target.isFile()) found.push(name);
        else if (target.isDirectory()) {
          const real = await realpath(full).catch((error: NodeJS.ErrnoException) => unreadable(error, root));
          // A link to a folder that holds it: listing it would never end.
          if (ancestors.includes(real))
            fail(
              'content',
              `is a symbolic link to ${await readlink(full)}, a folder that holds it`,
              { file: relativeTo(root, full) },
              'remove the link, or point it at a folder outside this one',
            );
          await visit(full, name, [...ancestors, real]);
        }
      }
      // Anything else (a socket, a named pipe) is not content.
    }
  };
  await visit(dir, '', [await realpath(dir)]);
  return found.sort();
}

/** What a symbolic link leads to; one that leads nowhere is an error naming the link and its target. */
async function followLink(link: string, root: string): Promise<Stats> {
  try {
    return await stat(link);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    const target = await readlink(link).catch(() => '?');
    unreadable(
      failure,
      root,
      failure.code === 'ENOENT'
        ? `it is a symbolic link to ${target}, which does not exist: make the target or remove the link`
        : failure.code === 'ELOOP'
          ? `it is a symbolic link to ${target}, which leads back to itself: point it at a file or folder, or remove it`
          : undefined,
    );
  }
}
