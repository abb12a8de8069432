// The markdown stage: a Page for each source, with its HTML and everything later stages need (headings, anchors,
// links with positions, plain text, word count, excerpt). Its parts: the parser (parser.ts: one markdown-it instance
// with the project's plugins, a source at a time), the pages earlier builds kept (page-store.ts), and the loop over
// the sources that reuses those, renders the others (with the markdown workers: parallel.ts) and waits for Shiki
// (render-pages.ts).
import type { MarkdownContext, MarkdownRenderer } from './context.ts';
import { PageStore } from './page-store.ts';
import { PageParser } from './parser.ts';
import { CodeHighlighter } from './plugins/highlight.ts';
import { PageRenderer } from './render-pages.ts';

export type { MarkdownContext, MarkdownRenderer, MarkdownSpeed, StartedPages } from './context.ts';
export type { PageCache } from './page-store.ts';

/** Creates the renderer; async because it reads the highlight cache and the page store. */
export async function createMarkdown(context: MarkdownContext): Promise<MarkdownRenderer> {
  const { config, content, speed = {} } = context;
  const code = speed.highlighter ?? (await new CodeHighlighter(undefined, speed.highlightCache).open());
  const parser = new PageParser(config, content, code);
  const store = await PageStore.open({ folder: speed.pageStore, config, code, tables: parser.tables });
  return new PageRenderer(context, code, parser, store);
}
