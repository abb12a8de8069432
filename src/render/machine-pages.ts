// Pages for machines: a markdown copy of each doc beside its index.html, and llms.txt at the site's root (the
// llmstxt.org proposal: the site's title, its description, then its docs as lists of links under headings), the
// current version's docs; each older version's docs in its own llms.txt, at its docs' root (/docs/<path>/llms.txt).
// Both are made from the model, not the HTML: a tool reading them gets the text as markdown.
import { markdownCopyOf } from '../shared/markdown-copy.ts';
import { decodePath, relativeToBase, withBase } from '../shared/urls.ts';
import type { OutputFile, SidebarItem, Site } from '../shared/model/types.ts';

/** The markdown copy of every doc, beside its page (the markdown stage makes it: markdown/copy.ts). */
export function markdownCopies(site: Site): OutputFile[] {
  return site.pages.flatMap(({ source, markdownCopy }) =>
    markdownCopy === undefined
      ? []
      : [
          {
            path: decodePath(relativeToBase(site.config.baseUrl, markdownCopyOf(source.route))!),
            contents: markdownCopy,
          },
        ],
  );
}

/**
 * llms.txt: `# Title`, `> tagline`, then the docs in sidebar order, one `## Category` per top-level category (the
 * main doc and docs at the top level of a sidebar under `## Docs`), each `- [Title](markdown copy): description`.
 * Docs in no sidebar come last, under `## Optional`.
 */
export function llmsTxt(site: Site): OutputFile {
  return { path: 'llms.txt', contents: llmsText(site, undefined) };
}

/**
 * Each older version's llms.txt, at the root of its docs (`<docs base>/<path>/llms.txt`): the same list of its docs,
 * titled with the version's label, so that a tool told of one version reads that version's pages only.
 */
export function versionLlmsTxts(site: Site): OutputFile[] {
  const { config } = site;
  return config.docs.versions.map(({ name, path }) => ({
    path: decodePath(relativeToBase(config.baseUrl, withBase(config, config.docs.routeBasePath, path))!) + 'llms.txt',
    contents: llmsText(site, name),
  }));
}

/** The text of an llms.txt listing the docs of `version` (an older version's name; the current one's if undefined). */
function llmsText(site: Site, version: string | undefined): string {
  const { config } = site;
  const pageByRoute = new Map(site.pages.map((page) => [page.source.route, page]));
  const listed = new Set<string>();
  const entry = (href: string): string[] => {
    const page = pageByRoute.get(href);
    // One version's docs: the others' would list each page again.
    if (!page || page.source.kind !== 'doc' || page.source.version !== version || listed.has(href)) return [];
    listed.add(href);
    const description = page.description ? `: ${oneLine(page.description)}` : '';
    return [`- [${page.title}](${config.url}${markdownCopyOf(href)})${description}`];
  };
  const inOrder = (items: SidebarItem[]): string[] =>
    items.flatMap((item) =>
      item.type === 'link' ? entry(item.href) : [...(item.href ? entry(item.href) : []), ...inOrder(item.items)],
    );
  const sections: { heading: string; lines: string[] }[] = [];
  const add = (heading: string, lines: string[]) => {
    const last = sections[sections.length - 1];
    if (lines.length === 0) return;
    // Top-level docs next to each other share one section.
    if (last?.heading === heading) last.lines.push(...lines);
    else sections.push({ heading, lines });
  };
  // The docs' main page first, where a reader starts, when no sidebar lists it.
  const main = site.docs.find((doc) => doc.id === config.docs.version.mainDocId && doc.version === version);
  if (main && !main.sidebarId) add('Docs', entry(main.path));
  for (const items of Object.values(site.sidebars))
    for (const item of items) add(item.type === 'category' ? item.label : 'Docs', inOrder([item]));
  // 'Optional' is the proposal's name for what a reader short of room may skip: the docs no sidebar lists.
  add(
    'Optional',
    site.docs.flatMap((doc) => entry(doc.path)),
  );
  const label = config.docs.versions.find(({ name }) => name === version)?.label;
  const title = label === undefined ? config.title : `${config.title} ${oneLine(label)}`;
  const intro = [`# ${title}`, '', ...(config.tagline ? [`> ${oneLine(config.tagline)}`, ''] : [])];
  const body = sections.map(({ heading, lines }) => [`## ${heading}`, '', ...lines, ''].join('\n'));
  return [...intro, ...body].join('\n');
}

/** Text on one line, for a list entry. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
