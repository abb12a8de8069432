// Shiki itself, for the highlighter (highlight.ts) and its worker thread (highlight-thread.ts): what a fence asks
// for, Shiki loaded with a site's grammars and themes, and one block's HTML.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
// Shiki is imported when a block is not in the cache (about 0.15 s of module loading): a warm build never loads it.
import type { HighlighterGeneric } from 'shiki';

export interface HighlightOptions {
  themes: { light: string; dark: string };
}

export const defaults: HighlightOptions = { themes: { light: 'github-light', dark: 'github-dark' } };

/** Names writers use mapped to Shiki grammar ids. */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  env: 'dotenv',
  js: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
  htaccess: 'apache',
  plist: 'xml',
  gradle: 'groovy',
  kt: 'kotlin',
  md: 'markdown',
  conf: 'nginx',
};
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

export type Highlighter = HighlighterGeneric<string, string>;

export interface FenceInfo {
  lang: string;
  title?: string;
  highlight: Set<number>;
  lineNumbers: boolean;
}

/** Parses a fence's info string. */
export function parseFenceInfo(info: string): FenceInfo {
  const lang = (info.trim().split(/\s+/)[0] ?? '').toLowerCase();
  const rest = info.trim().slice(lang.length);
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(rest);
  const ranges = /\{([\d,\s-]+)\}/.exec(rest);
  const highlight = new Set<number>();
  for (const part of ranges?.[1].split(',') ?? []) {
    const [from, to] = part.split('-').map((n) => Number(n.trim()));
    if (!Number.isFinite(from)) continue;
    for (let n = from; n <= (Number.isFinite(to) ? to : from); n++) highlight.add(n);
  }
  return {
    lang,
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlight,
    lineNumbers: /\bshowLineNumbers\b/.test(rest),
  };
}

/** Grammar id for a fence language, or undefined for plain text. */
export function grammarOf(lang: string): string | undefined {
  const lower = lang.toLowerCase();
  if (PLAIN.has(lower)) return undefined;
  return ALIASES[lower] ?? lower;
}

/** The grammar ids of fence languages that Shiki bundles, and every id it bundles. */
export async function grammarsOf(langs: Iterable<string>): Promise<{ bundled: Set<string>; ids: string[] }> {
  const { bundledLanguages } = await import('shiki');
  const bundled = new Set(Object.keys(bundledLanguages));
  const ids = new Set<string>();
  for (const lang of langs) {
    const id = grammarOf(lang);
    if (id && bundled.has(id)) ids.add(id);
  }
  return { bundled, ids: [...ids] };
}

/** Shiki with the two themes and these grammars (ids that Shiki bundles). */
export async function loadShiki(themes: HighlightOptions['themes'], ids: Iterable<string>): Promise<Highlighter> {
  const { bundledLanguages, createHighlighter } = await import('shiki');
  const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
  // Shiki loads a grammar that embeds others lazily (markdown: 57 of them) again each time one of those others is
  // loaded after it is known: seventeen times for this site's languages, 150 of 300 ms. Such grammars come last.
  const sorted = [...ids].sort();
  const modules = await Promise.all(sorted.map((id) => bundledLanguages[id as keyof typeof bundledLanguages]()));
  const embedding = new Set(
    sorted.filter((id, i) =>
      modules[i].default.some((grammar) => grammar.name === id && grammar.embeddedLangsLazy?.length),
    ),
  );
  const shiki = (await createHighlighter({
    themes: [themes.light, themes.dark],
    langs: sorted.filter((id) => !embedding.has(id)),
    // Oniguruma (WASM) compiles grammars about 3x faster than the JavaScript engine. Its binary is read as it is:
    // `shiki/wasm` holds it gzipped in base64, which took 100 ms to import and unpack, against 3-8 ms for the file.
    engine: createOnigurumaEngine(readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'))),
  })) as Highlighter;
  if (embedding.size > 0) await shiki.loadLanguage(...([...embedding] as Parameters<Highlighter['loadLanguage']>));
  return shiki;
}

/** A block's <pre>, both themes, marked lines and line numbers; a language whose grammar is not `loaded` is text. */
export function blockHtml(
  shiki: Highlighter,
  loaded: ReadonlySet<string>,
  themes: HighlightOptions['themes'],
  code: string,
  info: FenceInfo,
): string {
  const grammar = grammarOf(info.lang);
  return shiki.codeToHtml(code, {
    lang: grammar && loaded.has(grammar) ? grammar : 'text',
    themes,
    defaultColor: false,
    transformers: [
      {
        pre(node) {
          if (info.lineNumbers) this.addClassToHast(node, 'line-numbers');
          node.properties['data-lang'] = info.lang || 'text';
        },
        line(node, line) {
          if (info.highlight.has(line)) this.addClassToHast(node, 'highlighted');
        },
      },
    ],
  });
}
