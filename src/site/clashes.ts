// Routes and tags that clash: two sources (or a source and a generated page, or a redirect) with one route, and
// docs tags written two ways that share one page. Warnings, each at the line where the clash is fixed.
import type { Diagnostics } from '../shared/model/diagnostics.ts';
import type { Config, DocMeta, Page, Route } from '../shared/model/types.ts';

/**
 * Tags written differently ('Firebase' and 'firebase', 'C.' and 'C') share one page: warned at a doc using the
 * second spelling, since a reader sees only the first.
 */
export function reportTagClashes(
  tags: { labels: string[]; href: string; docs: DocMeta[] }[],
  pages: Page[],
  diagnostics: Diagnostics,
): void {
  const sourceByPath = new Map<string | undefined, Page['source']>(
    pages.map((page) => [page.source.route, page.source]),
  );
  for (const tag of tags) {
    if (tag.labels.length < 2) continue;
    const source = sourceByPath.get(tag.docs.find((doc) => doc.tags.includes(tag.labels[1]))?.path);
    const location = source && { file: source.file, line: source.keyLines.tags ?? 1, column: 1 };
    const written = tag.labels.map((label) => `'${label}'`).join(' and ');
    diagnostics.warn(
      'content',
      `docs tags ${written} share the page ${tag.href}, which shows them as '${tag.labels[0]}'`,
      location,
      'write the tag the same way on every page',
    );
  }
}

/** Warns once for each extra route to a path already taken; the first route to a path is the one written. */
export function reportDuplicates(config: Config, routes: Route[], pages: Page[], diagnostics: Diagnostics): void {
  const sourceByFile = new Map(pages.map((page) => [page.source.file, page.source]));
  const producer = (route: Route) =>
    route.file ??
    (route.data.kind === 'redirect' ? `a redirect in ${config.configFile}` : `the generated ${route.data.kind} page`);
  // The line that gave a page its route: front matter `slug` (or a doc's `id`), which is where the clash is fixed.
  const routeLine = (route: Route) => {
    const keyLines = route.file ? sourceByFile.get(route.file)?.keyLines : undefined;
    return keyLines?.slug ?? keyLines?.id;
  };
  // Keyed by the file each route writes: two paths that differ only in escapes ('a%2Db' and 'a-b') are one file.
  const first = new Map<string, Route>();
  for (const route of routes) {
    const written = first.get(route.outFile);
    if (!written) {
      first.set(route.outFile, route);
      continue;
    }
    const pair = [route, written];
    const at = pair.find((r) => routeLine(r) !== undefined) ?? pair.find((r) => r.file);
    const location = at?.file
      ? { file: at.file, line: routeLine(at) ?? 1, column: 1 }
      : route.data.kind === 'redirect'
        ? { file: config.configFile }
        : undefined;
    const file = pair.find((r) => r.file)?.file;
    const redirect = pair.some((r) => r.data.kind === 'redirect') ? 'remove the redirect' : undefined;
    const hint = pair.every((r) => r.file)
      ? 'give one of them another slug'
      : file
        ? [redirect, `give ${file} another slug`].filter(Boolean).join(' or ')
        : redirect;
    // The other file of the pair, as a related place: an editor (or a pull request) shows both.
    const other = pair.find((r) => r !== at && r.file);
    const related = other?.file
      ? [
          {
            message: 'the same route is produced here',
            location: { file: other.file, line: routeLine(other) ?? 1, column: 1 },
          },
        ]
      : undefined;
    diagnostics.items.push({
      severity: 'warning',
      code: 'duplicate-route',
      message: `route ${route.path} is produced by both ${producer(written)} and ${producer(route)}; only the first is written`,
      location,
      hint,
      ...(related && { related }),
    });
  }
}
