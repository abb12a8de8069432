// The two scripts every page carries inline (src/client/inline/), and what the page gives each. The bundle stage
// builds and minifies them (src/bundle/inline.ts); the render stage writes each page's input in place of INPUT_SLOT
// (src/render/document.ts). Plain data: no node and no DOM.

/**
 * The name an inline script reads its input by: a global no page defines, which the minifier leaves as it is. The
 * bundle stage checks that each script names it once; the page's input, as JSON, is written in its place.
 */
export const INPUT_SLOT = 'EGDOCS_INLINE_INPUT';

/**
 * The colour-mode script's input: the local storage key of the reader's colour mode; when the site has an
 * announcement bar, the key under which its dismissal is stored and the bar's id (else null); and `true` when the
 * stored mode is to be forgotten (colorMode.disableSwitch: the site keeps its default). A list rather than an object,
 * and its last items left out when they say nothing: it is in every page.
 */
export type ColorModeInput = [
  themeKey: string,
  dismissedKey?: string | null,
  barId?: string | null,
  forget?: boolean,
  /** colorMode.respectPrefersColorScheme: without a stored choice, the system's mode. */
  system?: true,
];

/** The script loader's input: the page's module scripts, and the chunks they import, to preload. */
export interface ScriptLoaderInput {
  scripts: string[];
  preload: string[];
}

/** The inline scripts, minified, each with INPUT_SLOT where its input goes. */
export interface InlineScripts {
  colorMode: string;
  scriptLoader: string;
}
