// When each content file last changed, and who changed it, from git: one `git log` over the content folder, read
// once, instead of a process per page (a thousand pages would be a thousand processes). Dates come from commits,
// never the clock, so two builds of one commit are identical. A shallow clone (CI's usual checkout) has lost the
// older commits, so every file would seem changed by the newest one: then no dates at all, and a warning, rather
// than wrong ones. Files not committed yet have no date.
//
// git runs in the content folder, so the repository asked is the one holding it: the project's, or content/'s own
// when it is a submodule (whose files the project's log names only as one entry, the submodule itself).
//
// The history read is kept under the commit checked out (a build from the disk in `store`, serve in `memo`): git's
// answer depends on nothing else, and the commit is read from .git's files without starting git, which took 45 ms of
// a 0.5 s build and 8 ms of each save under serve. When git gives no answer (it is not installed, it refuses the
// repository), nothing is kept: that is put right without a new commit, and the next build must ask again.
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readStore, writeStore } from '../incremental/build-store.ts';
import type { Diagnostics, Location } from '../shared/model/diagnostics.ts';

const run = promisify(execFile);

/** The newest commit of a file: its author date (YYYY-MM-DD, in the author's time zone) and author's name. */
export interface FileUpdate {
  date: string;
  author: string;
}

/** What the history step found. */
export interface GitHistory {
  /** Each committed file's last update, by its path from the project root. */
  updates: Map<string, FileUpdate>;
  /**
   * Whether git answered (with dates, or that the clone is shallow): both follow from the commit checked out. False
   * when it could not be asked or refused (not installed, not a repository, "dubious ownership"), which is put right
   * without changing any input of the build: such a build is not one to report again (build/record.ts).
   */
  answered: boolean;
}

// Separators git will not find in a date or a name: record (commit) and unit (field). With -z, git ends the header
// and each file name with a NUL and writes names as they are (without -z, a name with a quote, a tab or a newline
// comes quoted and escaped, and matched no file).
const COMMIT = '\x1e';
const FIELD = '\x1f';

/**
 * Last update of every committed file under `folder` (paths relative to `root`, as Source.file has them). Problems
 * (no git, not a repository, a shallow clone) are one warning at `at`, and no dates.
 */
export async function readGitHistory(
  root: string,
  diagnostics: Diagnostics,
  {
    folder = 'content',
    at,
    store,
    memo,
  }: { folder?: string; at?: Location; store?: string; memo?: Map<string, KeptHistory> } = {},
): Promise<GitHistory> {
  const shallowWarning = () =>
    diagnostics.warn(
      'git-history',
      'the git history is shallow (a clone with --depth), so last-updated dates would be wrong: none are shown',
      at,
      'clone with the whole history (actions/checkout: fetch-depth: 0), or run git fetch --unshallow',
    );
  const head = await historyCommit(root, folder);
  if (head === NO_REPOSITORY) {
    noRepository(diagnostics, at);
    return { updates: new Map(), answered: false };
  }
  const key = head && (store || memo) && JSON.stringify([head, path.resolve(root), folder]);
  const kept = key ? (memo?.get(key) ?? (store ? await readStore<KeptHistory>(store, key) : undefined)) : undefined;
  if (kept) {
    if (kept.shallow) shallowWarning();
    return { updates: new Map(kept.updates), answered: true };
  }
  const history = await askGit(root, diagnostics, folder, at, shallowWarning);
  if (!history) return { updates: new Map(), answered: false };
  if (key) {
    const value = { shallow: history.shallow, updates: [...history.updates] };
    memo?.clear();
    memo?.set(key, value);
    if (store) await writeStore(store, key, value);
  }
  return { updates: history.updates, answered: true };
}

/**
 * The commit the history of `folder` is read at (see checkedOut): of content/'s own repository when it is a
 * submodule, else of the project's. The build record keys it too.
 */
export function historyCommit(root: string, folder = 'content'): Promise<string | undefined> {
  return checkedOut(path.join(root, folder));
}

/** A history as kept, in memory (serve's `memo`) or on the disk (`store`), under the commit it was read at. */
export interface KeptHistory {
  shallow: boolean;
  updates: [string, FileUpdate][];
}

/** The history from git itself; undefined (and a warning) when git cannot give it. */
async function askGit(
  root: string,
  diagnostics: Diagnostics,
  folder: string,
  at: Location | undefined,
  shallowWarning: () => void,
): Promise<{ shallow: boolean; updates: Map<string, FileUpdate> } | undefined> {
  // -C: in the content folder, so that the repository holding it answers (see the top of this file).
  const git = (...args: string[]) => run('git', ['-C', folder, ...args], { cwd: root, maxBuffer: 256 * 2 ** 20 });
  try {
    const { stdout: shallow } = await git('rev-parse', '--is-shallow-repository');
    if (shallow.trim() === 'true') {
      shallowWarning();
      return { shallow: true, updates: new Map() };
    }
    // --relative: paths from the content folder, and only the files in it.
    const { stdout } = await git(
      'log',
      `--format=${COMMIT}%aI${FIELD}%an`,
      '--name-only',
      '--relative',
      '-z',
      '--',
      '.',
    );
    return { shallow: false, updates: parseGitLog(stdout, folder) };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    if (!missing && /not a git repository/i.test(stderr)) {
      noRepository(diagnostics, at);
      return undefined;
    }
    // git 2.35.2 and later refuse a repository another user owns, and say how to allow it.
    const safe = /git config --global --add safe\.directory .*/.exec(stderr)?.[0];
    if (!missing && /dubious ownership/i.test(stderr)) {
      diagnostics.warn(
        'git-history',
        'git refuses to read the repository (dubious ownership: another user owns it), so docs have no last-updated dates',
        at,
        `if you trust it, allow it: ${safe ?? 'git config --global --add safe.directory <folder>'}`,
      );
      return undefined;
    }
    diagnostics.warn(
      'git-history',
      missing
        ? 'git is not installed, so docs have no last-updated dates'
        : `git log failed, so docs have no last-updated dates: ${stderr || (error as Error).message}`,
      at,
      HINT,
    );
    return undefined;
  }
}

const HINT = 'turn docs.showLastUpdateTime off, or build from a full clone (git fetch --unshallow)';

function noRepository(diagnostics: Diagnostics, at: Location | undefined): void {
  diagnostics.warn(
    'git-history',
    'the project is not in a git repository, so docs have no last-updated dates',
    at,
    HINT,
  );
}

/** What checkedOut says of a folder with no .git in it or above it (and no GIT_DIR): git is not started for it. */
const NO_REPOSITORY = 'no repository';

/**
 * The folder of the repository holding `dir` (the nearest folder from `dir` up with a `.git` in it: a folder, or a file
 * in a worktree or a submodule), or undefined when there is none.
 */
export async function repositoryRoot(dir: string): Promise<string | undefined> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (await stat(path.join(at, '.git')).catch(() => undefined)) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * The commit checked out in the repository holding `root`, and whether the clone is shallow, read from .git's files;
 * NO_REPOSITORY when there is none; undefined when they are not as expected (a layout this does not know), and git
 * is asked instead.
 */
export async function checkedOut(root: string): Promise<string | undefined> {
  try {
    const dir = await repositoryRoot(root);
    if (dir === undefined) return process.env.GIT_DIR ? undefined : NO_REPOSITORY;
    const dotGit = path.join(dir, '.git');
    // A worktree or a submodule: .git is a file naming the folder.
    const gitDir = (await stat(dotGit)).isFile()
      ? path.resolve(dir, /^gitdir: (.*)$/m.exec(await readFile(dotGit, 'utf8'))![1].trim())
      : dotGit;
    const common = await readFile(path.join(gitDir, 'commondir'), 'utf8').then(
      (text) => path.resolve(gitDir, text.trim()),
      () => gitDir,
    );
    const headText = (await readFile(path.join(gitDir, 'HEAD'), 'utf8')).trim();
    const ref = /^ref: (.+)$/.exec(headText)?.[1];
    let commit = ref ? undefined : headText;
    for (const folder of ref ? [gitDir, common] : []) {
      commit ??= await readFile(path.join(folder, ref!), 'utf8').then(
        (text) => text.trim(),
        () => undefined,
      );
      commit ??= await readFile(path.join(folder, 'packed-refs'), 'utf8').then(
        (text) => new RegExp(`^([0-9a-f]{40,64}) ${ref!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(text)?.[1],
        () => undefined,
      );
    }
    if (!commit || !/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
    const shallow = await readFile(path.join(common, 'shallow'), 'utf8').catch(() => '');
    return `${commit} ${shallow.trim()}`;
  } catch {
    return undefined;
  }
}

/**
 * Reads `git log --format=<RS>%aI<US>%an --name-only -z` output, run in `folder`: each commit's header ends with a
 * NUL, then comes a newline, then each file name (from `folder`) ends with a NUL. Commits come newest first, so the
 * first commit that names a file is its last update. Names are given from the project root (`folder/...`).
 */
export function parseGitLog(log: string, folder = 'content'): Map<string, FileUpdate> {
  const updates = new Map<string, FileUpdate>();
  let update: FileUpdate | undefined;
  let afterHeader = false;
  for (const field of log.split('\0')) {
    // Only the first name after a header has git's newline before it: a name of its own may start with one.
    const entry: string = afterHeader && field.startsWith('\n') ? field.slice(1) : field;
    afterHeader = entry.startsWith(COMMIT);
    if (afterHeader) {
      const [date, author = ''] = entry.slice(1).split(FIELD);
      update = { date: date.slice(0, 10), author };
    } else if (entry && update) {
      const file = `${folder}/${entry}`;
      if (!updates.has(file)) updates.set(file, update);
    }
  }
  return updates;
}
