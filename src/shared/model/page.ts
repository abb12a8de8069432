// The model, a source rendered by the markdown stage (see types.ts for the whole flow).
import type { Related } from './diagnostics.ts';
import type { Source } from './content.ts';

/** A heading in a page, with the id the renderer gave it. */
export interface Heading {
  level: number;
  id: string;
  text: string;
  /** 1-based line in the page's file (for a heading in included text, the line of the page's include directive). */
  line: number;
}

/** A link the markdown made, with where it was written. */
export interface LinkRef {
  /** The href as written. */
  raw: string;
  /** The resolved URL path (with base path) for internal links, or the raw href for external ones. */
  href: string;
  /** Anchor without '#', or ''. */
  hash: string;
  kind: 'internal' | 'external' | 'markdown' | 'anchor' | 'image';
  /** 1-based line and column in the page's file, or in `file` when set. */
  line: number;
  column: number;
  /** The included file the link is written in, when it is not the page's own (see markdown/includes.ts). */
  file?: string;
  /** For a link in an included file: the directives that brought it into the page, innermost first. */
  includedFrom?: Related[];
}

/** A part of a page for search: a heading (h2/h3) and the plain text under it. */
export interface PageSection {
  /** Heading id (the anchor), or '' for the text before the first heading. */
  id: string;
  heading: string;
  text: string;
}

// A doc cut into blocks, for the comparison between docs versions (markdown/blocks.ts, site/changes.ts).

/** A table cell, or an inline run of text: its plain text, and its HTML. */
export interface Inline {
  text: string;
  html: string;
}

export type Block =
  | { kind: 'heading'; key: string; level: number; inline: Inline }
  /** A paragraph, or a list item's; `depth` counts the lists it is in, `quote` the quotes (admonitions). */
  | { kind: 'text'; key: string; inline: Inline; depth: number; item: boolean; quote: boolean }
  | { kind: 'table'; key: string; head: Inline[]; rows: Inline[][] }
  | { kind: 'code'; key: string; lang: string; code: string };

/** A rendered markdown source: HTML plus the facts later stages need. */
export interface Page {
  source: Source;
  /** The title: front matter `title`, else the first `# heading`. */
  title: string;
  description: string;
  html: string;
  headings: Heading[];
  /** Every id an anchor can target on the page. */
  anchors: string[];
  links: LinkRef[];
  /** Plain text of the body, for search and descriptions. */
  text: string;
  /** The body cut at its h2/h3 headings, for search (the first, with id '', is the text before any of them). */
  sections: PageSection[];
  wordCount: number;
  /**
   * The page shows a formula KaTeX typeset (markdown/plugins/math.ts): its HTML links KaTeX's stylesheet, which the
   * site then publishes with its fonts (site/index.ts).
   */
  math?: true;
  /**
   * The page has a mermaid diagram (markdown/plugins/mermaid.ts), which the browser draws: the site then publishes
   * mermaid's library (bundle/mermaid.ts).
   */
  mermaid?: true;
  /** For blog posts: HTML above the truncate marker, or undefined when there is none. */
  excerptHtml?: string;
  /**
   * For docs: the page as plain markdown, the `index.md` written beside its HTML (markdown/copy.ts): its title first,
   * no front matter, included text in place, tabs, admonitions and alerts in plain markdown, links absolute.
   */
  markdownCopy?: string;
  /**
   * For docs of a project with older versions: the markdown copy cut into blocks (markdown/blocks.ts), which the
   * comparison between versions reads. Made here, beside the copy and kept with the page, rather than parsed again by
   * the site stage on every build.
   */
  blocks?: Block[];
}
