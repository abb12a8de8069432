// Fenced code, highlighted at build time by Shiki for the light and dark themes at once (CSS variables pick one),
// so no highlighting code ships to the browser. Fence info: ```lang title="file.ini" {1,3-5} showLineNumbers
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { MarkdownIt } from 'markdown-it';
import { sha256 } from '../../hash.ts';
import { startWorker } from '../../worker-thread.ts';
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
   * Shiki's first use is most of a cold build).
   */
  begin(langs: () => Iterable<string>, { thread = false } = {}): void {
    this.langs = langs;
    this.thread = thread && !this.shiki;
  }
  private langs: () => Iterable<string> = () => [];
  /** How many blocks a worker thread has highlighted (the rest were cached, or highlighted in this thread). */
  fromThread = 0;
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
   * Highlights the marked blocks: the worker's results, or Shiki in this thread, loaded first with the grammars of
   * the languages `begin` gave (and of the blocks').
   */
  async flush(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    const done = await worker?.results().catch(() => undefined);
    for (const [key, html] of done ?? []) this.keep(key, html);
    this.fromThread += done?.length ?? 0;
    if (done) this.pending.clear();
    if (this.pending.size === 0) return;
    // No worker, or one that failed (it could not start, say): Shiki in this thread.
    await this.load([...this.langs(), ...[...this.pending.values()].map(({ info }) => info.lang)]);
    for (const [key, { code, info }] of this.pending) this.toHtml(key, code, info);
    this.pending.clear();
  }

  /**
   * `html` with each mark left by `highlight` replaced by its block. Every NUL in the HTML is a mark's (markdown-it
   * turns NUL in the source into U+FFFD), so the marks are found with indexOf rather than a regular expression: 70 ->
   * 53 ms of a cold 1,000-doc build, most of what is left being the first read of each page's HTML.
   */
  fill(html: string): string {
    let at = html.indexOf('\0');
    if (at < 0) return html;
    let filled = '';
    let from = 0;
    for (; at >= 0; at = html.indexOf('\0', from)) {
      const end = html.indexOf('\0', at + 1);
      filled += html.slice(from, at) + this.cache.get(html.slice(at + 1, end))!;
      from = end + 1;
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

/** The grammar ids of fence languages that Shiki bundles, and every id it bundles. */
async function grammarsOf(langs: Iterable<string>): Promise<{ bundled: Set<string>; ids: string[] }> {
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
async function loadShiki(themes: HighlightOptions['themes'], ids: Iterable<string>): Promise<Highlighter> {
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
function blockHtml(
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

/** What the highlight worker is started with, and the messages it is sent: blocks, then the end. */
export interface HighlightJob {
  themes: HighlightOptions['themes'];
  langs: string[];
}
export type HighlightMessage = { blocks: [key: string, code: string, info: FenceInfo][] } | { end: true };
export type HighlightDone = { results: [key: string, html: string][] } | { error: string };

/** Blocks sent to the worker at a time: one message per block costs more than highlighting some of them. */
const BATCH = 32;

/** The highlight worker (highlight-worker.ts) as this thread sees it: blocks in, their HTML out at the end. */
class HighlightThread {
  private worker: Worker;
  private batch: [string, string, FenceInfo][] = [];
  private done: Promise<[string, string][]>;

  constructor(themes: HighlightOptions['themes'], langs: string[]) {
    const job: HighlightJob = { themes, langs };
    this.worker = startWorker('highlight-worker', new URL('../highlight-worker.ts', import.meta.url), {
      workerData: job,
    });
    this.done = new Promise((resolve, reject) => {
      this.worker.once('message', (done: HighlightDone) =>
        'results' in done ? resolve(done.results) : reject(new Error(done.error)),
      );
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(new Error('the highlight worker stopped')));
    });
    // Settled here too, so that a worker failing before `results` is asked for is not an unhandled rejection; and
    // not keeping the process alive until then (a build that stops early does not wait for it).
    this.done.catch(() => {});
    this.worker.unref();
  }

  add(key: string, code: string, info: FenceInfo): void {
    this.batch.push([key, code, info]);
    if (this.batch.length >= BATCH) this.send();
  }

  /** Every block's HTML; the worker then ends. */
  async results(): Promise<[string, string][]> {
    this.send();
    this.worker.postMessage({ end: true } satisfies HighlightMessage);
    this.worker.ref();
    try {
      return await this.done;
    } finally {
      void this.worker.terminate();
    }
  }

  private send(): void {
    if (this.batch.length === 0) return;
    this.worker.postMessage({ blocks: this.batch } satisfies HighlightMessage);
    this.batch = [];
  }
}

/** The worker's side: Shiki loaded once, each block highlighted as it comes, the results sent at the end. */
export function serveHighlightJob(
  job: HighlightJob,
  port: {
    on(event: 'message', listener: (message: HighlightMessage) => void): void;
    postMessage(done: HighlightDone): void;
  },
): void {
  const ready = (async () => {
    const { ids } = await grammarsOf(job.langs);
    const loaded = new Set(ids);
    return { shiki: await loadShiki(job.themes, loaded), loaded };
  })();
  const results: [string, string][] = [];
  // Messages are handled in the order they came: each waits for the same `ready`.
  port.on('message', (message) => {
    ready.then(
      ({ shiki, loaded }) => {
        if ('blocks' in message)
          for (const [key, code, info] of message.blocks)
            results.push([key, blockHtml(shiki, loaded, job.themes, code, info)]);
        else port.postMessage({ results });
      },
      (error: unknown) => {
        if ('end' in message) port.postMessage({ error: String(error) });
      },
    );
  });
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
