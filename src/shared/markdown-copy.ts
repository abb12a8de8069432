// Where a doc's markdown copy is: `index.md` beside its `index.html`, so `/docs/x/` has `/docs/x/index.md`. The
// render stage writes it there, llms.txt links to it, and the doc page's "Copy page as Markdown" fetches it.

/** URL (or output path) of the markdown copy of the page at `route`, a path ending with '/'. */
export function markdownCopyOf(route: string): string {
  return `${route}index.md`;
}
