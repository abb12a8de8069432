// Printing: diagnostics grouped by file, and the build summary. Formatting lives here, not in the stages.
import { diagnosticsOf, formatDiagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import type { BuildResult } from '../types.ts';

export function printDiagnostics(list: Diagnostic[], out: (line: string) => void = console.error): void {
  for (const d of sortDiagnostics(list)) out(`${d.severity === 'error' ? 'error' : 'warning'}  ${formatDiagnostic(d)}`);
}

/** One line per page kind, then warnings and time. */
export function summary(result: BuildResult, ms: number, outDir: string): string {
  const kinds = new Map<string, number>();
  for (const route of result.site.routes) kinds.set(route.data.kind, (kinds.get(route.data.kind) ?? 0) + 1);
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
  const parts = [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `${count} ${kind}`);
  return [
    `Built ${result.site.routes.length} pages (${parts.join(', ')}) into ${outDir}`,
    `${warnings} warning${warnings === 1 ? '' : 's'}, ${Math.round(ms)} ms`,
  ].join('\n');
}

/** Prints a failure: a BuildFailed's diagnostics, or the error itself. */
export function printFailure(error: unknown): void {
  const diagnostics = diagnosticsOf(error);
  if (diagnostics) {
    printDiagnostics(diagnostics);
    // A BuildFailed says how many errors there were; a single BuildError's message is its diagnostic.
    if ((error as { diagnostics?: unknown }).diagnostics) console.error(`\n${(error as Error).message}; nothing was written`);
  } else {
    console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  }
}
