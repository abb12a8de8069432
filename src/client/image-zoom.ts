// Image zoom (config `imageZoom`): a script of its own, loaded only by pages whose article has images (app.tsx), and
// built only for projects that turn it on (bundle/index.ts). An image shown smaller than its natural size (a
// screenshot narrowed to the column) becomes a button: a tab stop with a focus ring, named "Enlarge image: <alt>",
// which opens the image at full size in a modal <dialog>, scrolling when it is larger than the window. Escape, the
// close button or a click anywhere but on the scroll bars closes it, and focus goes back to the image.
//
// The image itself takes the button's role rather than being wrapped in a <button>: wrapping would move the article's
// elements after hydration and could shift its layout, while attributes change nothing on screen. Whether an image is
// shown smaller is known only in the browser and changes with the window's width and the colour mode (an image for one
// mode only is not shown in the other), so a ResizeObserver keeps each image's state. An image with empty alt text is
// decorative, and ARIA gives it no role: it gets no button. Nor does an image in a link, which a click follows.
// Its styles come with it, so that a page without images, or a project without zoom, loads none of them.

const IMAGES = '#main .markdown img';
const ZOOMABLE = `${IMAGES}[data-zoom]`;

const STYLES = `
${ZOOMABLE} { cursor: zoom-in; }
.image-zoom { padding: 0; border: 0; border-radius: var(--radius); background: var(--bg); overscroll-behavior: contain; }
.image-zoom::backdrop { background: rgba(0, 0, 0, 0.75); }
.image-zoom img { display: block; max-width: none; cursor: zoom-out; }
html[data-theme='dark'] .image-zoom img.invert-dark { filter: invert(0.88) hue-rotate(180deg); }
.image-zoom-close {
  position: fixed; top: 0.75rem; right: 0.75rem; min-width: 2.75rem; min-height: 2.75rem; padding: 0 0.75rem;
  border: 1px solid var(--border); border-radius: var(--radius); background: var(--bg-raised); color: var(--fg);
  font: inherit; cursor: pointer;
}
`;

/** The natural size of an image: the size the build wrote on it, else the file's once loaded. */
function naturalSize(img: HTMLImageElement): { width: number; height: number } {
  const attribute = (name: string) => Number(img.getAttribute(name)) || 0;
  return {
    width: attribute('width') || img.naturalWidth,
    height: attribute('height') || img.naturalHeight,
  };
}

/** Whether the reader can enlarge `img`: shown, smaller than it is, not decorative, and not in a link. */
function zoomable(img: HTMLImageElement): boolean {
  if (img.getAttribute('alt') === '' || img.closest('a, button')) return false;
  // An image the page made interactive itself (raw HTML with a role or tab stop) is left as it is.
  if (!('zoom' in img.dataset) && (img.hasAttribute('role') || img.hasAttribute('tabindex'))) return false;
  const { width, height } = naturalSize(img);
  const shown = img.getBoundingClientRect();
  return shown.width > 0 && (Math.round(shown.width) < width || Math.round(shown.height) < height);
}

/** Makes `img` the button that enlarges it, or an image again. */
function mark(img: HTMLImageElement, on: boolean): void {
  if (on === 'zoom' in img.dataset) return;
  if (!on) {
    for (const name of ['data-zoom', 'role', 'tabindex', 'aria-label', 'aria-haspopup']) img.removeAttribute(name);
    return;
  }
  img.dataset.zoom = '';
  img.setAttribute('role', 'button');
  img.tabIndex = 0;
  img.setAttribute('aria-label', img.alt ? `Enlarge image: ${img.alt}` : 'Enlarge image');
  img.setAttribute('aria-haspopup', 'dialog');
}

let dialog: HTMLDialogElement | undefined;
/** The image the dialog shows, to focus again once it closes. */
let opener: HTMLImageElement | undefined;

/** The dialog, made on first use: a close button and the enlarged image. */
function dialogElement(): HTMLDialogElement {
  if (dialog) return dialog;
  const made = document.createElement('dialog');
  made.className = 'image-zoom';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom-close';
  close.textContent = 'Close';
  made.append(close, document.createElement('img'));
  // A click on the image, the button or the backdrop (around the dialog's box) closes it; one on the dialog's own
  // scroll bars does not.
  made.addEventListener('click', (event) => {
    const box = made.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    const outside = x < box.left || x > box.right || y < box.top || y > box.bottom;
    if (event.target !== made || outside) made.close();
  });
  made.addEventListener('close', () => {
    opener?.focus();
    opener = undefined;
  });
  document.body.append(made);
  return (dialog = made);
}

/** Opens `img` at its natural size in the dialog. */
function open(img: HTMLImageElement): void {
  const shown = dialogElement();
  const { width, height } = naturalSize(img);
  const big = shown.querySelector('img')!;
  big.src = img.currentSrc || img.src;
  big.alt = img.alt;
  big.className = img.className;
  if (width && height) {
    big.width = width;
    big.height = height;
  } else {
    big.removeAttribute('width');
    big.removeAttribute('height');
  }
  shown.setAttribute('aria-label', img.alt ? `Image: ${img.alt}` : 'Image');
  opener = img;
  shown.showModal();
  shown.scrollTo(0, 0);
}

const zoomTarget = (event: Event) => (event.target as Element | null)?.closest?.<HTMLImageElement>(ZOOMABLE) ?? null;

let observer: ResizeObserver | undefined;

/**
 * Wires the listeners once, then marks the images of the page now shown; called after every route with images
 * renders (its `run` as an article part: src/client/parts.ts).
 */
export function setUpImageZoom(): void {
  if (!observer) {
    const style = document.createElement('style');
    style.textContent = STYLES;
    // First in the head, so that egdocs' stylesheet and the project's come after it and win where they differ.
    document.head.prepend(style);
    observer = new ResizeObserver((entries) => {
      for (const { target } of entries) mark(target as HTMLImageElement, zoomable(target as HTMLImageElement));
    });
    document.addEventListener('click', (event) => {
      const img = zoomTarget(event);
      if (img) open(img);
    });
    // A button opens on Enter as the key goes down, and on Space as it comes up (and Space does not scroll the page).
    document.addEventListener('keydown', (event) => {
      const img = zoomTarget(event);
      if (!img || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      if (event.key === 'Enter') open(img);
    });
    document.addEventListener('keyup', (event) => {
      const img = zoomTarget(event);
      if (img && event.key === ' ') open(img);
    });
    // Back or forward while it is open (the browser's button, Alt+Left): the image belongs to the page left, which
    // may have no images to set this up again.
    window.addEventListener('popstate', () => dialog?.close());
  }
  // A new page: what was open belonged to the last one.
  if (dialog?.open) dialog.close();
  observer.disconnect();
  for (const img of document.querySelectorAll<HTMLImageElement>(IMAGES)) observer.observe(img);
}

/** The part's entry (src/client/app.tsx): image zoom takes no settings. */
export const run = setUpImageZoom;
