// KaTeX, the one place egdocs uses it: formulas typeset at build time (plugins/math.ts), and the stylesheet and fonts
// a site with math publishes (site/index.ts) and its pages with a formula link.
//
// KaTeX is loaded with the first formula, not with the markdown stage: a site without math never parses its code.
// Its stylesheet is published as the package ships it but for the fonts, which are named by a hash of their bytes
// (hosts may then cache them for good) and kept to WOFF2 alone: every browser the client targets (bundle/root.ts)
// reads WOFF2, so the WOFF and TrueType copies the stylesheet also names would be files no reader fetches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Katex from 'katex';
import { contentHash } from '../platform/hash.ts';

const require = createRequire(import.meta.url);
let katex: typeof Katex | undefined;

/** A formula typeset, or KaTeX's reason it cannot be, with where in the TeX it stopped (0-based). */
export type Typeset = { html: string } | { error: string; position: number };

/**
 * HTML for the reader's eyes and MathML for screen readers ('htmlAndMathml'). `strict: 'ignore'`: KaTeX's notes on
 * TeX that LaTeX would read otherwise go to the console, where a build has no place for them; the formula still
 * typesets. `trust` stays off, so a formula cannot make a link or load an image.
 */
export function typeset(tex: string, display: boolean): Typeset {
  katex ??= require('katex') as typeof Katex;
  try {
    const html = katex.renderToString(tex, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      strict: 'ignore',
    });
    return { html };
  } catch (error) {
    if (!(error instanceof katex.ParseError)) throw error;
    return { error: error.rawMessage, position: error.position ?? 0 };
  }
}

/** KaTeX's version: what typeset HTML depends on besides the TeX, for the store of rendered pages. */
export function katexVersion(): string {
  return (require('katex/package.json') as { version: string }).version;
}

export interface MathAssets {
  /** The stylesheet's path in the output folder. */
  stylesheet: string;
  /** The stylesheet and the fonts it names, by path in the output folder. */
  files: Map<string, Uint8Array>;
}

let assets: MathAssets | undefined;

/** KaTeX's stylesheet and fonts as a site publishes them (made once per thread). */
export function mathAssets(): MathAssets {
  assets ??= makeMathAssets();
  return assets;
}

const FOLDER = 'assets/katex';
// A font in one of the stylesheet's @font-face sources: `url(fonts/KaTeX_Main-Regular.woff2) format("woff2")`.
const FONT_SOURCE = /,?url\(fonts\/([\w-]+)\.(woff2|woff|ttf)\) format\("(?:woff2|woff|truetype)"\)/g;

function makeMathAssets(): MathAssets {
  const dist = path.dirname(require.resolve('katex/dist/katex.min.css'));
  const files = new Map<string, Uint8Array>();
  const css = readFileSync(path.join(dist, 'katex.min.css'), 'utf8').replace(FONT_SOURCE, (_, name, ext) => {
    if (ext !== 'woff2') return '';
    const bytes = readFileSync(path.join(dist, 'fonts', `${name}.woff2`));
    const file = `fonts/${name}-${contentHash(bytes)}.woff2`;
    files.set(`${FOLDER}/${file}`, bytes);
    return `url(${file}) format("woff2")`;
  });
  if (/url\(fonts\//.test(css.replace(/url\(fonts\/[\w-]+-[0-9a-f]{8}\.woff2\)/g, '')))
    throw new Error("KaTeX's stylesheet names its fonts in a way egdocs does not know: update src/markdown/katex.ts");
  // A display formula wider than the column scrolls on its own, as a wide table does, rather than the page.
  const sheet = `${css}\n.math-display{overflow-x:auto;overflow-y:hidden}\n`;
  const stylesheet = `${FOLDER}/katex-${contentHash(sheet)}.css`;
  files.set(stylesheet, new TextEncoder().encode(sheet));
  return { stylesheet, files };
}
