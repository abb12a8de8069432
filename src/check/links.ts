// Link checking: every link the markdown stage recorded (with its position), against the route table, the files
// written beside the pages and the anchors of each page. Each problem is a warning at the link, with a suggestion
// when one is likely. Missing images are warned by the images plugin, which resolves them while rendering.
import { didYouMean, type DiagnosticCode, type Diagnostics } from '../shared/model/diagnostics.ts';
import type { Sliced } from '../platform/pace.ts';
import { decodePath, relativeToBase, safeDecode } from '../shared/urls.ts';
import type { LayoutLink, LinkRef, Site } from '../shared/model/types.ts';
import { dotFileHint, isDotPath } from '../content/assets.ts';
import { nearestAnchor } from './anchors.ts';
import { asWritten, markdownPathFrom, type Targets, targetsOf } from './targets.ts';

interface Problem {
  code: DiagnosticCode;
  message: string;
  hint?: string;
}

/**
 * Pushes a warning for each link that leads nowhere: no page, no file, or no such anchor on its page. Yields between
 * two pages: the build may stop there (pace.ts).
 */
export function* checkLinks(site: Site, written: readonly string[], diagnostics: Diagnostics): Sliced<void> {
  const targets = targetsOf(site, written);
  for (const page of site.pages) {
    yield;
    const file = page.source.file;
    for (const link of page.links) {
      const problem = checkLink(targets, link, file);
      // A link in an included file is fixed there; the page that includes it is a related place.
      const at = { file: link.file ?? file, line: link.line, column: link.column };
      if (problem) diagnostics.warn(problem.code, problem.message, at, problem.hint, link.includedFrom);
    }
  }
  // What the layout adds to every page (navbar, footer, announcement, the home page's cards, redirects, favicon):
  // a dead link there is dead on every page, so it is reported once, where it was written.
  for (const link of site.layoutLinks) {
    const problem = checkLayoutLink(targets, link);
    if (problem) diagnostics.warn(problem.code, `${link.where}: ${problem.message}`, link.location, problem.hint);
  }
}

/** A layout link: a path under the base is checked like a page's link; a URL of this site must stay under the base. */
function checkLayoutLink(targets: Targets, link: LayoutLink): Problem | undefined {
  const { config } = targets;
  let href = link.href;
  // A full URL of the site itself ('https://example.com/docs/x/') is an internal link written long-hand.
  if (href.startsWith(`${config.url}/`)) {
    href = href.slice(config.url.length);
    if (!href.startsWith(config.baseUrl))
      return {
        code: 'broken-link',
        message: `link '${written(link.raw)}' points outside the site's base path ${config.baseUrl}`,
        hint: `a page of this site is linked by its site path ('/docs/…'), which egdocs places under the base path`,
      };
  }
  if (!href.startsWith(config.baseUrl)) return undefined;
  const at = href.indexOf('#');
  const ref: LinkRef = {
    raw: link.raw,
    href: at < 0 ? href : href.slice(0, at),
    hash: at < 0 ? '' : href.slice(at + 1),
    kind: 'internal',
    line: 0,
    column: 0,
  };
  const problem = checkLink(targets, ref, link.location?.file ?? config.configFile, { sitePaths: true });
  // The likely slip: a path written with the base path in it, which the config leaves out.
  if (problem && link.raw.startsWith(config.baseUrl) && config.baseUrl !== '/')
    problem.hint = `${problem.hint ? `${problem.hint} ` : ''}(paths in the config leave out the base path ${config.baseUrl})`;
  return problem;
}

/** `sitePaths`: suggest paths without the base path, as the config and front matter write them. */
function checkLink(targets: Targets, link: LinkRef, file: string, { sitePaths = false } = {}): Problem | undefined {
  const { config } = targets;
  const suggest = (url: string) => {
    const relative = relativeToBase(config.baseUrl, url);
    return sitePaths && relative !== undefined ? `/${relative}` : asWritten(config, link.raw, url);
  };
  switch (link.kind) {
    case 'anchor':
      return checkAnchor(link, targets.anchorsIn.get(file), 'this page');
    case 'markdown': {
      // The links plugin leaves an unresolved .md link as its content path, not a URL.
      if (link.href.startsWith(config.baseUrl))
        return checkAnchor(link, targets.anchorsAt.get(decodePath(link.href)), link.href);
      const guess = didYouMean(link.href, targets.sourceFiles);
      return {
        code: 'broken-markdown-link',
        message: `markdown link '${written(link.raw)}' points to ${link.href}, which does not exist`,
        hint:
          guess &&
          `did you mean '${markdownPathFrom(link.file ?? file, guess, link.raw, file)}${hashOn(targets, targets.routeByFile.get(guess), link.hash)}'?`,
      };
    }
    case 'internal': {
      // Compared with escapes undone: '/docs/100%25-sure/' and a route written '100%-sure' are one page.
      const href = decodePath(link.href);
      const route = href.endsWith('/index.html') ? href.slice(0, -'index.html'.length) : href;
      if (targets.routes.has(route)) return checkAnchor(link, targets.anchorsAt.get(route), link.href);
      if (config.leftOutPaths?.some((path) => route.startsWith(path))) return undefined;
      const outPath = relativeToBase(config.baseUrl, href);
      if (outPath !== undefined && targets.files.has(outPath)) return undefined;
      // A last segment with a dot is a file (routeless); under the base path it can only come from content/static.
      if (outPath !== undefined && isDotPath(`content/static/${outPath}`))
        return {
          code: 'missing-file',
          message: `file '${written(link.raw)}' is a dot file (content/static/${outPath}), which is not published`,
          hint: dotFileHint(`content/static/${outPath}`),
        };
      if (outPath !== undefined && /\.[^/]+$/.test(outPath)) {
        const guess = didYouMean(outPath, targets.linkableFiles);
        return {
          code: 'missing-file',
          message: `file '${written(link.raw)}' not found (looked for content/static/${outPath})`,
          hint: guess && `did you mean '${suggest(config.baseUrl + guess)}'?`,
        };
      }
      const guess =
        didYouMean(link.href, targets.pageRoutes) ?? didYouMean(link.href, targets.generatedRoutes, { moved: false });
      return {
        code: 'broken-link',
        message: `link '${written(link.raw)}' leads to ${link.href}, which is no page of this site`,
        hint: guess && `did you mean ${suggest(guess)}${hashOn(targets, guess, link.hash)}?`,
      };
    }
    default:
      return undefined;
  }
}

function checkAnchor(link: LinkRef, anchors: Set<string> | undefined, target: string): Problem | undefined {
  // Pages without recorded anchors (generated lists, the search page) are not checked rather than all reported.
  if (!link.hash || !anchors || anchors.has(safeDecode(link.hash))) return undefined;
  return {
    code: 'broken-anchor',
    message: `anchor '#${safeDecode(link.hash)}' does not exist on ${target}`,
    hint: nearestAnchor(safeDecode(link.hash), anchors),
  };
}

/** '#hash' when the page at `route` has that anchor, so a suggestion keeps the part that still works. */
function hashOn(targets: Targets, route: string | undefined, hash: string): string {
  return hash && route && targets.anchorsAt.get(decodePath(route))?.has(safeDecode(hash)) ? `#${safeDecode(hash)}` : '';
}

/** An href as the author wrote it: markdown-it percent-encodes what a URL may not hold ('ü' -> '%C3%BC'). */
function written(href: string): string {
  return safeDecode(href, decodeURI);
}
