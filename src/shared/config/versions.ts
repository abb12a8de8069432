// `docs.versions` in the config: the older versions of the docs, each read from content/versioned/<name>/ and served
// under `<docs route base>/<path>/`, and `docs.lastVersion`, which of them all is the latest. The current version
// (content/docs/, `docs.version`) keeps its routes. A name is a folder, a path a URL segment: both are checked here,
// once, so the content and routes stages can join them into file paths and URLs as they are.
import { array, custom, object, oneOf, type Output, string } from '../schema/combinators.ts';
import { type Checked, INVALID, keyOf, report } from '../schema/context.ts';

/** The URL segments the docs' own pages use under the docs route base: a version there would take their place. */
export const RESERVED_VERSION_PATHS = ['tags'];

/** What is wrong with a version's name, if anything: it names the folder content/versioned/<name>/. */
export function nameProblem(name: string, key: string) {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.includes('..')) return undefined;
  return {
    message: `${key} '${name}' cannot name a folder of content/versioned/`,
    value: name,
    hint: "use letters, digits, '.', '-' and '_', starting with a letter or digit, like '2.1'",
  };
}

/** What is wrong with a version's path, if anything: one URL segment under the docs route base. */
export function pathProblem(segment: string, key: string) {
  const hint = "write one URL segment of letters, digits, '.', '-', '_' or '~', like '2.1'";
  if (!/^[A-Za-z0-9._~-]+$/.test(segment) || segment === '.' || segment === '..')
    return { message: `${key} '${segment}' is not a URL segment`, value: segment, hint };
  if (RESERVED_VERSION_PATHS.includes(segment))
    return {
      message: `${key} '${segment}' is where the current version's ${segment} pages are`,
      value: segment,
      hint: 'choose another path for the version',
    };
  return undefined;
}

const version = object({
  /** The version's name: its folder under content/versioned/ ('2.1'). */
  name: string({ empty: false }).refine(nameProblem),
  /** How the version is shown to readers ('2.1.x'). */
  label: string({ empty: false }),
  /** Its URL segment under the docs route base: its docs are at /docs/<path>/…. */
  path: string({ empty: false }).refine(pathProblem),
  /**
   * The notice its pages carry (site/versions.ts): 'unmaintained' (the default) for an old version, 'unreleased' for
   * a next one, 'none'. The latest version's pages carry none.
   */
  banner: oneOf('unmaintained', 'unreleased', 'none').optional(),
});

/** One older version of the docs as the config declares it. */
export type DocsVersion = Output<typeof version>;

const list = array(version, (key) => `'${key}' must be a list of { name, label, path, banner? }`);

/** The older versions: each entry checked, then their names and paths, which must each be one version's. */
export const versions = custom<DocsVersion[], (typeof version.input)[]>((value, path, ctx) => {
  const checked: Checked<DocsVersion[]> | undefined = list.run(value, path, ctx);
  if (checked === INVALID || checked === undefined) return INVALID;
  let ok = true;
  for (const field of ['name', 'path'] as const) {
    const first = new Map<string, number>();
    checked.forEach((entry, i) => {
      const at = first.get(entry[field]);
      if (at === undefined) return void first.set(entry[field], i);
      const key = keyOf([...path, i, field]);
      report(
        ctx,
        `${key} '${entry[field]}' is also the ${field} of ${keyOf([...path, at])}`,
        ctx.at(key, entry[field]),
        `give each version its own ${field}`,
      );
      ok = false;
    });
  }
  return ok ? checked : INVALID;
});
