// Tabs (src/markdown/plugins/tabs.ts writes their HTML): a chunk of its own, loaded only by pages that have tabs.
// One delegated listener serves every block, present and future (client navigation swaps the article's HTML).
// Keyboard per the WAI-ARIA tabs pattern with automatic activation: arrows move and select, Home and End go to the
// ends. A block with a group switches every block of that group on the page, and the choice is stored, so the next
// page opens on it; `?tab=<id>` selects that tab wherever it exists; find-in-page and a `#heading` inside a hidden
// panel select the panel.

/** The reader's settings (templates/storage.ts, passed in so that this chunk imports nothing from the entry). */
export interface Settings {
  read(name: string): string | null;
  write(name: string, value: string): void;
}
type Storage = Settings;

const settingOf = (group: string) => `tab-${group}`;

/** Shows the tab `id` of one block (when it has one). */
function select(block: Element, id: string): boolean {
  const tabs = [...block.querySelectorAll<HTMLElement>(':scope > .tab-list > [role="tab"]')];
  if (!tabs.some((tab) => tab.dataset.tab === id)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.tab === id;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (!panel) continue;
    if (on) panel.removeAttribute('hidden');
    else panel.setAttribute('hidden', 'until-found');
  }
  return true;
}

/** Selects `id` in a block and, when the block has a group, in every block of the group; remembers the choice. */
function choose(block: Element, id: string, storage: Storage): void {
  const group = (block as HTMLElement).dataset.group;
  if (!group) {
    select(block, id);
    return;
  }
  // The block the reader used stays where it is on screen while blocks above it change height.
  const before = block.getBoundingClientRect().top;
  for (const other of document.querySelectorAll(`.tabs[data-group="${CSS.escape(group)}"]`)) select(other, id);
  window.scrollBy(0, block.getBoundingClientRect().top - before);
  storage.write(settingOf(group), id);
}

/** Applies the stored choices, `?tab=` and the address's `#id` to the blocks now on the page. */
export function applyTabs(storage: Storage): void {
  const asked = new URLSearchParams(location.search).get('tab');
  for (const block of document.querySelectorAll<HTMLElement>('.tabs')) {
    if (asked && select(block, asked)) continue;
    const stored = block.dataset.group && storage.read(settingOf(block.dataset.group));
    if (stored) select(block, stored);
  }
  revealTarget();
}

/** A `#heading` inside a hidden panel: show its panel, so the jump lands on it. */
function revealTarget(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const panel = id ? document.getElementById(id)?.closest('.tab-panel[hidden]') : null;
  if (panel) select(panel.parentElement!, (panel as HTMLElement).dataset.tab!);
}

let installed = false;

/** Wires the listeners once, then applies the page's state; called after every route renders with tabs. */
export function run(storage: Storage): void {
  if (!installed) {
    installed = true;
    document.addEventListener('click', (event) => {
      const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tab-list > [role="tab"]');
      if (tab) choose(tab.closest('.tabs')!, tab.dataset.tab!, storage);
    });
    document.addEventListener('keydown', (event) => {
      const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tab-list > [role="tab"]');
      if (!tab) return;
      const tabs = [...tab.parentElement!.querySelectorAll<HTMLElement>('[role="tab"]')];
      const at = tabs.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      next.focus();
      choose(tab.closest('.tabs')!, next.dataset.tab!, storage);
    });
    // Find-in-page found text in a hidden panel (Chromium): show that panel.
    document.addEventListener(
      'beforematch',
      (event) => {
        const panel = (event.target as Element).closest<HTMLElement>('.tab-panel');
        if (panel) select(panel.parentElement!, panel.dataset.tab!);
      },
      true,
    );
    window.addEventListener('hashchange', revealTarget);
  }
  applyTabs(storage);
}
