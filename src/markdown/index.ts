// The markdown stage: one markdown-it instance with the project's plugins. render(source) returns the HTML and
// everything later stages need (headings, anchors, links with positions, plain text, word count, excerpt).
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import type { Diagnostics } from '../diagnostics.ts';
import type { Config, ContentSet, Page, Source } from '../types.ts';
import type { MarkdownEnv } from './env.ts';
import { admonitions } from './plugins/admonitions.ts';
import { headings, plainText } from './plugins/headings.ts';
import { createCodeHighlighter, highlight } from './plugins/highlight.ts';
import { images } from './plugins/images.ts';
import { links } from './plugins/links.ts';
import { taskLists } from './plugins/tasklists.ts';

export interface MarkdownContext {
  config: Config;
  content: ContentSet;
  routeByFile: Map<string, string>;
  diagnostics: Diagnostics;
}

export interface MarkdownRenderer {
  render(source: Source): Page;
}

const TRUNCATE = /^<!--\s*truncate\s*-->\s*$/;
const FENCE_LANG = /^\s*(?:```|~~~)\s*([\w+-]+)/gm;

/** Creates the renderer; async because the highlighter loads the grammars the sources use. */
export async function createMarkdown(context: MarkdownContext): Promise<MarkdownRenderer> {
  const langs = new Set<string>();
  for (const source of context.content.sources) for (const match of source.body.matchAll(FENCE_LANG)) langs.add(match[1]);
  const code = await createCodeHighlighter(langs);

  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.use(headings)
    .use(admonitions)
    .use(taskLists)
    .use(highlight, code)
    .use(links, { config: context.config, routeByFile: context.routeByFile })
    .use(images, { config: context.config, assets: context.content.assets });
  md.linkify.set({ fuzzyLink: false });
  // Tables get a scroll wrapper so wide ones scroll on their own instead of the page.
  md.renderer.rules.table_open = () => '<div class="table-wrapper"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';

  return {
    render(source) {
      const env: MarkdownEnv = { source, lines: source.body.split('\n'), headings: [], links: [], diagnostics: context.diagnostics };
      const tokens = md.parse(source.body, env);
      const h1 = takeLeadingH1(tokens);
      const truncateAt = tokens.findIndex((t) => t.type === 'html_block' && TRUNCATE.test(t.content.trim()));
      const html = md.renderer.render(tokens, md.options, env);
      const excerptHtml = truncateAt >= 0 ? md.renderer.render(tokens.slice(0, truncateAt), md.options, env) : undefined;
      const text = textOf(tokens);
      const fm = source.frontMatter;
      return {
        source,
        title: typeof fm.title === 'string' ? fm.title : h1 ?? '',
        description: typeof fm.description === 'string' ? fm.description : firstSentence(text),
        html,
        headings: env.headings,
        anchors: [...env.headings.map((h) => h.id), ...rawHtmlIds(tokens)],
        links: env.links,
        text,
        wordCount: text.split(/\s+/).filter(Boolean).length,
        excerptHtml,
      };
    },
  };
}

/** Removes a leading `# Title` (the template renders the h1) and returns its text. */
function takeLeadingH1(tokens: Token[]): string | undefined {
  const first = tokens.findIndex((t) => t.type !== 'html_block' || !/^<!--/.test(t.content));
  if (tokens[first]?.type !== 'heading_open' || tokens[first].tag !== 'h1') return undefined;
  const text = plainText(tokens[first + 1].children ?? []);
  tokens.splice(first, 3);
  return text;
}

/** Plain text of the page: prose and inline code, not code blocks or markup. */
function textOf(tokens: Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') parts.push(plainText(token.children ?? []));
    else if (token.type === 'admonition_open') parts.push((token.meta as { title: string }).title);
  }
  return parts.join('\n');
}

function firstSentence(text: string): string {
  const line = text.split('\n').find((l) => l.trim().length > 20) ?? '';
  const sentence = /^(.{20,200}?[.!?])(\s|$)/.exec(line)?.[1] ?? line.slice(0, 160);
  return sentence.trim();
}

/** Ids written in raw HTML in the markdown (`<a id="x"></a>`), which links may target too. */
function rawHtmlIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  const collect = (content: string) => {
    for (const match of content.matchAll(/\sid=["']([^"']+)["']/g)) ids.push(match[1]);
  };
  for (const token of tokens) {
    if (token.type === 'html_block') collect(token.content);
    for (const child of token.children ?? []) if (child.type === 'html_inline') collect(child.content);
  }
  return ids;
}
