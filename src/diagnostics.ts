// Diagnostics are data: every stage pushes to one list, and printing is separate (see formatDiagnostic).

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
  | 'duplicate-route'
  | 'content'
  | 'config'
  | 'render';

/** A warning or error, with where it comes from and how to fix it. */
export interface Diagnostic {
  severity: 'warning' | 'error';
  code: DiagnosticCode;
  message: string;
  location?: Location;
  /** A suggested fix ("did you mean ...?"). */
  hint?: string;
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

/** Throws a BuildError for a problem in a file. */
export function fail(code: DiagnosticCode, message: string, location?: Location, hint?: string): never {
  throw new BuildError({ severity: 'error', code, message, location, hint });
}

/** "file:line:col  message (hint)", the one format every command prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location
    ? [d.location.file, d.location.line, d.location.line ? d.location.column ?? 1 : undefined].filter((x) => x !== undefined).join(':')
    : '';
  const text = d.hint ? `${d.message}; ${d.hint}` : d.message;
  return where ? `${where}  ${text}` : text;
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

/** The closest candidate to `input` by edit distance, if close enough to be a likely typo. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
