// The error overlay of `egdocs serve`: a failed build's problems over the last good page, each with the lines shown
// under it in the terminal (the source line with a caret, notes at related places), until the next good build.
import { type ErrorMessage, problemText } from '../shared/live-protocol.ts';

const OVERLAY_ID = 'egdocs-error-overlay';

/** Removes the overlay, if one is shown. */
export function hideOverlay(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

/** Shows a failed build's problems over the page, replacing any earlier overlay. */
export function showOverlay(message: ErrorMessage): void {
  hideOverlay();
  const overlay = element('div', {
    cssText:
      'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(20,0,0,.92);color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace',
  });
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', message.title);
  const title = element('h2', { text: message.title, cssText: 'margin:0 0 1rem;color:#ff8080;font-size:1.2rem' });
  const list = element('pre', { cssText: 'white-space:pre-wrap;margin:0 0 1rem' });
  list.textContent = message.problems.map(problemText).join('\n');
  const note = element('p', {
    text: 'The page shows the last good build. Fix the file and save: this closes by itself.',
  });
  const close = element('button', { text: 'Close' });
  close.type = 'button';
  close.onclick = hideOverlay;
  overlay.append(title, list, note, close);
  document.body.append(overlay);
}

/** A new element with its text and inline style. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  { text, cssText }: { text?: string; cssText?: string },
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (cssText !== undefined) made.style.cssText = cssText;
  return made;
}
