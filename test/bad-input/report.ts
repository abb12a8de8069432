// What a writer sees after a mistake: the build's diagnostics as printed ("error  file:line:col  message; hint"),
// whether the build failed or went on.
import { BuildFailed } from '../../src/build.ts';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../../src/shared/model/diagnostics.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { buildFromMap } from '../helpers.ts';

/** One diagnostic as `egdocs build` prints it, severity first. */
export const printed = (d: Diagnostic): string => `${d.severity}  ${formatDiagnostic(d)}`;

/** Builds an in-memory site that must fail; returns every diagnostic, printed and sorted. */
export async function failure(
  files: Record<string, string | Uint8Array>,
  config: Record<string, unknown> = {},
): Promise<string[]> {
  try {
    await buildFromMap(files, config);
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    return sortDiagnostics(error.diagnostics).map(printed);
  }
  throw new Error('the build should have failed');
}

/** Builds an in-memory site that must succeed; returns the result and its diagnostics, printed and sorted. */
export async function success(
  files: Record<string, string | Uint8Array>,
  config: Record<string, unknown> = {},
): Promise<{ result: BuildResult; printed: string[] }> {
  const result = await buildFromMap(files, config);
  return { result, printed: sortDiagnostics(result.diagnostics).map(printed) };
}
