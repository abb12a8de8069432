// Copy buttons of code blocks. The markdown stage renders the button into each block (so it is in the page's
// HTML and keyboard reachable); this wires every one, present and future, with one delegated listener.

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

export function installCopyButtons(announce: (text: string) => void): void {
  document.documentElement.dataset.copy = '';
  const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('.copy-button') as HTMLButtonElement | null;
    const code = button?.closest('.code-block')?.querySelector('pre code');
    if (!button || !code) return;
    // textContent: the code as written; line numbers are CSS counters and highlighted-line marks are classes.
    const text = (code.textContent ?? '').replace(/\n$/, '');
    let label: string;
    try {
      await writeClipboard(text);
      label = 'Copied';
    } catch {
      label = 'Copy failed';
    }
    button.dataset.state = label === 'Copied' ? 'copied' : 'failed';
    button.querySelector('.copy-label')!.textContent = label;
    announce(label === 'Copied' ? 'Copied to clipboard' : 'Copy failed');
    clearTimeout(timers.get(button));
    timers.set(
      button,
      setTimeout(() => {
        delete button.dataset.state;
        button.querySelector('.copy-label')!.textContent = 'Copy';
      }, FEEDBACK_MS),
    );
  });
}
