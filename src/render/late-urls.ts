// Every page names data files whose names carry a hash of their contents: each sidebar's data, which any edit to a
// title or a category changes. Written into the HTML as they are, they would make every page differ after such an
// edit, and the render memo would keep none. So pages are rendered with a fixed stand-in for each such URL, and the
// URL is written over it once rendered: the memo keeps the page, only the bytes change. (The search index's manifest,
// which any edit to a text changes, has a name without a hash: search/index-files.ts.)
import type { OutputFile } from '../types.ts';

const PREFIX = '__egdocs_late_url_';

/**
 * The stand-ins for one build. A URL is given a stand-in only when it reads the same in every place a page may hold
 * it (an attribute, the JSON of the hydration data), and only when no content file holds the prefix itself.
 */
export class LateUrls {
  private readonly urls = new Map<string, string>();

  constructor(private readonly enabled: boolean) {}

  /** Whether the stand-ins can be used with these content texts. */
  static for(texts: Iterable<string>): LateUrls {
    for (const text of texts) if (text.includes(PREFIX)) return new LateUrls(false);
    return new LateUrls(true);
  }

  /** What the pages are rendered with in place of `url`. */
  slot(url: string): string {
    if (!this.enabled || !/^[\w\-./~%]*$/.test(url)) return url;
    // Numbered, so that no stand-in is the start of another.
    const token = `${PREFIX}${this.urls.size}__`;
    this.urls.set(token, url);
    return token;
  }

  slots(urls: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(urls).map(([id, url]) => [id, this.slot(url)]));
  }

  /** Each stand-in with its URL, as the render memo keeps them (render/store.ts). */
  pairs(): [token: string, url: string][] {
    return [...this.urls];
  }

  /** Bytes filled in with `pairs` made into what was rendered: each URL back to its stand-in. */
  static unfill(bytes: Buffer, pairs: [token: string, url: string][]): Buffer {
    if (!pairs.some(([, url]) => bytes.includes(url))) return bytes;
    let text = bytes.toString();
    for (const [token, url] of pairs) text = text.replaceAll(url, token);
    return Buffer.from(text);
  }

  /** The files with every stand-in replaced by its URL; files without one are returned as they are. */
  fill(files: OutputFile[]): OutputFile[] {
    if (this.urls.size === 0) return files;
    return files.map((file) => {
      // A file kept from the last build as it was written (render/store.ts) is filled in already.
      if (file.kept) return file;
      const { contents } = file;
      // A view of the bytes, not a copy: the pages of a large site are many megabytes.
      const bytes =
        typeof contents === 'string'
          ? undefined
          : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
      if (!(bytes ? bytes.includes(PREFIX) : (contents as string).includes(PREFIX))) return file;
      let text = bytes ? bytes.toString() : (contents as string);
      for (const [token, url] of this.urls) text = text.replaceAll(token, url);
      return { ...file, contents: bytes ? Buffer.from(text) : text };
    });
  }
}
