// Mermaid diagrams (src/markdown/plugins/mermaid.ts writes each as its source in a code block, in a `.mermaid` box): a
// chunk of its own, loaded only by pages that have one, which loads mermaid's library (src/bundle/mermaid.ts) and
// draws each diagram in the colour mode shown, again whenever the mode changes. The drawing takes the code block's
// place and is one image to screen readers, named by the box's label; a diagram mermaid cannot read keeps its code
// block, with mermaid's reason above it.
import type { Mermaid } from 'mermaid';

/** The library's URL, written in by the bundle stage (src/bundle/index.ts). */
declare const EGDOCS_MERMAID: string;

let library: Promise<Mermaid> | undefined;
/** Drawings are made one after the other: mermaid keeps one configuration, and a mode change redraws them all. */
let queue = Promise.resolve();
let drawings = 0;
let watching = false;

/** Draws the page's diagrams not yet drawn in the mode shown; called after every route renders with one (parts.ts). */
export function run(): void {
  if (!watching) {
    watching = true;
    new MutationObserver(() => void (queue = queue.then(draw))).observe(document.documentElement, {
      attributeFilter: ['data-theme'],
    });
  }
  queue = queue.then(draw);
}

async function draw(): Promise<void> {
  const boxes = document.querySelectorAll<HTMLElement>('#main .mermaid');
  const theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default';
  if (![...boxes].some((box) => box.dataset.drawn !== theme)) return;
  const mermaid = await (library ??= import(EGDOCS_MERMAID).then((module: { default: Mermaid }) => module.default));
  mermaid.initialize({ startOnLoad: false, theme, securityLevel: 'strict' });
  for (const box of boxes) {
    if (box.dataset.drawn === theme) continue;
    const code = box.querySelector<HTMLElement>('.code-block');
    const source = code?.querySelector('pre')?.textContent ?? '';
    let error = box.querySelector<HTMLElement>('.mermaid-error');
    try {
      // parse() first: it throws mermaid's reason without leaving an error drawing in the document, as render() does.
      await mermaid.parse(source);
      const { svg } = await mermaid.render(`egdocs-mermaid-${++drawings}`, source);
      let drawing = box.querySelector<HTMLElement>('.mermaid-drawing');
      if (!drawing) {
        drawing = box.appendChild(document.createElement('div'));
        drawing.className = 'mermaid-drawing';
        drawing.style.cssText = 'overflow-x:auto;text-align:center;margin:1rem 0';
      }
      drawing.innerHTML = svg;
      const image = drawing.querySelector('svg');
      image?.setAttribute('role', 'img');
      image?.setAttribute('aria-label', box.dataset.label ?? 'Diagram');
      if (code) code.hidden = true;
      error?.remove();
      box.dataset.drawn = theme;
    } catch (reason) {
      if (!error) {
        error = box.insertBefore(document.createElement('p'), box.firstChild);
        error.className = 'mermaid-error';
        error.style.whiteSpace = 'pre-wrap';
      }
      error.textContent = `This diagram could not be drawn: ${(reason as Error)?.message ?? String(reason)}`;
      box.dataset.drawn = theme;
    }
  }
}
