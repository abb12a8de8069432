// Diagnostics are data: every stage pushes to one list, and printing is separate (see formatDiagnostic).

// Suggestions live in suggest.ts; stages that report a problem import them from here with the rest.
export { didYouMean } from './suggest.ts';

/** Where a diagnostic points: a file, and a 1-based line and column when known. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
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
  | 'output';

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
}

/** The one list every stage reports into. */
export class Diagnostics {
  readonly items: Diagnostic[] = [];

  warn(code: DiagnosticCode, message: string, location?: Location, hint?: string): void {
    this.items.push({ severity: 'warning', code, message, location, hint });
  }

  error(code: DiagnosticCode, message: string, location?: Location, hint?: string): void {
    this.items.push({ severity: 'error', code, message, location, hint });
  }

  get warnings(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'warning');
  }

  get errors(): Diagnostic[] {
    return this.items.filter((d) => d.severity === 'error');
  }
}

/** An error that stops the build, carrying the diagnostic that explains it. */
export class BuildError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(formatDiagnostic(diagnostic));
    this.name = 'BuildError';
  }
}

/** The diagnostics a failed build carries (BuildFailed: every one; BuildError: its one), or undefined for another error. */
export function diagnosticsOf(error: unknown): Diagnostic[] | undefined {
  const many = (error as { diagnostics?: Diagnostic[] } | undefined)?.diagnostics;
  const one = (error as { diagnostic?: Diagnostic } | undefined)?.diagnostic;
  return many ?? (one ? [one] : undefined);
}

/** Throws a BuildError for a problem in a file. */
export function fail(code: DiagnosticCode, message: string, location?: Location, hint?: string): never {
  throw new BuildError({ severity: 'error', code, message, location, hint });
}

/** "file:line:col  message (hint)", the one format every command prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location
    ? [d.location.file, d.location.line, d.location.line ? (d.location.column ?? 1) : undefined]
        .filter((x) => x !== undefined)
        .join(':')
    : '';
  const text = d.hint ? `${d.message}; ${d.hint}` : d.message;
  return where ? `${where}  ${text}` : text;
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
