// When each content file last changed, and who changed it, from git: one `git log` over the content folder, read
// once, instead of a process per page (a thousand pages would be a thousand processes). Dates come from commits,
// never the clock, so two builds of one commit are identical. A shallow clone (CI's usual checkout) has lost the
// older commits, so every file would seem changed by the newest one: then no dates at all, and a warning, rather
// than wrong ones. Files not committed yet have no date.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Diagnostics, Location } from '../diagnostics.ts';

const run = promisify(execFile);

/** The newest commit of a file: its author date (YYYY-MM-DD, in the author's time zone) and author's name. */
export interface FileUpdate {
  date: string;
  author: string;
}

// Separators git will not find in a name or a date: record (commit) and unit (field).
const COMMIT = '\x1e';
const FIELD = '\x1f';

/**
 * Last update of every committed file under `folder` (paths relative to `root`, as Source.file has them). Problems
 * (no git, not a repository, a shallow clone) are one warning at `at`, and no dates.
 */
export async function readGitHistory(
  root: string,
  diagnostics: Diagnostics,
  { folder = 'content', at }: { folder?: string; at?: Location } = {},
): Promise<Map<string, FileUpdate>> {
  const git = (...args: string[]) => run('git', args, { cwd: root, maxBuffer: 256 * 2 ** 20 });
  const hint = 'turn docs.showLastUpdateTime off, or build from a full clone (git fetch --unshallow)';
  try {
    const { stdout: shallow } = await git('rev-parse', '--is-shallow-repository');
    if (shallow.trim() === 'true') {
      diagnostics.warn(
        'git-history',
        'the git history is shallow (a clone with --depth), so last-updated dates would be wrong: none are shown',
        at,
        'clone with the whole history (actions/checkout: fetch-depth: 0), or run git fetch --unshallow',
      );
      return new Map();
    }
    // --relative: paths from `root` (the project may sit in a folder of its repository), and only the files in it.
    // core.quotePath=false: names outside ASCII as they are, not as "\303\274" escapes.
    const { stdout } = await git(
      '-c',
      'core.quotePath=false',
      'log',
      `--format=${COMMIT}%aI${FIELD}%an`,
      '--name-only',
      '--relative',
      '--',
      folder,
    );
    return parseGitLog(stdout);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    diagnostics.warn(
      'git-history',
      missing
        ? 'git is not installed, so docs have no last-updated dates'
        : /not a git repository/i.test(stderr)
          ? 'the project is not in a git repository, so docs have no last-updated dates'
          : `git log failed, so docs have no last-updated dates: ${stderr || (error as Error).message}`,
      at,
      hint,
    );
    return new Map();
  }
}

/**
 * Reads `git log --format=<RS>%aI<US>%an --name-only` output. Commits come newest first, so the first commit that
 * names a file is its last update.
 */
export function parseGitLog(log: string): Map<string, FileUpdate> {
  const updates = new Map<string, FileUpdate>();
  for (const commit of log.split(COMMIT)) {
    const [header, ...files] = commit.split('\n');
    const [date, author] = header.split(FIELD);
    if (!date || author === undefined) continue;
    for (const file of files) if (file && !updates.has(file)) updates.set(file, { date: date.slice(0, 10), author });
  }
  return updates;
}
