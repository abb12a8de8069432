// The index the search worker answers from (answers.ts): it reads the index's manifest and makes an engine that
// fetches the files it names as queries need them; a page open across a deploy, whose manifest names files the
// server no longer has, reads the new manifest and asks again.
import { createEngine, type Engine, type EngineOptions, readManifest } from '../../shared/search/engine.ts';
import { indexFileName } from '../../shared/search/format.ts';

/** What the index is fetched with: the network, and the worker script's address. */
export interface IndexHost {
  fetch(url: URL, init?: RequestInit): Promise<Response>;
  /** What the index's URL is relative to. */
  href: string;
}

/** A file the manifest names is not on the server: the site was deployed again since the manifest was read. */
class FileGone extends Error {}

/** The site's search index, as the worker's engine reads it. */
export class SiteIndex {
  private engine: Promise<Engine> | undefined;
  private indexUrl = '';
  private options!: EngineOptions;

  constructor(private readonly host: IndexHost) {}

  /** Reads the manifest at `indexUrl` (the page's `init`): the engine, once it is read. */
  open(indexUrl: string, options: EngineOptions): Promise<Engine> {
    this.indexUrl = indexUrl;
    this.options = options;
    return (this.engine = this.start());
  }

  /**
   * Runs `use` with the engine. A page open across a deploy holds the manifest of the site before it: when a file
   * it names is gone, the new one is read and `use` runs again. Other askers' queries failed the same way; the first
   * to fail reads it, the others wait for that one.
   */
  async use(use: (engine: Engine) => Promise<void>): Promise<void> {
    const used = this.engine!;
    try {
      await use(await used);
    } catch (error) {
      if (!(error instanceof FileGone)) throw error;
      if (this.engine === used) this.engine = this.start();
      await use(await this.engine!);
    }
  }

  /** Reads the manifest and makes an engine that loads the files it names as queries need them. */
  private start(): Promise<Engine> {
    const manifestUrl = new URL(this.indexUrl, this.host.href);
    return this.fetchJson(manifestUrl, 'manifest').then((value) => {
      const manifest = readManifest(value);
      return createEngine(
        manifest,
        (name) => this.fetchJson(new URL(indexFileName(name, manifest), manifestUrl), name),
        this.options,
      );
    });
  }

  /**
   * One of the index's files, parsed; a failed request or a file that is not JSON is an error naming the file. The
   * manifest's name stays the same from one deploy to the next: it is revalidated (`no-cache`), never taken from a
   * cache unasked, so it names the index files the server has now.
   */
  private async fetchJson(url: URL, name: string): Promise<unknown> {
    const response = await this.host.fetch(url, name === 'manifest' ? { cache: 'no-cache' } : undefined);
    if (!response.ok) {
      const message = `search index file ${name}: ${response.status} ${response.statusText}`.trim();
      throw response.status === 404 && name !== 'manifest' ? new FileGone(message) : new Error(message);
    }
    try {
      return await response.json();
    } catch {
      throw new Error(`search index file ${name} is damaged`);
    }
  }
}
