// `theme` in the config: the site's accent colour (links, buttons, the active sidebar entry) in each colour mode, and
// stylesheets of the project's own loaded after egdocs' one. A colour whose links would not be readable on the
// mode's background (WCAG AA: 4.5:1) is refused where it is written.
import { array, object, string } from '../schema/combinators.ts';
import type { Complaint } from '../schema/combinators.ts';

/** The page background of each mode (templates/styles/tokens.css), which links are read against. */
export const BACKGROUNDS = { light: '#ffffff', dark: '#1b1b1d' } as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The colour's channels, 0 to 255, of '#1f7a4d' or '#1f7'. */
function channels(hex: string): [number, number, number] {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  return digits.map((pair) => parseInt(pair, 16)) as [number, number, number];
}

/** WCAG relative luminance of a colour's channels, each 0 to 255: 0 for black, 1 for white. */
export function relativeLuminance(red: number, green: number, blue: number): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG relative luminance of '#rrggbb' or '#rgb'. */
export function luminance(hex: string): number {
  return relativeLuminance(...channels(hex));
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const accentIn = (mode: keyof typeof BACKGROUNDS) =>
  string({ empty: false })
    .refine((color, key): Complaint | undefined => {
      if (!HEX.test(color))
        return {
          message: `${key} '${color}' is not a colour like '#1f7a4d'`,
          hint: 'write it as # and 3 or 6 hex digits',
        };
      const ratio = contrast(color, BACKGROUNDS[mode]);
      return ratio < 4.5
        ? {
            message: `${key} '${color}' has a contrast of ${ratio.toFixed(1)}:1 on the ${mode} background (${BACKGROUNDS[mode]}); links in it would be hard to read`,
            hint: `choose a ${mode === 'light' ? 'darker' : 'lighter'} shade: WCAG AA asks 4.5:1 for text`,
          }
        : undefined;
    })
    .optional();

export const theme = object({
  /** The accent colour in each mode, as '#rrggbb'; a mode left out keeps egdocs' green. */
  accentColor: object({ light: accentIn('light'), dark: accentIn('dark') }).optional(),
  /** Stylesheets loaded after egdocs' own, each a path under content/static/ or an https URL. */
  stylesheets: array(string({ empty: false }).located()).default([]),
});
