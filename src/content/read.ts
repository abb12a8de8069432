// Reading content/: every file under it into a map of texts and bytes (parse.ts makes sources of them). The only
// part of the content stage that touches the disk.
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Pace, UNPACED } from '../platform/pace.ts';
import { type Diagnostic, fail } from '../shared/model/diagnostics.ts';
import type { AssetBytes, LargeFile } from '../shared/model/types.ts';
import { decodeUtf8, describeInvalidUtf8 } from './utf8.ts';

/** content/ as maps from path (relative to the project root, forward slashes) to text or bytes. */
export interface ContentFiles {
  /** Markdown and YAML files. */
  texts: Map<string, string>;
  /** Everything else: content/static/** and images next to pages; a large one as the file (LargeFile). */
  assets: Map<string, AssetBytes>;
  /**
   * Markdown and YAML files that are not UTF-8, with the error parseContent reports. Kept beside the others (not
   * thrown while reading) so that every bad file is reported and one does not stop serve reading the rest of a save.
   */
  unreadable?: Map<string, Diagnostic>;
}

/** Markdown files: pages. */
export const MARKDOWN = /\.mdx?$/;

/**
 * Files besides pages larger than this stay on the disk (LargeFile) and are copied to the output from there: a site's
 * downloads (an APK, a video) cost no memory, whatever their size. Images pages show are far smaller, and are read.
 */
export const LARGE_FILE = 16 * 2 ** 20;

/** What decides which files of content/ are read, from the config (`publishDotfiles`). */
export interface ReadOptions {
  /**
   * Dot files and folders of content/static/ to read and publish anyway, by their path under it ('.well-known'). Every
   * other name that starts with a dot, anywhere under content/, is skipped: .git, .env, .DS_Store, an editor's
   * swap file are never content, and a clone or submodule's .git holds its remote's credentials.
   */
  publishDotfiles?: readonly string[];
  /** Leave content/versioned/ unread: the older docs versions are not built (`egdocs serve --current-version-only`). */
  currentVersionOnly?: boolean;
}

/**
 * Reads every file under content/, in sorted order: markdown and YAML as text, the rest as bytes. A folder or file
 * that cannot be read, or that goes away while the build reads it, stops the build naming it: read as nothing, it
 * would quietly become a site with pages missing.
 */
export async function readContentFiles(
  root: string,
  options: ReadOptions = {},
  pace: Pace = UNPACED,
): Promise<ContentFiles> {
  const files: ContentFiles = { texts: new Map(), assets: new Map(), unreadable: new Map() };
  const contentDir = path.join(root, 'content');
  await assertContentFolder(contentDir, root);
  const rels = await listFiles(contentDir, await scopeOf(root, options));
  // One file after another, synchronously, in sorted order (so the first problem is the same on every run). The
  // files are small and usually in the page cache (as after a checkout): a read is a few system calls, and the
  // promise API's round trips through the thread pool cost several times that (10,000 docs: 650-850 ms in batches of
  // 128 reads at once, 135-170 ms one by one).
  for (const rel of rels) {
    // A cold disk takes seconds over 30,000 files: the build may stop between two (pace.ts).
    if (pace.due()) await pace.turn();
    store(files, rel, readOne(contentDir, rel, root));
  }
  await hashLargeFiles(files);
  return files;
}

/**
 * The bytes of the file `rel` of content/, or the file itself when it is large and no text (see LARGE_FILE). An error
 * names the file: one with no path of its own (a file too large for a buffer) too.
 */
function readOne(contentDir: string, rel: string, root: string): Buffer | LargeFile {
  const full = path.join(contentDir, rel);
  let fd: number | undefined;
  try {
    fd = openSync(full, 'r');
    const info = fstatSync(fd);
    if (info.size > LARGE_FILE && !isPageText(rel))
      return { from: full, size: info.size, key: `${info.size}-${info.mtimeMs}-${info.ino}` };
    return readFileSync(fd);
  } catch (error) {
    (error as NodeJS.ErrnoException).path ??= full;
    return unreadable(error as NodeJS.ErrnoException, root);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Hashes, reading them in pieces, the large files whose output name carries a hash of their bytes: those outside
 * content/static/ (content/assets.ts). Their key is then that hash, as for the bytes of a small file.
 */
async function hashLargeFiles(files: ContentFiles): Promise<void> {
  for (const [file, bytes] of files.assets) {
    if (bytes instanceof Uint8Array || file.startsWith('content/static/') || bytes.hash) continue;
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(bytes.from)) hash.update(chunk as Buffer);
    const hex = hash.digest('hex');
    files.assets.set(file, { ...bytes, key: hex, hash: hex.slice(0, 8) });
  }
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
    ERR_FS_FILE_TOO_LARGE: 'a markdown or YAML file cannot be larger than 2 GiB',
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
export async function updateContentFiles(
  files: ContentFiles,
  root: string,
  changed: Iterable<string>,
  options: ReadOptions = {},
): Promise<void> {
  const contentDir = path.join(root, 'content');
  const scope = await scopeOf(root, options);
  for (const changedPath of changed) {
    const rel = path.relative(contentDir, path.resolve(root, changedPath)).split(path.sep).join('/');
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    // A dot file or folder (an editor's swap file, a .git) is not content: nothing to read or forget.
    if (rel !== '' && rel.split('/').some((_, at, all) => skipped(scope, all.slice(0, at + 1).join('/')))) continue;
    const prefix = rel === '' ? 'content/' : `content/${rel}/`;
    // Whatever was at this path (a file, or a folder's files) goes; whatever is there now comes back.
    for (const map of [files.texts, files.assets, files.unreadable ?? new Map()] as Map<string, unknown>[]) {
      for (const key of [...map.keys()]) if (key === `content/${rel}` || key.startsWith(prefix)) map.delete(key);
    }
    const full = path.join(contentDir, rel);
    const info = await stat(full).catch(() => undefined);
    // What is read must stay in the project, whichever way it is reached: the changed path itself may be a link, or lie
    // in a linked folder (a link out is an error naming it, as in a full read).
    if (info) await assertWithin(scope, full, rel);
    // A folder gone again since the event (deleted while serve was catching up) has nothing to list.
    const found = info?.isDirectory()
      ? (await listFiles(full, scope, rel)).map((inner) => (rel ? `${rel}/${inner}` : inner))
      : info?.isFile()
        ? [rel]
        : [];
    for (const name of found) {
      // Gone again since the listing (deleted while serve was catching up): nothing to read.
      let bytes: Buffer | LargeFile | undefined;
      try {
        bytes = readOne(contentDir, name, root);
      } catch {
        continue;
      }
      store(files, name, bytes);
    }
  }
  await hashLargeFiles(files);
}

function store(files: ContentFiles, rel: string, bytes: Buffer | LargeFile): void {
  const file = `content/${rel}`;
  if (!isPageText(rel) || !(bytes instanceof Uint8Array)) {
    files.assets.set(file, bytes);
    return;
  }
  const text = decodeUtf8(bytes);
  if (text !== undefined) files.texts.set(file, text);
  else (files.unreadable ??= new Map()).set(file, describeInvalidUtf8(bytes, file));
}

/** Markdown and YAML outside content/static/: pages and their data, read as text. */
const isPageText = (file: string) => (MARKDOWN.test(file) || /\.ya?ml$/.test(file)) && !file.startsWith('static/');

/**
 * Whether the file at `file` (from the project root: `content/…`) is in ContentFiles' texts, rather than its assets.
 * Any other file is bytes, which a code include (markdown/code-include.ts) decodes as UTF-8 itself.
 */
export const readAsText = (file: string) => file.startsWith('content/') && isPageText(file.slice('content/'.length));

/**
 * Where reading may go: the project (or content/, when content/ itself is a link to elsewhere) and the dot files the
 * config names. Real paths, so that links are judged by where they lead.
 */
interface ReadScope {
  root: string;
  /** The real folders a link may lead into. */
  within: string[];
  /** Paths under content/ ('static/.well-known') of the dot files and folders to read. */
  dotfiles: string[];
  /** content/versioned/ is left out (ReadOptions.currentVersionOnly). */
  currentVersionOnly: boolean;
}

async function scopeOf(root: string, options: ReadOptions): Promise<ReadScope> {
  const real = (folder: string) => realpath(folder).catch(() => path.resolve(folder));
  const within = [await real(root), await real(path.join(root, 'content'))];
  const dotfiles = (options.publishDotfiles ?? []).map((name) => `static/${name.replace(/^\/+|\/+$/g, '')}`);
  return { root, within, dotfiles, currentVersionOnly: options.currentVersionOnly === true };
}

/**
 * Whether the entry at `rel` (under content/) is left out: its name starts with a dot and it is not named by the
 * config, nor a folder on the way to one that is; or it is content/versioned/ and only the current version is read.
 */
function skipped(scope: ReadScope, rel: string): boolean {
  return (scope.currentVersionOnly && rel === 'versioned') || hiddenDot(scope, rel);
}

/** Whether `rel` is a dot file or folder the config does not name (see skipped). */
function hiddenDot(scope: ReadScope, rel: string): boolean {
  if (!path.posix.basename(rel).startsWith('.')) return false;
  return !scope.dotfiles.some((named) => named === rel || rel.startsWith(`${named}/`) || named.startsWith(`${rel}/`));
}

/**
 * Files under `dir` (`rel` under content/), relative to it, sorted. A folder that cannot be listed is an error naming
 * it (see unreadable). Dot files and folders are left out (see ReadOptions). Symbolic links are followed, as a reader
 * of the folder would expect (docs shared between folders of a repository are often linked in), as long as they
 * stay in the project: a link that leads out of it (to /proc/self/environ, /etc, ~/.ssh) would publish what it
 * finds there, so it is an error naming the link, as is one that leads nowhere or to a folder that holds it.
 */
async function listFiles(dir: string, scope: ReadScope, rel = ''): Promise<string[]> {
  const { root } = scope;
  const found: string[] = [];
  // One folder at a time, in name order: the first problem found is the same on every run. `ancestors` are the real
  // paths of the folders being listed, for telling a link that loops back.
  const visit = async (folder: string, within: string, ancestors: string[]): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) =>
      unreadable(error, root),
    );
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(folder, entry.name);
      const name = within ? `${within}/${entry.name}` : entry.name;
      if (skipped(scope, rel ? `${rel}/${name}` : name)) continue;
      if (entry.isFile()) found.push(name);
      else if (entry.isDirectory()) await visit(full, name, [...ancestors, path.join(ancestors.at(-1)!, entry.name)]);
      else if (entry.isSymbolicLink()) {
        const target = await followLink(full, root);
        const real = await assertWithin(scope, full, rel ? `${rel}/${name}` : name);
        if (target.isFile()) found.push(name);
        else if (target.isDirectory()) {
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
  await visit(dir, '', [await realpath(dir).catch((error: NodeJS.ErrnoException) => unreadable(error, root))]);
  return found.sort();
}

/**
 * The real path of `full` (`rel` under content/), which must lie in the project, and not in a dot file or folder
 * that is not read (a link to the project's own .git or .env): an error naming the link that leads there, if not.
 */
async function assertWithin(scope: ReadScope, full: string, rel: string): Promise<string> {
  const real = await realpath(full).catch((error: NodeJS.ErrnoException) => unreadable(error, scope.root));
  const [project, content] = scope.within;
  const under = (folder: string) => real === folder || real.startsWith(folder + path.sep);
  const hidden = (parts: string[], skip: (prefix: string) => boolean) =>
    parts.some((_, at) => skip(parts.slice(0, at + 1).join('/')));
  // Under content/, a dot file is read when the config names it; elsewhere in the project, never.
  const problem = under(content)
    ? hidden(path.relative(content, real).split(path.sep).filter(Boolean), (prefix) => hiddenDot(scope, prefix)) &&
      'a dot file or folder, which egdocs does not read'
    : under(project)
      ? hidden(path.relative(project, real).split(path.sep), (prefix) => path.posix.basename(prefix).startsWith('.')) &&
        'a dot file or folder, which egdocs does not read'
      : 'outside the project';
  if (!problem) return real;
  const link = await firstLinkOn(full, rel, scope.root);
  fail(
    'content',
    `is a symbolic link to ${await readlink(link).catch(() => real)}, ${problem} (${real})`,
    { file: relativeTo(scope.root, link) },
    "egdocs reads and publishes only the project's own files, and none of its dot files: copy the file into content/, or point the link at a file or folder there",
  );
}

/** The symbolic link on the way from content/ to `full` (`rel` under content/), to name it in an error. */
async function firstLinkOn(full: string, rel: string, root: string): Promise<string> {
  const contentDir = path.join(root, 'content');
  const parts = rel.split('/');
  for (let at = 1; at <= parts.length; at++) {
    const candidate = path.join(contentDir, ...parts.slice(0, at));
    if ((await lstat(candidate).catch(() => undefined))?.isSymbolicLink()) return candidate;
  }
  return full;
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
