// Fenced code, highlighted at build time by Shiki for the light and dark themes at once (CSS variables pick one),
// so no highlighting code ships to the browser. Fence info: ```lang title="file.ini" {1,3-5} showLineNumbers
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MarkdownIt } from 'markdown-it';
import { sha256 } from '../../hash.ts';
import type { MarkdownEnv } from '../env.ts';
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

/**
 * Highlights fences with Shiki, remembering results in a cache file between builds. Shiki compiles a grammar's
 * regular expressions on first use, which costs about a second for this site's languages; a rebuild that finds
 * every block in the cache never loads Shiki at all.
 */
export class CodeHighlighter {
  private shiki: Highlighter | undefined;
  private loaded = new Set<string>();
  private cache = new Map<string, string>();
  /** Keys looked up in this build: only these are saved, so the file does not grow with every edit. */
  private used = new Set<string>();
  private dirty = false;

  constructor(
    readonly options: HighlightOptions = defaults,
    /** JSON file of earlier results; undefined keeps everything in memory. */
    readonly cacheFile?: string,
  ) {}

  /** Reads the cache file, if there is one. */
  async open(): Promise<this> {
    if (!this.cacheFile) return this;
    try {
      const saved = JSON.parse(await readFile(this.cacheFile, 'utf8')) as { key: string; entries: [string, string][] };
      if (saved.key === this.versionKey) this.cache = new Map(saved.entries);
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return this;
  }

  /**
   * Loads Shiki with exactly the grammars these fence languages need; once loaded (a dev server keeps one highlighter
   * across builds), adds the grammars of languages it has not seen.
   */
  async load(langs: Iterable<string>): Promise<void> {
    const { bundledLanguages, createHighlighter } = await import('shiki');
    this.bundled = new Set(Object.keys(bundledLanguages));
    const added: string[] = [];
    for (const lang of langs) {
      const id = grammarOf(lang);
      if (id && id in bundledLanguages && !this.loaded.has(id)) added.push(id);
    }
    for (const id of added) this.loaded.add(id);
    if (this.shiki) {
      if (added.length > 0) await this.shiki.loadLanguage(...(added as Parameters<Highlighter['loadLanguage']>));
      return;
    }
    const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
    this.shiki = (await createHighlighter({
      themes: [this.options.themes.light, this.options.themes.dark],
      langs: [...this.loaded].sort(),
      // Oniguruma (WASM) compiles grammars about 3x faster than the JavaScript engine.
      engine: createOnigurumaEngine(import('shiki/wasm')),
    })) as Highlighter;
  }
  private bundled = new Set<string>();

  /**
   * The <pre> for a fence: from the cache, from Shiki when it is loaded with the fence's grammar, or else a mark that
   * `fill` replaces once `flush` has highlighted the block. Marking instead of rendering the page again after Shiki
   * loads means a cold build parses and renders each page once.
   */
  highlight(code: string, info: FenceInfo): string {
    const key = sha256(`${info.lang}\0${[...info.highlight].join(',')}\0${info.lineNumbers}\0${code}`, 'base64url');
    this.used.add(key);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const grammar = grammarOf(info.lang);
    if (!this.shiki || (grammar && this.bundled.has(grammar) && !this.loaded.has(grammar))) {
      this.pending.set(key, { code, info });
      return `\0${key}\0`;
    }
    return this.toHtml(key, code, info);
  }
  /** Blocks marked by `highlight`, by key, until `flush` highlights them. */
  private pending = new Map<string, { code: string; info: FenceInfo }>();

  /** Highlights the marked blocks, loading Shiki with the grammars of `langs` (and theirs) first. */
  async flush(langs: Iterable<string>): Promise<void> {
    if (this.pending.size === 0) return;
    await this.load([...langs, ...[...this.pending.values()].map(({ info }) => info.lang)]);
    for (const [key, { code, info }] of this.pending) this.toHtml(key, code, info);
    this.pending.clear();
  }

  /** `html` with each mark left by `highlight` replaced by its block (markdown-it turns NUL in the source into U+FFFD). */
  fill(html: string): string {
    return html.includes('\0') ? html.replace(/\0([\w-]+)\0/g, (_, key: string) => this.cache.get(key)!) : html;
  }

  private toHtml(key: string, code: string, info: FenceInfo): string {
    const grammar = grammarOf(info.lang);
    const html = this.shiki!.codeToHtml(code, {
      lang: grammar && this.loaded.has(grammar) ? grammar : 'text',
      themes: this.options.themes,
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
    this.cache.set(key, html);
    this.dirty = true;
    return html;
  }

  /**
   * Writes the cache file when it changed, keeping only the entries this build used; with `keepUnused` (some pages
   * were reused whole, so their blocks were not looked up) every entry stays.
   */
  async save({ keepUnused = false } = {}): Promise<void> {
    if (!this.cacheFile || (!this.dirty && (keepUnused || this.used.size === this.cache.size))) return;
    const entries = [...this.cache].filter(([key]) => keepUnused || this.used.has(key));
    await mkdir(path.dirname(this.cacheFile), { recursive: true });
    await writeFile(this.cacheFile, JSON.stringify({ key: this.versionKey, entries }));
    this.dirty = false;
  }

  /** What highlighted HTML depends on besides the code (Shiki's version, the themes), for caches of whole pages. */
  get cacheKey(): string {
    return this.versionKey;
  }

  /** Results depend on Shiki's version and the themes. */
  private get versionKey(): string {
    this.key ??= `${(createRequire(import.meta.url)('shiki/package.json') as { version: string }).version}|${this.options.themes.light}|${this.options.themes.dark}`;
    return this.key;
  }
  private key: string | undefined;
}

const COPY_BUTTON = '<button type="button" class="copy-button"><span class="copy-label">Copy</span></button>';

export function highlight(md: MarkdownIt, code: CodeHighlighter): void {
  md.renderer.rules.fence = (tokens, idx, _options, env) => {
    const token = tokens[idx];
    const info = parseFenceInfo(token.info);
    const html = code.highlight(token.content.replace(/\n$/, ''), info);
    // A mark for a block Shiki has still to highlight: the markdown stage fills the page's HTML in afterwards.
    if (html.charCodeAt(0) === 0) (env as unknown as MarkdownEnv).needsHighlighter = true;
    const title = info.title ? `<div class="code-title">${md.utils.escapeHtml(info.title)}</div>` : '';
    // The copy button is part of the page's HTML, so it needs no client rendering; src/client/copy.ts wires it.
    return `<div class="code-block${info.title ? ' has-title' : ''}">${title}${COPY_BUTTON}${html}</div>\n`;
  };
}
