// Copy buttons of code blocks. The markdown stage renders the button into each block (so it is in the page's
// HTML and keyboard reachable); this wires every one, present and future, with one delegated listener. The same
// listener makes a doc's "Copy page as Markdown" link (site/doc-footer.ts) copy the markdown copy it links to
// instead of opening it: a few bytes here rather than a part of its own.

const FEEDBACK_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-http hosting has no async clipboard API: fall back to a selection and the legacy copy command.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the browser refused to copy');
}

/** The text at `url` (a page's markdown copy); a failed request is a failed copy, not an error page copied. */
async function markdownOf(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(response.statusText);
  return response.text();
}

export function installCopyButtons(announce: (text: string) => void): void {
  document.documentElement.dataset.copy = '';
  const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button,[data-copy-page]') as HTMLElement | null;
    // The page's markdown copy the link leads to, or the code of the block the button is in.
    const href = button?.getAttribute('href');
    const code = button?.closest('.code-block')?.querySelector('pre code');
    if (!button || !(href || code)) return;
    event.preventDefault();
    let label: string;
    try {
      // textContent: the code as written; line numbers are CSS counters and highlighted-line marks are classes.
      await writeClipboard(href ? await markdownOf(href) : (code!.textContent ?? '').replace(/\n$/, ''));
      label = 'Copied';
    } catch {
      label = 'Copy failed';
    }
    button.dataset.state = label === 'Copied' ? 'copied' : 'failed';
    const text = button.querySelector('.copy-label');
    if (text) text.textContent = label;
    announce(label === 'Copied' ? 'Copied to clipboard' : 'Copy failed');
    clearTimeout(timers.get(button));
    timers.set(
      button,
      setTimeout(() => {
        delete button.dataset.state;
        if (text) text.textContent = 'Copy';
      }, FEEDBACK_MS),
    );
  });
}
