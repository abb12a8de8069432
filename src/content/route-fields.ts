// Front matter and registry ids that become parts of a URL and a file path: `slug`, a doc's `id`, blog author and
// tag ids. A '.' or '..' segment would put a page outside its folder (`slug: /../` wrote over the home page), and a
// '/' in an id would make one name two folders, so they are errors at the line that wrote them.
import type { Diagnostic } from '../diagnostics.ts';
import type { Source } from '../types.ts';

/** The first problem with the route-making fields of a source's front matter, or undefined. */
export function routeFieldProblem(source: Source): Diagnostic | undefined {
  const at = (key: string) => ({ file: source.file, line: source.keyLines[key] ?? 1, column: 1 });
  const { slug, id } = source.frontMatter;
  if (typeof slug === 'string' && slug.split('/').some((segment) => segment === '.' || segment === '..'))
    return error(
      `slug '${slug}' has a '.' or '..' segment, which would place the page outside the site's folders`,
      at('slug'),
      "write the page's path from the root of its section, like 'slug: /setup/guide'",
    );
  if (source.kind === 'doc' && typeof id === 'string') {
    const problem = idProblem(id);
    if (problem)
      return error(
        `id '${id}' ${problem}`,
        at('id'),
        'an id names the file, not its folder; use a slug to change the path',
      );
  }
  return undefined;
}

/** Why an id that becomes one URL segment cannot be used, or undefined when it can. */
export function idProblem(id: string): string | undefined {
  if (id.includes('/') || id.includes('\\')) return "contains '/', but it names one page, not a folder";
  if (id === '.' || id === '..' || id.trim() === '') return 'is not a name a page can have';
  return undefined;
}

function error(message: string, location: Diagnostic['location'], hint: string): Diagnostic {
  return { severity: 'error', code: 'content', message, location, hint };
}
