// Diagnostics are data: every stage pushes to one list, and printing is separate (see formatDiagnostic).

// Suggestions live in suggest.ts; stages that report a problem import them from here with the rest.
export { didYouMean } from './suggest.ts';

/** Where a diagnostic points: a file, and a 1-based line and column when known. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
  /** The text of that line of the file (filled in by the build from the sources it read), for printing under it. */
  lineText?: string;
}

/** Another place a diagnostic involves: the other file of a duplicate route, the page that includes a file. */
export interface Related {
  message: string;
  location: Location;
}

export type DiagnosticCode =
  | 'broken-link'
  | 'broken-markdown-link'
  | 'broken-anchor'
  | 'missing-image'
  | 'missing-file'
  | 'duplicate-route'
  | 'unclosed-fence'
  | 'content'
  | 'config'
  | 'render'
  | 'template'
  | 'budget'
  | 'search-query'
  | 'search-queries-file'
  | 'output'
  | 'git-history';

/** A warning or error, with where it comes from and how to fix it. */
export interface Diagnostic {
  severity: 'warning' | 'error';
  code: DiagnosticCode;
  message: string;
  location?: Location;
  /** A suggested fix ("did you mean ...?"). */
  hint?: string;
  /** The source lines around the location, with a caret under the column (see codeFrame), printed below the message. */
  frame?: string;
  /** Other places involved, each printed below the diagnostic as a note. */
  related?: Related[];
}

/** The one list every stage reports into. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];

  warn(code: DiagnosticCode, message: string, location?: Location, hint?: string, related?: Related[]): void {
    this.items.push({ severity: 'warning', code, message, location, hint, ...(related?.length ? { related } : {}) });
  }

  error(code: DiagnosticCode, message: string, location?: Location, hint?: string, related?: Related[]): void {
    this.items.push({ severity: 'error', code, message, location, hint, ...(related?.length ? { related } : {}) });
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'warning');
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }
}

/**
 * The one error type: a build (or a step before it: loading the config, guarding the output folder) that stopped,
 * carrying every diagnostic that explains why. A pipeline failure has a summary ("Build failed with 2 errors");
 * a single problem found before the pipeline is its own message.
 */
export class BuildFailed extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly summary?: string,
  ) {
    super(summary ?? diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'BuildFailed';
  }

  /** The first error, for callers that report one problem. */
  get diagnostic(): Diagnostic {
    return this.diagnostics.find((d) => d.severity === 'error') ?? this.diagnostics[0];
  }
}

/** How a failed build is named wherever it is told (the terminal of build, check and serve, serve's overlay). */
export function failedBuildTitle(errors: number): string {
  return `Build failed with ${errors} error${errors === 1 ? '' : 's'}`;
}

/** The diagnostics a failed build carries, or undefined for any other error. */
export function diagnosticsOf(error: unknown): Diagnostic[] | undefined {
  return error instanceof BuildFailed ? error.diagnostics : undefined;
}

/** Stops with one problem, where nothing after it can go on (the config cannot load, the output folder is refused). */
export function fail(
  code: DiagnosticCode,
  message: string,
  location?: Location,
  hint?: string,
  related?: Related[],
): never {
  throw new BuildFailed([
    { severity: 'error', code, message, location, hint, ...(related?.length ? { related } : {}) },
  ]);
}

/** Fills in each location's line text from the files' texts (those it knows), so printers can show the line. */
export function withLineTexts(list: Diagnostic[], texts: ReadonlyMap<string, string>): void {
  const lines = new Map<string, string[]>();
  const fill = (location: Location | undefined) => {
    if (!location?.line || location.lineText !== undefined) return;
    const text = texts.get(location.file);
    if (text === undefined) return;
    if (!lines.has(location.file)) lines.set(location.file, text.split('\n'));
    const line = lines.get(location.file)![location.line - 1];
    if (line !== undefined) location.lineText = line.replace(/\r$/, '');
  };
  for (const d of list) {
    fill(d.location);
    for (const related of d.related ?? []) fill(related.location);
  }
}

/** "file:line:col  message (hint)", the one format every command prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? formatLocation(d.location) : '';
  const text = d.hint ? `${d.message}; ${d.hint}` : d.message;
  return where ? `${where}  ${text}` : text;
}

/** "file:line:col", as much of it as is known. */
export function formatLocation(location: Location): string {
  const column = location.line ? (location.column ?? 1) : undefined;
  return [location.file, location.line, column].filter((x) => x !== undefined).join(':');
}

/**
 * The lines printed under a diagnostic's first line: its frame, or its line's text with a caret under the column;
 * then each related location as a note with its own line. Every text printer (CLI, overlay) uses these.
 */
export function detailLines(d: Diagnostic): string[] {
  const out: string[] = [];
  const shown = d.frame ?? (d.location ? lineFrame(d.location) : undefined);
  if (shown) out.push(...shown.split('\n'));
  for (const related of d.related ?? []) {
    out.push(`note: ${formatLocation(related.location)}  ${related.message}`);
    const frame = lineFrame(related.location);
    if (frame) out.push(...frame.split('\n').map((line) => `  ${line}`));
  }
  return out;
}

/** A location's line text, numbered, with a caret under its column; undefined when the text is not known. */
function lineFrame(location: Location): string | undefined {
  if (location.lineText === undefined || !location.line) return undefined;
  return codeFrame(location.lineText, 1, location.column ?? 1, 0)
    ?.replace(/^\s*1 \|/, `${location.line} |`)
    .replace(/\n\s*\|/, `\n${' '.repeat(String(location.line).length)} |`);
}

/**
 * The line at `line` (1-based) and the `before` lines above it, numbered, with a caret under `column`:
 *
 *     3 |   title: 'T'
 *     4 |   url: 'https://t.dev',
 *       |   ^
 *
 * A parser notices a missing comma or bracket on the line after the slip, so the line before is shown too.
 */
export function codeFrame(text: string, line: number, column = 1, before = 1): string | undefined {
  const lines = text.split('\n');
  if (line < 1 || line > lines.length) return undefined;
  const first = Math.max(1, line - before);
  const width = String(line).length;
  const shown = lines
    .slice(first - 1, line)
    .map((content, i) => `${String(first + i).padStart(width)} | ${content.replace(/\r$/, '')}`);
  const caret = `${' '.repeat(width)} | ${lines[line - 1].slice(0, column - 1).replace(/[^\t]/g, ' ')}^`;
  return [...shown, caret].join('\n');
}

/** Stable order for printing: by file, line, column, then message. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.location?.file ?? '').localeCompare(b.location?.file ?? '') ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}
