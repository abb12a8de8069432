// Fenced code, highlighted at build time by Shiki for the light and dark themes at once (CSS variables pick one),
// so no highlighting code ships to the browser. Fence info: ```lang title="file.ini" {1,3-5} showLineNumbers; lines
// are marked by highlight comments in the code too (highlight-comments.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MarkdownIt } from 'markdown-it';
import { sha256 } from '../../platform/hash.ts';
import type { MarkdownEnv } from '../env.ts';
import { includedLanguages } from '../include-request.ts';
import { commentedLines } from './highlight-comments.ts';
import { HighlightThread } from './highlight-thread.ts';
import {
  blockHtml,
  defaults,
  type FenceInfo,
  grammarOf,
  grammarsOf,
  type Highlighter,
  type HighlightOptions,
  loadShiki,
  parseFenceInfo,
} from './shiki.ts';

const FENCE_LANG = /^\s*(?:```|~~~)\s*([\w+-]+)/gm;

/** The language of every fence in these markdown texts, and of every file they include as code. */
export function fenceLanguages(texts: Iterable<string>): Set<string> {
  const languages = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(FENCE_LANG)) languages.add(match[1]);
    for (const language of includedLanguages(text)) languages.add(language);
  }
  return languages;
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
  private async load(langs: Iterable<string>): Promise<void> {
    const { bundled, ids } = await grammarsOf(langs);
    this.bundled = bundled;
    const added = ids.filter((id) => !this.loaded.has(id));
    for (const id of added) this.loaded.add(id);
    if (!this.shiki) this.shiki = await loadShiki(this.options.themes, this.loaded);
    else if (added.length > 0) await this.shiki.loadLanguage(...(added as Parameters<Highlighter['loadLanguage']>));
  }
  private bundled = new Set<string>();

  /**
   * Sets what the next `flush` loads: the languages of every fence of the site, so that a markdown block, which
   * highlights the code fenced inside it with whichever grammars are loaded, comes out the same whichever pages a
   * build renders. With `thread`, the first block Shiki has to highlight starts a worker thread that loads Shiki and
   * highlights the blocks as they come, while this thread goes on parsing pages (a build of its own process, where
   * Shiki's first use is most of a cold build); see highlight-thread.ts.
   */
  begin(langs: () => Iterable<string>, { thread = false } = {}): void {
    this.langs = langs;
    this.thread = thread && !this.shiki;
  }
  private langs: () => Iterable<string> = () => [];

  /**
   * Starts the worker thread now, before `begin`, for a build that will need Shiki (its cache is empty): Shiki loads
   * there while this thread reads the content and loads markdown-it, instead of from the first block on. `langs` must
   * be the languages `begin` will give.
   */
  startThread(langs: Iterable<string>): void {
    if (!this.shiki) this.worker ??= new HighlightThread(this.options.themes, [...langs]);
  }

  /** Stops a worker thread that has not been asked for its results (a build that stops before `flush`). */
  close(): void {
    this.worker?.close();
    this.worker = undefined;
  }

  /** How many blocks a worker thread has highlighted (the rest were cached, or highlighted in this thread). */
  fromThread = 0;
  /** How many blocks sent to a worker thread this thread highlighted instead, having finished its own work first. */
  sharedHere = 0;
  private thread = false;
  private worker: HighlightThread | undefined;

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
      if (!this.pending.has(key) && this.thread) {
        this.worker ??= new HighlightThread(this.options.themes, [...this.langs()]);
        this.worker.add(key, code, info);
      }
      this.pending.set(key, { code, info });
      return `\0${key}\0`;
    }
    return this.toHtml(key, code, info);
  }
  /** Blocks marked by `highlight`, by key, until `flush` highlights them. */
  private pending = new Map<string, { code: string; info: FenceInfo }>();

  /**
   * The blocks marked since the last call, which a markdown worker (markdown/worker.ts) hands to the main thread's
   * highlighter: a worker's highlighter never loads Shiki, and the marks it leaves are filled in the main thread.
   */
  takeMarked(): { code: string; info: FenceInfo }[] {
    const marked = [...this.pending.values()];
    this.pending.clear();
    return marked;
  }

  /**
   * Highlights the marked blocks: the worker's results (this thread taking a share when the worker is behind), or
   * Shiki in this thread, loaded first with the grammars of the languages `begin` gave (and of the blocks').
   */
  async flush(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      worker.send();
      if (worker.behind) await this.share(worker);
      const done = await worker.results().catch(() => undefined);
      for (const [key, html] of done ?? []) {
        this.keep(key, html);
        this.pending.delete(key);
      }
      this.fromThread += done?.length ?? 0;
    }
    if (this.pending.size === 0) return;
    // No worker, or one that failed (it could not start, say): Shiki in this thread.
    await this.load([...this.langs(), ...[...this.pending.values()].map(({ info }) => info.lang)]);
    for (const [key, { code, info }] of this.pending) this.toHtml(key, code, info);
    this.pending.clear();
  }

  /**
   * Every page is parsed and the worker has grammars it has not begun: Shiki loads here too (every grammar of the
   * site, as in the worker, so that a block comes out the same in either thread) and highlights those grammars'
   * blocks, the last grammar first, until the worker has claimed all that are left.
   */
  private async share(worker: HighlightThread): Promise<void> {
    await this.load(this.langs());
    for (let blocks = worker.claimLast(); blocks; blocks = worker.claimLast()) {
      for (const [key, code, info] of blocks) {
        this.toHtml(key, code, info);
        this.pending.delete(key);
      }
      this.sharedHere += blocks.length;
    }
  }

  /**
   * `html` with each mark left by `highlight` replaced by its block. A page's HTML has no NUL but the marks'
   * (markdown-it turns NUL in the source into U+FFFD), so the marks are found with indexOf rather than a regular
   * expression: 70 -> 53 ms of a cold 1,000-doc build, most of what is left being the first read of each page's HTML.
   */
  fill(html: string): string {
    let at = html.indexOf('\0');
    if (at < 0) return html;
    let filled = '';
    let from = 0;
    while (at >= 0) {
      const end = html.indexOf('\0', at + 1);
      const block = end < 0 ? undefined : this.cache.get(html.slice(at + 1, end));
      // Not a mark: a NUL that came some other way (a front matter string copied beside the HTML) stays.
      if (block === undefined) {
        at = end;
        continue;
      }
      filled += html.slice(from, at) + block;
      from = end + 1;
      at = html.indexOf('\0', from);
    }
    return filled + html.slice(from);
  }

  private toHtml(key: string, code: string, info: FenceInfo): string {
    return this.keep(key, blockHtml(this.shiki!, this.loaded, this.options.themes, code, info));
  }

  private keep(key: string, html: string): string {
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
    for (const line of commentedLines(token)) info.highlight.add(line);
    const html = code.highlight(token.content.replace(/\n$/, ''), info);
    // A mark for a block Shiki has still to highlight: the markdown stage fills the page's HTML in afterwards.
    if (html.charCodeAt(0) === 0) (env as unknown as MarkdownEnv).needsHighlighter = true;
    const title = info.title ? `<div class="code-title">${md.utils.escapeHtml(info.title)}</div>` : '';
    // The copy button is part of the page's HTML, so it needs no client rendering; src/client/copy.ts wires it.
    return `<div class="code-block${info.title ? ' has-title' : ''}">${title}${COPY_BUTTON}${html}</div>\n`;
  };
}
