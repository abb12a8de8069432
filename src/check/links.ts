// Link checking: every link the markdown stage recorded (with its position), against the route table, the files
// written beside the pages and the anchors of each page. Each problem is a warning at the link, with a suggestion
// when one is likely. Missing images are warned by the images plugin, which resolves them while rendering.
import { didYouMean, type DiagnosticCode, type Diagnostics } from '../diagnostics.ts';
import type { LinkRef, Site } from '../types.ts';
import { asWritten, markdownPathFrom, type Targets, targetsOf } from './targets.ts';

interface Problem {
  code: DiagnosticCode;
  message: string;
  hint?: string;
}

/** Pushes a warning for each link that leads nowhere: no page, no file, or no such anchor on its page. */
export function checkLinks(site: Site, routeByFile: Map<string, string>, diagnostics: Diagnostics): void {
  const targets = targetsOf(site, routeByFile);
  for (const page of site.pages) {
    const file = page.source.file;
    for (const link of page.links) {
      const problem = checkLink(targets, link, file);
      if (problem) diagnostics.warn(problem.code, problem.message, { file, line: link.line, column: link.column }, problem.hint);
    }
  }
}

function checkLink(targets: Targets, link: LinkRef, file: string): Problem | undefined {
  const { config } = targets;
  switch (link.kind) {
    case 'anchor':
      return checkAnchor(link, targets.anchorsIn.get(file), 'this page');
    case 'markdown': {
      // The links plugin leaves an unresolved .md link as its content path, not a URL.
      if (link.href.startsWith(config.baseUrl)) return checkAnchor(link, targets.anchorsAt.get(link.href), link.href);
      const guess = didYouMean(link.href, targets.sourceFiles);
      return {
        code: 'broken-markdown-link',
        message: `markdown link '${written(link.raw)}' points to ${link.href}, which does not exist`,
        hint: guess && `did you mean '${markdownPathFrom(file, guess, link.raw)}${hashOn(targets, targets.routeByFile.get(guess), link.hash)}'?`,
      };
    }
    case 'internal': {
      const route = link.href.endsWith('/index.html') ? link.href.slice(0, -'index.html'.length) : link.href;
      if (targets.routes.has(route)) return checkAnchor(link, targets.anchorsAt.get(route), route);
      const outPath = link.href.startsWith(config.baseUrl) ? link.href.slice(config.baseUrl.length) : undefined;
      if (outPath !== undefined && targets.files.has(outPath)) return undefined;
      // A last segment with a dot is a file (routeless); under the base path it can only come from content/static.
      if (outPath !== undefined && /\.[^/]+$/.test(outPath)) {
        const guess = didYouMean(outPath, targets.linkableFiles);
        return {
          code: 'missing-file',
          message: `file '${written(link.raw)}' not found (looked for content/static/${decode(outPath)})`,
          hint: guess && `did you mean '${asWritten(config, link.raw, config.baseUrl + guess)}'?`,
        };
      }
      const guess = didYouMean(link.href, targets.pageRoutes) ?? didYouMean(link.href, targets.generatedRoutes, { moved: false });
      return {
        code: 'broken-link',
        message: `link '${written(link.raw)}' leads to ${link.href}, which is no page of this site`,
        hint: guess && `did you mean ${asWritten(config, link.raw, guess)}${hashOn(targets, guess, link.hash)}?`,
      };
    }
    default:
      return undefined;
  }
}

function checkAnchor(link: LinkRef, anchors: Set<string> | undefined, target: string): Problem | undefined {
  // Pages without recorded anchors (generated lists, the search page) are not checked rather than all reported.
  if (!link.hash || !anchors || anchors.has(decode(link.hash))) return undefined;
  const guess = didYouMean(decode(link.hash), anchors, { moved: false });
  return { code: 'broken-anchor', message: `anchor '#${decode(link.hash)}' does not exist on ${target}`, hint: guess && `did you mean '#${guess}'?` };
}

/** '#hash' when the page at `route` has that anchor, so a suggestion keeps the part that still works. */
function hashOn(targets: Targets, route: string | undefined, hash: string): string {
  return hash && route && targets.anchorsAt.get(route)?.has(decode(hash)) ? `#${decode(hash)}` : '';
}

/** An href as the author wrote it: markdown-it percent-encodes what a URL may not hold ('ü' -> '%C3%BC'). */
function written(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
