// A failed build as serve shows it in the browser: to the open pages (the error overlay) and, before any good build,
// as the page every request gets. The terminal is told by the caller's printer (DevServerOptions.report), in the
// words build and check use, the title among them.
import {
  detailLines,
  diagnosticsOf,
  failedBuildTitle,
  formatDiagnostic,
  sortDiagnostics,
} from '../shared/model/diagnostics.ts';
import { escapeHtml } from '../render/document.ts';
import { clientTag, type ErrorMessage, problemText } from '../shared/live-protocol.ts';

/** A failed build as the overlay shows it: a title and each error with file and line, and the lines under it. */
export function failureOf(error: unknown): ErrorMessage {
  const list = diagnosticsOf(error);
  if (list) {
    const errors = sortDiagnostics(list).filter((d) => d.severity === 'error');
    return {
      type: 'error',
      title: failedBuildTitle(errors.length),
      problems: errors.map((d) => ({ text: formatDiagnostic(d), details: detailLines(d) })),
    };
  }
  // Not a diagnostic: a bug or an unexpected error, whose stack is what helps.
  return {
    type: 'error',
    title: 'Build failed',
    problems: [{ text: error instanceof Error ? (error.stack ?? error.message) : String(error), details: [] }],
  };
}

/**
 * The page every request gets while no build has succeeded yet (from the server named `server`), with the script that
 * reloads once a save fixes it.
 */
export function failurePage(failure: ErrorMessage, server: string): string {
  const title = escapeHtml(failure.title);
  const problems = escapeHtml(failure.problems.map(problemText).join('\n'));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><pre>${problems}</pre></main>${clientTag({ server, build: 0 })}</body></html>`;
}
