// Runs inline in <head>, before the first paint, so a page never flashes the other colour mode: applies the colour
// mode the reader chose (templates/ColorModeToggle.tsx stores it), and hides an announcement bar the reader
// dismissed (templates/Layout.tsx). Built on its own and minified by the bundle stage; no imports but types.
import type { ColorModeInput } from '../../shared/inline-scripts.ts';

/** This page's input, written in by the render stage (src/shared/inline-scripts.ts). */
declare const EGDOCS_INLINE_INPUT: ColorModeInput;

try {
  const [themeKey, dismissedKey, barId, forget, system] = EGDOCS_INLINE_INPUT;
  const root = document.documentElement;
  const storage = localStorage;
  // Without a switch, a choice stored before it was turned off no longer holds.
  if (forget) storage.removeItem(themeKey);
  const mode = forget ? null : storage.getItem(themeKey);
  if (mode === 'light' || mode === 'dark') root.dataset.theme = mode;
  // Else the system's mode, when the site follows it and the browser says; else the site's default (in the markup).
  else if (system && matchMedia('(prefers-color-scheme: light)').matches) root.dataset.theme = 'light';
  else if (system && matchMedia('(prefers-color-scheme: dark)').matches) root.dataset.theme = 'dark';
  if (dismissedKey && storage.getItem(dismissedKey) === barId) root.dataset.announcementDismissed = 'true';
} catch {
  // No storage (blocked cookies, some private modes): the page keeps the site's default mode.
}
