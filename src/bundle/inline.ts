// The scripts every page carries inline (src/client/inline/), minified by esbuild when egdocs' own code is compiled:
// scripts/compile.js writes them into dist/ as a constant, so a build never starts esbuild for them. Run from its
// sources (tests, benchmarks), egdocs makes them here instead, once per thread, with the same function.
import path from 'node:path';
import { esbuild } from '../platform/esbuild.ts';
import { INPUT_SLOT, type InlineScripts } from '../shared/inline-scripts.ts';
import { BROWSERS, packageRoot } from './root.ts';

/** What scripts/compile.js defines: minifyInlineScripts() as it ran then, as JSON. Undefined in the sources. */
declare const EGDOCS_INLINE_SCRIPTS: string | undefined;

let made: InlineScripts | undefined;

/** The inline scripts, minified, each with INPUT_SLOT where the page's input goes. */
export function inlineScripts(): InlineScripts {
  made ??=
    typeof EGDOCS_INLINE_SCRIPTS === 'string'
      ? (JSON.parse(EGDOCS_INLINE_SCRIPTS) as InlineScripts)
      : minifyInlineScripts();
  return made;
}

/** Builds and minifies each inline script, and checks it reads its input once. */
export function minifyInlineScripts(): InlineScripts {
  const { outputFiles } = esbuild().buildSync({
    entryPoints: {
      colorMode: path.join(packageRoot, 'src/client/inline/color-mode.ts'),
      scriptLoader: path.join(packageRoot, 'src/client/inline/script-loader.ts'),
    },
    bundle: true,
    write: false,
    minify: true,
    // Each runs as a classic script in the page's global scope: a function of its own keeps its names out of it.
    format: 'iife',
    target: BROWSERS,
    outdir: 'inline',
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: packageRoot,
    // No tsconfig: its `strict` would start each script with "use strict", bytes in every page for nothing.
    tsconfigRaw: '{}',
  });
  const script = (name: keyof InlineScripts): string => {
    const file = outputFiles.find((output) => path.basename(output.path) === `${name}.js`);
    // An expression statement: the page needs neither its semicolon nor the line end.
    const text = file?.text.trimEnd().replace(/;$/, '');
    if (text?.split(INPUT_SLOT).length !== 2) throw new Error(`the inline script ${name} must read ${INPUT_SLOT} once`);
    return text;
  };
  return { colorMode: script('colorMode'), scriptLoader: script('scriptLoader') };
}
