// The only place that reads raw user config: checks it against the schema (shared/config/schema.ts), which fills in the
// defaults, then adds the derived fields. Every problem is reported at once; a config with any stops the build
// before content is read.
import path from 'node:path';
import { BuildFailed, type Diagnostic, type Location } from '../shared/model/diagnostics.ts';
import { type Context, INVALID, isRecord } from '../shared/schema/context.ts';
import { keyLocator } from '../shared/config/locate.ts';
import { basePathProblem } from '../shared/url-checks.ts';
import { BASE_HINT, type Config, configSchema } from '../shared/config/schema.ts';

/** Turns the raw default export of site.config.ts into a complete Config, or throws naming every problem. */
export function validateConfig(
  raw: unknown,
  configFile: string,
  overrides: { outDir?: string; baseUrl?: string; source?: string } = {},
): Config {
  const root = path.dirname(path.resolve(configFile));
  // Messages name the config relative to the project root, like every content path (not to where the command runs).
  const file = path.relative(root, path.resolve(configFile)) || configFile;
  const problems: Diagnostic[] = [];
  const locations: Record<string, Location> = {};
  // Problems point at the key's line when the config's source text is at hand (loadConfig passes it).
  const ctx: Context = { code: 'config', at: keyLocator(file, overrides.source), problems, locations };
  if (!isRecord(raw))
    ctx.problems.push({
      severity: 'error',
      code: 'config',
      message: 'the default export must be an object (use `export default defineConfig({...})`)',
      location: { file },
    });
  const settings = problems.length === 0 ? configSchema.run(raw, [], ctx) : INVALID;
  // A flag is not in the file: its problem is named by the flag alone.
  const flagProblem = overrides.baseUrl ? basePathProblem(overrides.baseUrl) : undefined;
  if (flagProblem)
    problems.push({
      severity: 'error',
      code: 'config',
      message: `--base-url '${overrides.baseUrl}' is not a base path: ${flagProblem}`,
      hint: BASE_HINT,
    });
  if (settings === INVALID || settings === undefined || problems.length > 0) throw new BuildFailed(problems);
  const { outDir, ...rest } = settings;
  return {
    ...rest,
    url: settings.url.replace(/\/+$/, ''),
    baseUrl: normaliseBase(overrides.baseUrl || settings.baseUrl),
    paths: { root, outDir: path.resolve(root, overrides.outDir ?? outDir) },
    configFile: file,
    locations,
  };
}

/** A base path as egdocs writes it: '/x/', or '/' (from 'x', '/x', 'x/' or ''). */
export function normaliseBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
