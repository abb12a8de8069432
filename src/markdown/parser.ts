// The markdown parser: one markdown-it instance with the project's plugins, which renders a source into a Page: the
// HTML and everything later stages need (headings, anchors, links with their lines, plain text, word count, excerpt).
// It notes what each page looks up as it renders (the routes of the files its `.md` links name, the bytes of its
// images, the files it includes): those lookups decide when a later build may reuse the page (page-store.ts).
import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { type Diagnostic, Diagnostics } from '../shared/model/diagnostics.ts';
import type { Config, ContentSet, Page, Source } from '../shared/model/types.ts';
import type { MarkdownEnv } from './env.ts';
import { markdownCopy } from './copy.ts';
import { blocksOf } from './blocks.ts';
import type { IncludeFiles } from './code-include.ts';
import { expandIncludes } from './includes.ts';
import { firstSentence, rawHtmlIds, takeLeadingH1, textOf } from './page-parts.ts';
import { admonitions } from './plugins/admonitions.ts';
import { alerts } from './plugins/alerts.ts';
import { tabs } from './plugins/tabs.ts';
import { headings } from './plugins/headings.ts';
import { type CodeHighlighter, highlight } from './plugins/highlight.ts';
import { type ImageOptions, images } from './plugins/images.ts';
import { type LinkOptions, links } from './plugins/links.ts';
import { taskLists } from './plugins/tasklists.ts';
import { unclosedFences } from './plugins/fences.ts';
import { highlightComments } from './plugins/highlight-comments.ts';
import { footnoteIds, footnotes } from './plugins/footnotes.ts';
import { mdx } from './plugins/mdx.ts';
import { math } from './plugins/math.ts';
import { mermaid } from './plugins/mermaid.ts';
import { nestingLimit } from './plugins/nesting.ts';

/** What a page looked up while rendering: the table, the key, and the value it was given. */
export type Lookup = [table: 'route' | 'asset' | 'text', key: string, value: unknown];

/** The tables pages look things up in, by the names lookups give them. */
export type LookupTables = Record<Lookup[0], ReadonlyMap<string, unknown>>;

/** What rendering reads of the content: every source (for its route), the assets and the texts. */
export type ParsedContent = Pick<ContentSet, 'sources' | 'assets' | 'texts'>;

/**
 * The tables of the content: each file's route (`.md` links name files), the assets (images, code includes), the
 * texts (includes).
 */
export function lookupTables(content: ParsedContent) {
  const route = new Map(content.sources.map((source) => [source.file, source.route]));
  return { route, asset: content.assets, text: content.texts } as const satisfies LookupTables;
}

/** A source rendered afresh: its page or the error it threw, what it reported, and what it looked up. */
export interface FreshPage {
  page?: Page;
  error?: unknown;
  diagnostics: Diagnostic[];
  lookups: Lookup[];
  /** The page holds marks for code the highlighter has yet to highlight (CodeHighlighter.fill). */
  needsHighlighter: boolean;
}

/** Characters past which inline code may wrap (about a third of the narrowest column). */
const LONG_INLINE_CODE = 24;
const TRUNCATE = /^<!--\s*truncate\s*-->\s*$/;

/** Renders sources into pages, one at a time, with `code` highlighting their code blocks. */
export class PageParser {
  /** The tables the pages look things up in, as this parser sees them. */
  readonly tables: ReturnType<typeof lookupTables>;
  private readonly md: MarkdownItInstance;
  /** The files includes read, through views that note each lookup (a page is rendered again when one changes). */
  private readonly included: IncludeFiles;
  /** What the page being rendered has looked up so far. */
  private lookups: Lookup[] = [];

  constructor(
    private readonly config: Config,
    content: ParsedContent,
    code: CodeHighlighter,
  ) {
    this.tables = lookupTables(content);
    // The plugins look routes and assets up through views that note each lookup.
    const lookups = {
      routeOfFile: this.tracked('route', this.tables.route),
      assets: this.tracked('asset', content.assets),
    };
    this.md = markdownIt(config, code, lookups);
    this.included = { texts: this.tracked('text', content.texts), assets: lookups.assets };
  }

  /** Renders one source afresh, its error caught: what this thread and each markdown worker do with a source. */
  render(source: Source): FreshPage {
    const diagnostics = new Diagnostics();
    const lookups: Lookup[] = [];
    this.lookups = lookups;
    try {
      const { page, needsHighlighter } = this.page(source, diagnostics);
      return { page, diagnostics: diagnostics.items, lookups, needsHighlighter };
    } catch (error) {
      return { error, diagnostics: diagnostics.items, lookups, needsHighlighter: false };
    }
  }

  /** A view of `map` that notes each lookup in the page being rendered. */
  private tracked<T>(table: Lookup[0], map: ReadonlyMap<string, T>): Pick<ReadonlyMap<string, T>, 'get'> {
    return {
      get: (key: string): T | undefined => {
        const value = map.get(key);
        this.lookups.push([table, key, value]);
        return value;
      },
    };
  }

  private page(source: Source, diagnostics: Diagnostics): { page: Page; needsHighlighter: boolean } {
    const { md } = this;
    // Before parsing, so included headings, links and text are the page's own (see includes.ts for why).
    const { body, origins } = expandIncludes(source, this.included, diagnostics);
    const env: MarkdownEnv = {
      source,
      lines: body.split('\n'),
      origins,
      headings: [],
      links: [],
      siteUrls: [],
      diagnostics,
    };
    const tokens = md.parse(body, env);
    const h1 = takeLeadingH1(tokens);
    const truncateAt = tokens.findIndex((t) => t.type === 'html_block' && TRUNCATE.test(t.content.trim()));
    const html = md.renderer.render(tokens, md.options, env);
    const excerptHtml = truncateAt >= 0 ? md.renderer.render(tokens.slice(0, truncateAt), md.options, env) : undefined;
    const { text, sections } = textOf(tokens);
    const title = source.frontMatter.title ?? h1 ?? '';
    const page: Page = {
      source,
      title,
      description: source.frontMatter.description ?? firstSentence(text),
      html,
      headings: env.headings,
      anchors: [...env.headings.map((h) => h.id), ...rawHtmlIds(tokens), ...footnoteIds(tokens)],
      links: env.links,
      text,
      sections,
      wordCount: text.split(/\s+/).filter(Boolean).length,
      excerptHtml,
    };
    // Only a page with math or a diagram says so: the others' pages stay as they were, in the stores too.
    if (env.math) page.math = true;
    if (env.mermaid) page.mermaid = true;
    if (source.kind === 'doc') {
      page.markdownCopy = markdownCopy(tokens, env, { title, siteUrl: this.config.url });
      if (this.config.docs.versions.length > 0) page.blocks = blocksOf(tokens);
    }
    return { page, needsHighlighter: env.needsHighlighter === true };
  }
}

/** markdown-it with a plugin per concept, and egdocs' own rendering of tables and inline code. */
function markdownIt(
  config: Config,
  code: CodeHighlighter,
  lookups: Pick<LinkOptions, 'routeOfFile'> & Pick<ImageOptions, 'assets'>,
): MarkdownItInstance {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.use(headings)
    .use(admonitions)
    .use(tabs)
    .use(alerts)
    .use(taskLists)
    .use(footnotes)
    .use(mdx)
    .use(math, { baseUrl: config.baseUrl })
    .use(highlight, code)
    .use(highlightComments)
    // After highlight: a diagram's source is the code block highlight makes.
    .use(mermaid)
    .use(unclosedFences)
    .use(nestingLimit)
    .use(links, { config, routeOfFile: lookups.routeOfFile })
    .use(images, { config, assets: lookups.assets });
  md.linkify.set({ fuzzyLink: false });
  // Tables get a scroll wrapper so wide ones scroll on their own instead of the page.
  md.renderer.rules.table_open = () => '<div class="table-wrapper"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  // Inline code no wider than a short phrase never breaks (`storageBucket` split after `storage` reads as two
  // words); longer code (URLs, paths) is marked so it may wrap, and does not push the page wider on a phone.
  const codeInline = md.renderer.rules.code_inline!;
  md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
    if (tokens[idx].content.length > LONG_INLINE_CODE) tokens[idx].attrJoin('class', 'code-long');
    return codeInline(tokens, idx, options, env, self);
  };
  return md;
}
