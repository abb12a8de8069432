// Pages for machines: a markdown copy of each doc beside its index.html, and llms.txt at the site's root (the
// llmstxt.org proposal: the site's title, its description, then its docs as lists of links under headings). Both
// are made from the model, not the HTML: a tool reading them gets the text as its writer wrote it.
import type { Sliced } from '../pace.ts';
import { markdownCopyOf } from '../shared/markdown-copy.ts';
import { decodePath, relativeToBase } from '../shared/urls.ts';
import type { OutputFile, Page, SidebarItem, Site } from '../types.ts';

/**
 * The markdown copy of every doc: `# Title`, then the body as written, with links to the site's pages and images
 * made absolute (they were written relative to the source file, which a reader of the copy does not have). Yields
 * between two docs: the build may stop there (pace.ts).
 */
export function* markdownCopies(site: Site): Sliced<OutputFile[]> {
  const copies: OutputFile[] = [];
  for (const page of site.pages) {
    if (page.source.kind !== 'doc') continue;
    yield;
    copies.push({
      path: decodePath(relativeToBase(site.config.baseUrl, markdownCopyOf(page.source.route))!),
      contents: markdownCopy(site, page),
    });
  }
  return copies;
}

/**
 * One doc as clean markdown: no front matter, its title as the first line. Made once per page: serve's markdown
 * stage gives an unchanged page the same object (and a page whose links lead elsewhere now a new one), so a save
 * makes the copy of the edited page only.
 */
export function markdownCopy(site: Site, page: Page): string {
  const known = copies.get(page);
  if (known?.url === site.config.url) return known.text;
  const body = absoluteLinks(site, page).trim();
  // A title taken from the body's own '# heading' is there already.
  const titled = /^# /.test(body) ? body : `# ${page.title}\n\n${body}`;
  const text = `${titled}\n`;
  copies.set(page, { url: site.config.url, text });
  return text;
}

const copies = new WeakMap<Page, { url: string; text: string }>();

/** The body with each link to a page of the site or an image replaced, in place, by its absolute URL. */
function absoluteLinks(site: Site, page: Page): string {
  const { source } = page;
  const lines = source.body.split('\n');
  // From the last link back, so that replacing one leaves the columns of those before it right.
  const links = page.links
    .filter((link) => link.kind === 'internal' || link.kind === 'markdown' || link.kind === 'image')
    .filter((link) => link.href.startsWith('/'))
    .sort((a, b) => b.line - a.line || b.column - a.column);
  for (const link of links) {
    const index = link.line - source.bodyLine;
    const line = lines[index];
    // The link as it stands in the file; an href written another way (escaped, in an HTML tag) is left as written.
    if (line === undefined || !line.startsWith(link.raw, link.column - 1)) continue;
    const url = site.config.url + link.href + (link.hash ? `#${link.hash}` : '');
    lines[index] = line.slice(0, link.column - 1) + url + line.slice(link.column - 1 + link.raw.length);
  }
  return lines.join('\n');
}

/**
 * llms.txt: `# Title`, `> tagline`, then the docs in sidebar order, one `## Category` per top-level category (the
 * main doc and docs at the top level of a sidebar under `## Docs`), each `- [Title](markdown copy): description`.
 * Docs in no sidebar come last, under `## Optional`.
 */
export function llmsTxt(site: Site): OutputFile {
  const { config } = site;
  const pageByRoute = new Map(site.pages.map((page) => [page.source.route, page]));
  const listed = new Set<string>();
  const entry = (href: string): string[] => {
    const page = pageByRoute.get(href);
    if (!page || page.source.kind !== 'doc' || listed.has(href)) return [];
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
  const main = site.docs.find((doc) => doc.id === config.docs.version.mainDocId);
  if (main && !main.sidebarId) add('Docs', entry(main.path));
  for (const items of Object.values(site.sidebars))
    for (const item of items) add(item.type === 'category' ? item.label : 'Docs', inOrder([item]));
  // 'Optional' is the proposal's name for what a reader short of room may skip: the docs no sidebar lists.
  add(
    'Optional',
    site.docs.flatMap((doc) => entry(doc.path)),
  );
  const intro = [`# ${config.title}`, '', ...(config.tagline ? [`> ${oneLine(config.tagline)}`, ''] : [])];
  const body = sections.map(({ heading, lines }) => [`## ${heading}`, '', ...lines, ''].join('\n'));
  return { path: 'llms.txt', contents: [...intro, ...body].join('\n') };
}

/** Text on one line, for a list entry. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
