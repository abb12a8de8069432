// Link checking: every link the markdown stage recorded, against the route table and the anchors of each page.
// Reports broken links, broken markdown links and missing anchors as warnings at the link's position.
import { didYouMean, type Diagnostics } from '../diagnostics.ts';
import type { Site } from '../types.ts';

/** Pushes a warning for each link that leads nowhere. */
export function checkLinks(site: Site, routeByFile: Map<string, string>, diagnostics: Diagnostics): void {
  const { config } = site;
  const routePaths = new Set(site.routes.map((route) => route.path));
  const anchorsByPath = new Map<string, Set<string>>();
  for (const page of site.pages) anchorsByPath.set(routeByFile.get(page.source.file)!, new Set(page.anchors));
  const sourceFiles = [...routeByFile.keys()];

  for (const page of site.pages) {
    const file = page.source.file;
    const ownAnchors = anchorsByPath.get(routeByFile.get(file)!)!;
    for (const link of page.links) {
      const at = { file, line: link.line, column: link.column };
      const checkAnchor = (anchors: Set<string> | undefined, target: string) => {
        if (!link.hash || !anchors || anchors.has(decodeURIComponent(link.hash))) return;
        const guess = didYouMean(link.hash, anchors);
        diagnostics.warn('broken-anchor', `anchor '#${link.hash}' does not exist on ${target}`, at, guess ? `did you mean '#${guess}'?` : undefined);
      };
      switch (link.kind) {
        case 'anchor':
          checkAnchor(ownAnchors, 'this page');
          break;
        case 'markdown':
          if (!link.href.startsWith(config.baseUrl)) {
            const guess = didYouMean(link.href, sourceFiles);
            diagnostics.warn('broken-markdown-link', `markdown link '${link.raw}' points to ${link.href}, which does not exist`, at, guess ? `did you mean '${guess}'?` : undefined);
          } else checkAnchor(anchorsByPath.get(link.href), link.href);
          break;
        case 'internal': {
          if (routePaths.has(link.href)) {
            checkAnchor(anchorsByPath.get(link.href), link.href);
          } else if (!site.assets.has(link.href.slice(config.baseUrl.length))) {
            const guess = didYouMean(link.href, routePaths);
            diagnostics.warn('broken-link', `link '${link.raw}' leads to ${link.href}, which is no page of this site`, at, guess ? `did you mean ${guess}?` : undefined);
          }
          break;
        }
        default:
          break;
      }
    }
  }
}
