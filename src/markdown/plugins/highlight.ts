// Fenced code, highlighted at build time by Shiki for the light and dark themes at once (CSS variables pick one),
// so no highlighting code ships to the browser. Fence info: ```lang title="file.ini" {1,3-5} showLineNumbers
import type { MarkdownIt } from 'markdown-it';
import { createHighlighter, type HighlighterGeneric } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

export interface HighlightOptions {
  themes: { light: string; dark: string };
}

export const defaults: HighlightOptions = { themes: { light: 'github-light', dark: 'github-dark' } };

/** Names writers use mapped to Shiki grammar ids. */
const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', env: 'dotenv', js: 'javascript', ts: 'typescript',
  yml: 'yaml', htaccess: 'apache', plist: 'xml', gradle: 'groovy', kt: 'kotlin', md: 'markdown', conf: 'nginx',
};
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

type Highlighter = HighlighterGeneric<string, string>;

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
  return { lang, title: title ? title[1] ?? title[2] ?? title[3] : undefined, highlight, lineNumbers: /\bshowLineNumbers\b/.test(rest) };
}

/** Grammar id for a fence language, or undefined for plain text. */
export function grammarOf(lang: string): string | undefined {
  const lower = lang.toLowerCase();
  if (PLAIN.has(lower)) return undefined;
  return ALIASES[lower] ?? lower;
}

/** Loads Shiki with exactly the grammars these fence languages need (loading all grammars costs ~300 ms). */
export async function createCodeHighlighter(langs: Iterable<string>, options: HighlightOptions = defaults): Promise<CodeHighlighter> {
  const { bundledLanguages } = await import('shiki');
  const wanted = new Set<string>();
  for (const lang of langs) {
    const id = grammarOf(lang);
    if (id && id in bundledLanguages) wanted.add(id);
  }
  const highlighter = (await createHighlighter({
    themes: [options.themes.light, options.themes.dark],
    langs: [...wanted].sort(),
    // Oniguruma (WASM) compiles grammars about 3x faster than the JavaScript engine, which dominates a build.
    engine: createOnigurumaEngine(import('shiki/wasm')),
  })) as Highlighter;
  return { highlighter, loaded: wanted, options };
}

export interface CodeHighlighter {
  highlighter: Highlighter;
  loaded: Set<string>;
  options: HighlightOptions;
}

export function highlight(md: MarkdownIt, code: CodeHighlighter): void {
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    const info = parseFenceInfo(token.info);
    const grammar = grammarOf(info.lang);
    const lang = grammar && code.loaded.has(grammar) ? grammar : 'text';
    const html = code.highlighter.codeToHtml(token.content.replace(/\n$/, ''), {
      lang,
      themes: code.options.themes,
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
    const title = info.title ? `<div class="code-title">${md.utils.escapeHtml(info.title)}</div>` : '';
    return `<div class="code-block${info.title ? ' has-title' : ''}">${title}${html}</div>\n`;
  };
}
