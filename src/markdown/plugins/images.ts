// Images: resolve the written path to a file under content/, point at its output URL, and give it its intrinsic
// width and height so the page does not shift as it loads. A missing file is a warning at its line. A fragment says
// how the image meets the colour modes (THEME_FRAGMENTS): `#invert-dark` inverts a diagram drawn dark on light in the
// dark mode, and GitHub's `#gh-dark-mode-only` and `#gh-light-mode-only` show an image in one mode only.
import path from 'node:path/posix';
import type { MarkdownIt } from 'markdown-it';
import { imageSize } from 'image-size';
import type { AssetBytes, Config } from '../../shared/model/types.ts';
import { assetUrl, dotFileHint, isDotPath } from '../../content/assets.ts';
import { relativeToBase } from '../../shared/urls.ts';
import { attr } from '../env.ts';
import { forEachInline } from './locate.ts';

export interface ImageOptions {
  config: Config;
  /** Files under content/ by path from the project root (a Map, or a view that records lookups). */
  assets: Pick<ReadonlyMap<string, AssetBytes>, 'get'>;
}

/** The fragments an image's address may end with, and the class each gives the image (markdown.css). */
const THEME_FRAGMENTS: Record<string, string> = {
  'invert-dark': 'invert-dark',
  'gh-dark-mode-only': 'dark-only',
  'gh-light-mode-only': 'light-only',
};

export function images(md: MarkdownIt, options: ImageOptions): void {
  const { config, assets } = options;
  md.core.ruler.after('inline', 'egdocs_images', (state) =>
    forEachInline(state, 'image', (token, env, locate) => {
      const raw = attr(token, 'src');
      const themed = THEME_FRAGMENTS[/#([^#]*)$/.exec(raw)?.[1] ?? ''];
      if (themed) token.attrJoin('class', themed);
      if (/^(?:[a-z]+:|\/\/)/i.test(raw)) return;
      const { file, line, column, related, inBody } = locate(raw);
      // Relative to the file it is written in: for included text, the included file.
      const contentPath = contentPathOf(raw, file, config);
      const bytes = assets.get(contentPath);
      if (!bytes) {
        const at = { file, line, column };
        if (isDotPath(contentPath)) {
          // Read from content/ it would be published: dot files are skipped when content/ is read (content/read.ts).
          const message = `image '${raw}' is a dot file (${contentPath}), which egdocs neither reads nor publishes`;
          env.diagnostics.warn('missing-image', message, at, dotFileHint(contentPath), related);
          return;
        }
        const message = `image '${raw}' not found (looked for ${contentPath})`;
        env.diagnostics.warn('missing-image', message, at, undefined, related);
        return;
      }
      const url = assetUrl(config, contentPath, bytes);
      token.attrSet('src', url);
      env.siteUrls.push({ ...inBody, raw, url });
      const where = file === env.source.file ? {} : { file, includedFrom: related };
      env.links.push({ raw, href: url, hash: '', kind: 'image', line, column, ...where });
      const size = safeSize(bytes);
      if (size) {
        token.attrSet('width', String(size.width));
        token.attrSet('height', String(size.height));
      }
      token.attrSet('loading', 'lazy');
      token.attrSet('decoding', 'async');
    }),
  );
}

function contentPathOf(raw: string, fromFile: string, config: Config): string {
  const clean = decodeURI(raw.split(/[?#]/)[0]);
  if (clean.startsWith('/')) {
    const withoutBase = relativeToBase(config.baseUrl, clean) ?? clean.slice(1);
    return `content/static/${withoutBase}`;
  }
  return path.normalize(path.join(path.dirname(fromFile), clean));
}

function safeSize(bytes: AssetBytes): { width: number; height: number } | undefined {
  // A large file stays on the disk (content/read.ts), and plugins do not read files: shown without its size.
  if (!(bytes instanceof Uint8Array)) return undefined;
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
