// Template overrides: a project replaces one of egdocs' components by a file of the same name in its own templates/
// folder (templates/Footer.tsx exporting Footer). The file is not copied anywhere: an esbuild plugin, in both the
// client bundle and the server's compile of the templates, sends every import of the module that holds the component
// to a small module of its own making, which re-exports that module with the project's component in place of the
// default. The override reaches the default it may wrap through 'egdocs/templates/<Module>'.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { didYouMean, type Diagnostics } from '../shared/model/diagnostics.ts';
import type { PageKind } from '../shared/model/types.ts';
import type { OverridableProps } from '../../templates/index.ts';

/** Where a component lives in egdocs' templates, and for a page template, the page kinds it renders. */
interface Overridable {
  /** Its module, relative to templates/ and without the extension: what follows 'egdocs/templates/'. */
  module: string;
  kinds?: PageKind[];
}

/**
 * Every component a project may override, by name. Layout parts are swapped wherever a template imports them; page
 * templates are swapped in their group's registry (templates/pages.ts), since no template imports them by name.
 */
export const OVERRIDABLE: Record<OverridableName, Overridable> = {
  Layout: { module: 'Layout' },
  Navbar: { module: 'Navbar' },
  NavbarDropdown: { module: 'NavbarDropdown' },
  ColorModeToggle: { module: 'ColorModeToggle' },
  SearchBox: { module: 'SearchBox' },
  Footer: { module: 'Footer' },
  Sidebar: { module: 'Sidebar' },
  ArticleWithToc: { module: 'ArticleWithToc' },
  Toc: { module: 'Toc' },
  TocCollapsible: { module: 'Toc' },
  DocPage: { module: 'DocPage', kinds: ['doc'] },
  HomePage: { module: 'SimplePages', kinds: ['home'] },
  MarkdownPage: { module: 'SimplePages', kinds: ['page'] },
  ChangesPage: { module: 'SimplePages', kinds: ['docs-changes', 'docs-upgrade'] },
  SearchPage: { module: 'SimplePages', kinds: ['search'] },
  NotFoundPage: { module: 'SimplePages', kinds: ['not-found'] },
  BlogList: { module: 'BlogPages', kinds: ['blog-list'] },
  BlogPost: { module: 'BlogPages', kinds: ['blog-post'] },
  BlogArchive: { module: 'BlogPages', kinds: ['blog-archive'] },
  BlogAuthors: { module: 'BlogPages', kinds: ['blog-authors'] },
  BlogAuthor: { module: 'BlogPages', kinds: ['blog-author'] },
  TagsList: { module: 'BlogPages', kinds: ['blog-tags', 'docs-tags'] },
  BlogTag: { module: 'BlogPages', kinds: ['blog-tag'] },
  DocsTag: { module: 'BlogPages', kinds: ['docs-tag'] },
};

/**
 * The name of a component a project can override: those whose props templates/index.ts exports, so the table above
 * and the props a writer types an override with cannot drift apart.
 */
export type OverridableName = keyof OverridableProps;

/** One component a project overrides. */
export interface Override {
  name: OverridableName;
  /** The project's file, absolute. */
  file: string;
}

/** A file in a project's templates/ folder named like a component: an override. Others are the override's helpers. */
const COMPONENT_FILE = /^([A-Z][A-Za-z0-9]*)\.(tsx|jsx)$/;

/**
 * The overrides in `<root>/templates`, sorted by name; a component file whose name egdocs does not have is a warning
 * with the closest name. None when that folder is egdocs' own (egdocs' repository builds its own site).
 */
export async function findOverrides(root: string, ownTemplates: string, diagnostics: Diagnostics): Promise<Override[]> {
  const dir = path.join(root, 'templates');
  if (path.resolve(dir) === path.resolve(ownTemplates)) return [];
  const names = await readdir(dir).catch(() => [] as string[]);
  const overrides: Override[] = [];
  for (const file of names.sort()) {
    const name = COMPONENT_FILE.exec(file)?.[1];
    if (!name) continue;
    if (Object.hasOwn(OVERRIDABLE, name)) {
      overrides.push({ name: name as OverridableName, file: path.join(dir, file) });
      continue;
    }
    const suggestion = didYouMean(name, Object.keys(OVERRIDABLE), { moved: false });
    diagnostics.warn(
      'template',
      `templates/${file} overrides no component: egdocs has no template named '${name}'`,
      { file: `templates/${file}` },
      suggestion
        ? `did you mean '${suggestion}'? (rename the file to templates/${suggestion}${path.extname(file)})`
        : `the components a project can override are ${Object.keys(OVERRIDABLE).join(', ')}; a helper module's name starts with a lowercase letter`,
    );
  }
  return overrides;
}

const NAMESPACE = 'egdocs-override';

/**
 * The esbuild plugin that puts overrides in place of egdocs' components, for the templates in `templatesDir`.
 * `bundleReact`: resolve React from egdocs' own folder for the project's files, so the page has one React (the
 * server's compile leaves packages external, and they load from there already).
 */
export function overridesPlugin({
  overrides,
  templatesDir,
  packageRoot,
  bundleReact,
}: {
  overrides: Override[];
  templatesDir: string;
  packageRoot: string;
  bundleReact: boolean;
}): Plugin {
  /** The overrides of each module of egdocs' templates, by the module's absolute path. */
  const byModule = new Map<string, Override[]>();
  for (const override of overrides) {
    const file = modulePath(templatesDir, OVERRIDABLE[override.name].module);
    byModule.set(file, [...(byModule.get(file) ?? []), override]);
  }
  const overrideFiles = new Set(overrides.map((override) => override.file));
  const projectDir = overrides.length > 0 ? path.dirname(overrides[0].file) : undefined;
  const modules = new Set(Object.values(OVERRIDABLE).map((entry) => modulePath(templatesDir, entry.module)));
  /**
   * An import of a template module: the module made here when the project overrides one of its components, except
   * for that override itself, which gets egdocs' module (so it can wrap the default).
   */
  const target = (file: string, importer: string) => {
    const swapped = byModule.get(file)?.every((override) => override.file !== importer);
    return swapped ? { path: file, namespace: NAMESPACE } : { path: file };
  };
  return {
    name: 'egdocs-overrides',
    setup(build) {
      build.onResolve({ filter: /^egdocs\/templates\// }, (args) => {
        const file = modulePath(templatesDir, args.path.slice('egdocs/templates/'.length));
        if (modules.has(file)) return target(file, args.importer);
        const names = [...new Set(Object.values(OVERRIDABLE).map((entry) => entry.module))];
        return {
          errors: [{ text: `'${args.path}' is not a module of egdocs' templates; they are ${names.join(', ')}` }],
        };
      });
      // Type imports are gone before esbuild resolves anything: what reaches here is a value, which these two lack.
      build.onResolve({ filter: /^egdocs(\/templates)?$/ }, (args) => ({
        errors: [
          {
            text: `'${args.path}' holds types only; import a component from its module, as in 'egdocs/templates/Footer', and its props with 'import type'`,
          },
        ],
      }));
      // egdocs' templates importing one another (and the client importing them): the overridden modules are swapped.
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.namespace !== 'file' || overrideFiles.has(args.importer)) return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        return byModule.has(file) ? target(file, args.importer) : undefined;
      });
      if (bundleReact && projectDir)
        build.onResolve({ filter: /^react(-dom)?(\/|$)/ }, async (args) => {
          if (!isInside(projectDir, args.importer) || args.pluginData === NAMESPACE) return undefined;
          const resolved = await build.resolve(args.path, {
            kind: args.kind,
            resolveDir: packageRoot,
            pluginData: NAMESPACE,
          });
          return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
        });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: overridingModule(args.path, byModule.get(args.path)!, templatesDir),
        resolveDir: path.dirname(args.path),
        // As JavaScript, an override that does not export its component is an error; TypeScript takes it for a type.
        loader: 'js',
      }));
    },
  };
}

/**
 * The module that stands in for one of egdocs' template modules: everything it exports, but the project's
 * components in place of the overridden ones (and in the page registry, for page templates).
 */
function overridingModule(file: string, overrides: Override[], templatesDir: string): string {
  const lines = [`export * from ${JSON.stringify(file)};`];
  const pages: string[] = [];
  for (const { name, file: own } of overrides) {
    lines.push(`import { ${name} } from ${JSON.stringify(own)};`, `export { ${name} };`);
    for (const kind of OVERRIDABLE[name].kinds ?? []) pages.push(`${JSON.stringify(kind)}: page(${name})`);
  }
  if (pages.length > 0)
    lines.push(
      `import { pages as defaults } from ${JSON.stringify(file)};`,
      `import { page } from ${JSON.stringify(path.join(templatesDir, 'pages.ts'))};`,
      `export const pages = { ...defaults, ${pages.join(', ')} };`,
    );
  return lines.join('\n');
}

function modulePath(templatesDir: string, module: string): string {
  return path.join(templatesDir, `${module}.tsx`);
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
