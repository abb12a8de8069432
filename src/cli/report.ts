// Printing: diagnostics grouped by file, the build summary, a failed build, and serve's terminal. Formatting lives
// here, not in the stages.
import path from 'node:path';
import {
  detailLines,
  diagnosticsOf,
  failedBuildTitle,
  formatDiagnostic,
  sortDiagnostics,
  type Diagnostic,
  type Location,
} from '../shared/model/diagnostics.ts';
import type { RunRecord } from '../build/record.ts';
import type { GoodBuild, ServeReport } from '../serve/dev.ts';

/** Prints each diagnostic on one line, severity first (build and serve). */
export function printDiagnostics(list: Diagnostic[], out: (line: string) => void = console.error): void {
  for (const line of diagnosticLines(list)) out(line);
}

/** Each diagnostic's line, severity first, and the lines under it (its source line, related places). */
function diagnosticLines(list: Diagnostic[]): string[] {
  return sortDiagnostics(list).flatMap((d) => [
    `${d.severity}  ${formatDiagnostic(d)}`,
    ...detailLines(d).map((line) => `    ${line}`),
  ]);
}

/** What a failed build means for each command, said after its title ("Build failed with 1 error; …"). */
export const FAILED = {
  build: 'nothing was written',
  check: 'nothing was checked',
  serve: 'the server keeps running and rebuilds on the next save',
  serveStart: 'the server did not start',
} as const;

/**
 * A failed build as build, check and serve print it: each error with the lines under it, then the title and what the
 * failure means for the command. Only the errors: a build stops after the step that found them, so its warnings are
 * those of the steps before, and the next good build lists them all. A file-system error is its one line of advice
 * (which says the previous output is unchanged); any other error, a bug, is its stack.
 */
export function failureLines(error: unknown, consequence: string): string[] {
  const diagnostics = diagnosticsOf(error);
  if (diagnostics) return failedBuildLines(diagnostics, consequence);
  const advice = describeFsError(error);
  if (advice) return [advice];
  return [stackOf(error), '', `Build failed; ${consequence}`];
}

/** A failed build's diagnostics as failureLines prints them. */
function failedBuildLines(list: Diagnostic[], consequence: string): string[] {
  const errors = list.filter((d) => d.severity === 'error');
  return [...diagnosticLines(errors), '', `${failedBuildTitle(errors.length)}; ${consequence}`];
}

/**
 * Prints a problem that stopped a command that builds nothing (`serve --dir`, `docs:version`): its diagnostics, or
 * the file-system error's advice, or the error's stack.
 */
export function printProblem(error: unknown): void {
  const diagnostics = diagnosticsOf(error);
  if (diagnostics) printDiagnostics(diagnostics);
  else console.error(describeFsError(error) ?? stackOf(error));
}

const stackOf = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * `egdocs serve`'s terminal (src/serve/dev.ts): after each good build the warnings it added and those it resolved
 * since the last good build (every warning of the first), and how long a rebuild took; a failed build as the other
 * commands print one.
 */
export const serveReport: ServeReport = {
  built(build, out) {
    printDiagnostics(build.added, out);
    for (const d of sortDiagnostics(build.resolved)) out(`resolved: ${formatDiagnostic(d)}`);
    if (build.rebuild) out(rebuiltLine(build));
  },
  failed(error, out) {
    for (const line of failureLines(error, FAILED.serve)) out(line);
  },
};

/** "rebuilt in 35 ms (content/docs/a.md): 1 page and 2 routes rendered", the files left out when none is named. */
export function rebuiltLine({ fixed, ms, changed, pages, routes }: GoodBuild): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const files = changed.length > 0 ? ` (${changed.join(', ')})` : '';
  return `${fixed ? 'fixed; ' : ''}rebuilt in ${Math.round(ms)} ms${files}: ${plural(pages, 'page')} and ${plural(routes, 'route')} rendered`;
}

/** One line per page kind, then warnings and time. */
export function summary({ kinds, diagnostics }: RunRecord, ms: number, outDir: string, unchanged = false): string {
  const routes = kinds.reduce((sum, [, count]) => sum + count, 0);
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  // Kinds are ASCII names: compared by code unit, which needs no ICU collator (its first use costs 15 ms).
  const parts = [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([kind, count]) => `${count} ${kind}`);
  return [
    `Built ${routes} pages (${parts.join(', ')}) into ${outDir}`,
    `${warnings} warning${warnings === 1 ? '' : 's'}, ${Math.round(ms)} ms${unchanged ? UNCHANGED_BUILD : ''}`,
  ].join('\n');
}

/** What a build adds to its summary when nothing changed since the last one (build/record.ts). */
const UNCHANGED_BUILD = ': nothing changed since the last build, whose output is in place';

/** What `egdocs check` prints last when nothing changed since the last check, whose findings it gave again. */
export const UNCHANGED_CHECK = 'Nothing changed since the last check: these are its findings.';

/**
 * `--timings`: where a build's time went, one line: loading the config, each step of the pipeline, writing the
 * output. Node's start and module loading are the rest of the process's time.
 */
export function timingsLine(steps: { step: string; ms: number }[]): string {
  return `Timings (ms): ${steps.map(({ step, ms }) => `${step} ${Math.round(ms)}`).join(', ')}`;
}

/** What to do about each file-system error a build can meet, by its code. */
const FS_ADVICE: Record<string, [what: string, fix: string]> = {
  EACCES: ['permission denied', "check the folder's permissions (ls -l), or build somewhere else with -o <dir>"],
  EPERM: ['operation not permitted', "check the folder's permissions (ls -l), or build somewhere else with -o <dir>"],
  EROFS: ['the file system is read-only', 'build into a writable folder with -o <dir>'],
  ENOSPC: ['no space left on the disk', 'free some space and build again'],
  EDQUOT: ['the disk quota is used up', 'free some space and build again'],
  EMFILE: ['too many open files', 'raise the limit (ulimit -n) and build again'],
  ENFILE: ['too many open files on the system', 'close some programs and build again'],
  ENOTDIR: ['a file stands where a folder is needed', 'move the file away, or build somewhere else with -o <dir>'],
  EISDIR: ['a folder stands where a file is needed', 'move the folder away, or build somewhere else with -o <dir>'],
  EBUSY: [
    'the path is in use, or is a mount point',
    'close the program holding it and build again; a mount point (a container volume) cannot be replaced, so build into a folder inside it',
  ],
  ENOTEMPTY: ['another program filled the folder during the build', 'wait for it (another build?) and build again'],
  ENAMETOOLONG: ['the path is too long', 'build into a folder with a shorter path with -o <dir>'],
};

/**
 * A file-system error (writing the output, reading a file) as one line a person can act on: the path, what went
 * wrong, what to do, and that the previous output is untouched. Undefined for any other error (its stack is printed).
 */
export function describeFsError(error: unknown): string | undefined {
  const { code, path: where, dest } = fsErrorIn(error) ?? {};
  const advice = code ? FS_ADVICE[code] : undefined;
  if (!advice) return undefined;
  const target = dest ?? where;
  const shown = target === undefined ? undefined : path.relative(process.cwd(), target) || '.';
  const what = shown === undefined ? '' : ` ${shown.startsWith('..') ? target : shown}`;
  return `error  cannot write${what}: ${advice[0]} (${code}); ${advice[1]}. The previous output is unchanged.`;
}

/** What went wrong, in words, for a file-system error of a code FS_ADVICE knows (`egdocs init` says its own fix). */
export function fsErrorReason(error: unknown): string | undefined {
  const code = fsErrorIn(error)?.code;
  return code ? FS_ADVICE[code]?.[0] : undefined;
}

/** The file-system error behind `error`: itself, or its cause (a pipeline step wraps what it throws with its name). */
function fsErrorIn(error: unknown): (NodeJS.ErrnoException & { dest?: string }) | undefined {
  for (let current = error, depth = 0; current && depth < 4; current = (current as Error).cause, depth++) {
    const candidate = current as NodeJS.ErrnoException;
    // A system error: its code is one of FS_ADVICE's (ENOSPC from a write call carries no path).
    if (typeof candidate.code === 'string' && typeof candidate.syscall === 'string') return candidate;
  }
  return undefined;
}

/** Output formats of `egdocs check`. */
export type CheckFormat = 'text' | 'json' | 'github';

/**
 * `egdocs check`'s report of a build's diagnostics (a failed build's errors among them): text grouped by file with a
 * summary line (a failed build as failureLines tells it), a JSON array, or GitHub workflow annotations. `githubPath`
 * maps a file to the path GitHub knows it by.
 */
export function checkReport(
  list: Diagnostic[],
  format: CheckFormat,
  githubPath: (file: string) => string = (file) => file,
): string {
  const sorted = sortDiagnostics(list);
  if (format === 'json') return JSON.stringify(sorted.map(jsonOf), null, 2);
  if (format === 'github')
    return [...sorted.flatMap((d) => annotations(d, githubPath)), checkSummary(sorted)].join('\n');
  // A failed build is told as build and serve tell it.
  if (sorted.some((d) => d.severity === 'error')) return failedBuildLines(sorted, FAILED.check).join('\n');
  const lines: string[] = [];
  let file: string | undefined | null = null;
  for (const d of sorted) {
    if (d.location?.file !== file) {
      file = d.location?.file;
      lines.push(...(lines.length > 0 ? [''] : []), file ?? '(site)');
    }
    lines.push(`  ${formatDiagnostic(d)}`);
    lines.push(...detailLines(d).map((line) => `      ${line}`));
  }
  return [...lines, ...(lines.length > 0 ? [''] : []), checkSummary(sorted)].join('\n');
}

/** "3 warnings in 2 files", or that nothing was found, or a failed build's title (as failureLines ends). */
function checkSummary(list: Diagnostic[]): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = list.filter((d) => d.severity === 'error').length;
  if (errors > 0) return `${failedBuildTitle(errors)}; ${FAILED.check}`;
  const files = new Set(list.flatMap((d) => (d.location ? [d.location.file] : []))).size;
  const where = files > 0 ? ` in ${count(files, 'file')}` : '';
  return list.length > 0 ? `${count(list.length, 'warning')}${where}` : 'No broken links, anchors or images.';
}

/** The same fields in the same order for every diagnostic, whichever stage made it; related places when it has any. */
function jsonOf(d: Diagnostic): Diagnostic {
  const where = (location: Location) => ({
    file: location.file,
    line: location.line,
    column: location.column,
    lineText: location.lineText,
  });
  const related = d.related?.map((r) => ({ message: r.message, location: where(r.location) }));
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    location: d.location && where(d.location),
    hint: d.hint,
    related,
  };
}

/**
 * Workflow commands: `::warning file=F,line=L,col=C,title=T::message`, escaped as the runner expects, and a notice at
 * each related place, so the other file of a duplicate route is marked in the pull request too.
 */
function annotations(d: Diagnostic, githubPath: (file: string) => string): string[] {
  const command = (level: string, location: Location | undefined, title: string, text: string) => {
    const properties: [string, string | number | undefined][] = location
      ? [
          ['file', githubPath(location.file)],
          ['line', location.line],
          ['col', location.line ? location.column : undefined],
        ]
      : [];
    properties.push(['title', title]);
    const written = properties
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
    return `::${level} ${written.join(',')}::${escapeData(text)}`;
  };
  return [
    command(d.severity, d.location, `egdocs ${d.code}`, d.hint ? `${d.message}; ${d.hint}` : d.message),
    ...(d.related ?? []).map((r) => command('notice', r.location, `egdocs ${d.code}`, `${r.message}: ${d.message}`)),
  ];
}

/** Message text of a workflow command: '%', CR and LF would end or garble it. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: also ':' and ',', which separate properties. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
