// What the foot of a doc shows about its source: the "Edit this page" link, the "Copy page as Markdown" link, and
// when and by whom it was last changed (git, or the front matter's last_update). It is made into HTML here, at
// build time, and shown as HTML (like the markdown's), so it adds no code to the page's scripts: a component for
// it cost doc pages 200 bytes of first-load JavaScript (gzip), twice what a feature may add.
import type { FileUpdate } from '../content/git-history.ts';
import { markdownCopyOf } from '../shared/markdown-copy.ts';
import { encodeFilePath } from '../shared/urls.ts';
import type { Config, LastUpdate, Source } from '../shared/model/types.ts';

/**
 * The doc's "Edit this page" URL: docs.editUrl with its file path (from the project root) for `{path}`, each segment
 * encoded ('100%-sure.md' is '100%25-sure.md': a bare '%', '#' or '?' would end or break the path).
 */
export function editUrlOf(config: Config, source: Source): string | undefined {
  return config.docs.editUrl?.replaceAll('{path}', encodeFilePath(source.file));
}

/**
 * The doc's last update as shown: the front matter's `last_update` fields, else git's, each only when the config
 * shows it. Undefined when there is nothing to show.
 */
export function lastUpdateOf(
  config: Config,
  source: Source,
  history: ReadonlyMap<string, FileUpdate>,
): LastUpdate | undefined {
  const { showLastUpdateTime, showLastUpdateAuthor } = config.docs;
  if (!showLastUpdateTime && !showLastUpdateAuthor) return undefined;
  const written = source.frontMatter.lastUpdate;
  const git = history.get(source.file);
  const datetime = showLastUpdateTime ? (written?.date ?? git?.date) : undefined;
  const author = showLastUpdateAuthor ? (written?.author ?? git?.author) : undefined;
  if (!datetime && !author) return undefined;
  return {
    ...(datetime && { datetime, date: formatDate(datetime, config.locale.default) }),
    ...(author && { author }),
  };
}

/** 'Jan 31, 2026' for '2026-01-31' in `locale`; read in UTC, so the day never moves with the build machine's zone. */
export function formatDate(date: string, locale: string): string {
  // One formatter per locale: making one costs more than formatting (0.2 ms against 2 µs, per page of a site).
  const format = formats.get(locale) ?? formats.set(locale, new Intl.DateTimeFormat(locale, DATE_STYLE)).get(locale)!;
  return format.format(new Date(`${date}T00:00:00Z`));
}

const DATE_STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The foot's HTML: "Edit this page" (when there is an edit URL), "Copy page as Markdown" (a link to the markdown
 * copy that src/client/copy.ts makes copy instead), "Last updated on <time> by <author>" (when known).
 */
export function docFooterHtml({
  route,
  editUrl,
  lastUpdate,
}: {
  route: string;
  editUrl?: string;
  lastUpdate?: LastUpdate;
}): string {
  const parts: string[] = [];
  if (editUrl) parts.push(`<a class="edit-link" href="${escape(editUrl)}">Edit this page</a>`);
  parts.push(
    `<a class="copy-page" href="${escape(markdownCopyOf(route))}" data-copy-page="">Copy page as Markdown</a>`,
  );
  if (lastUpdate) {
    const on = lastUpdate.date ? ` on <time datetime="${lastUpdate.datetime}">${escape(lastUpdate.date)}</time>` : '';
    const by = lastUpdate.author ? ` by <span class="last-updated-author">${escape(lastUpdate.author)}</span>` : '';
    parts.push(`<p class="last-updated">Last updated${on}${by}</p>`);
  }
  return parts.join('');
}

/** Text for HTML, in an element or a quoted attribute. */
export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
