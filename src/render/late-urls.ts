// Every page names data files whose names carry a hash of their contents: each sidebar's data, which any edit to a
// title or a category changes. Written into the HTML as they are, they would make every page differ after such an
// edit, and the render memo would keep none. So pages are rendered with a fixed stand-in for each such URL, and the
// URL is written over it before the page is encoded: the memo keys the page by its stand-ins, and a page it keeps is
// given the new URLs in place of the old (refill). (The search index's manifest, which any edit to a text changes,
// has a name without a hash: search/index-files.ts.)
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

  /** Each stand-in with its URL: what pages are filled in with (fillIn), and what the render memo keeps. */
  pairs(): [token: string, url: string][] {
    return [...this.urls];
  }

  /** A page's text with each stand-in of `pairs` replaced by its URL (before it is encoded: done once per page). */
  static fillIn(text: string, pairs: [token: string, url: string][]): string {
    if (pairs.length === 0 || !text.includes(PREFIX)) return text;
    for (const [token, url] of pairs) text = text.replaceAll(token, url);
    return text;
  }

  /**
   * Bytes written with the URLs of `before` (an earlier build's pairs) as they read with those of `after`: each
   * stand-in's old URL becomes its new one.
   */
  static refill(bytes: Buffer, before: [token: string, url: string][], after: [token: string, url: string][]): Buffer {
    const now = new Map(after);
    const moves = before.filter(([token, url]) => now.has(token) && now.get(token) !== url && bytes.includes(url));
    if (moves.length === 0) return bytes;
    let text = bytes.toString();
    // Through the stand-ins, so that a URL moved onto another's old URL is not moved twice.
    for (const [token, url] of moves) text = text.replaceAll(url, token);
    return Buffer.from(LateUrls.fillIn(text, after));
  }
}
