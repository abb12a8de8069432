// How a save in `egdocs serve` reaches the page's markdown (templates/Markdown.tsx, through MARKUP_HOOK): only the
// blocks it changed are replaced. What the reader opened in the others (a fold) stays open, and the browser lays out
// and paints only what is new: on a long page, 20 ms of the frame that shows the save, where the whole body was set.
import type { MarkupPatch } from '../shared/live-protocol.ts';

/**
 * Makes `container`'s children, rendered from `was`, those of `html`: the children before and after the first and
 * last blocks that differ stay as they are, the ones between are replaced by the new ones. Blocks are compared as the
 * two markups give them, not as the page shows them: a fold the reader opened, or a part a script drew (a diagram), is
 * the same block. Should the page's children no longer be those of `was`, all are replaced.
 */
export const patchMarkup: MarkupPatch = (container, was, html) => {
  const [old, next] = [was, html].map((markup) => {
    const template = document.createElement('template');
    template.innerHTML = markup;
    return [...template.content.childNodes];
  });
  const live = [...container.childNodes];
  const most = live.length === old.length ? Math.min(old.length, next.length) : 0;
  let start = 0;
  while (start < most && old[start].isEqualNode(next[start])) start++;
  let end = 0;
  while (end < most - start && old[old.length - 1 - end].isEqualNode(next[next.length - 1 - end])) end++;
  const after = live[live.length - end] ?? null;
  for (const node of live.slice(start, live.length - end)) node.remove();
  const added = document.createDocumentFragment();
  added.append(...next.slice(start, next.length - end));
  container.insertBefore(added, after);
};
