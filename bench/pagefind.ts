// Pagefind beside egdocs on the same synthetic site, for `npm run bench:client`. Pagefind is installed on first use
// into node_modules/.cache/egdocs-pagefind (like Lighthouse: one benchmark's tool, not a dependency of egdocs), at
// the version the figures were measured with; it indexes the HTML egdocs built. Its search is measured through its
// JavaScript API in a page of our own (pagefind-bench/index.html in the built site), which does what a search box
// does: Ctrl+K focuses the field and loads Pagefind (as egdocs starts its worker at the shortcut); each input event
// runs pagefind.search() and, unless a newer input came meanwhile, loads the first 8 results' data (result.data(),
// one fragment each: Pagefind's excerpts) and draws them as an ARIA listbox, an answer older than the one shown
// being dropped. So its figures are Pagefind's engine and files with a minimal UI, not its default UI (which
// waits 300 ms after the last key before searching).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PAGEFIND_VERSION = '1.6.0';

/** The pagefind command, installed when it is not there yet (saying so); a sentence saying why not on failure. */
export function pagefindCommand(root: string): { command: string } | { unavailable: string } {
  const dir = path.join(root, 'node_modules/.cache/egdocs-pagefind');
  const command = path.join(dir, 'node_modules/.bin/pagefind');
  if (!existsSync(command)) {
    console.log(
      `Installing pagefind@${PAGEFIND_VERSION} into ${path.relative(root, dir)} (once; not part of npm install)`,
    );
    try {
      execFileSync(
        'npm',
        ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `pagefind@${PAGEFIND_VERSION}`],
        { stdio: 'inherit' },
      );
    } catch (error) {
      return { unavailable: `\`npm install pagefind@${PAGEFIND_VERSION}\` failed: ${(error as Error).message}` };
    }
  }
  try {
    execFileSync(command, ['--version'], { encoding: 'utf8' });
  } catch (error) {
    return { unavailable: `pagefind does not run here: ${(error as Error).message.split('\n')[0]}` };
  }
  return { command };
}

/** Indexes the built site in `site` (its files under pagefind/), and writes the search page Pagefind is measured in. */
export async function indexWithPagefind(command: string, site: string, baseUrl: string): Promise<{ ms: number }> {
  const started = performance.now();
  execFileSync(command, ['--site', site], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = performance.now() - started;
  await mkdir(path.join(site, 'pagefind-bench'), { recursive: true });
  await writeFile(path.join(site, 'pagefind-bench/index.html'), harness(baseUrl));
  return { ms };
}

/** The page Pagefind is measured in (see the file's comment). */
function harness(baseUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pagefind</title></head>
<body>
<form role="search"><input type="search" aria-label="Search" autocomplete="off"></form>
<ul role="listbox" aria-label="Search suggestions"></ul>
<script type="module">
const field = document.querySelector('input');
const list = document.querySelector('ul');
let pagefind;
const load = () =>
  (pagefind ??= import(${JSON.stringify(`${baseUrl}pagefind/pagefind.js`)}).then(async (api) => {
    await api.init();
    return api;
  }));
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
    event.preventDefault();
    field.focus();
    load();
  }
});
let asked = 0;
let shown = 0;
field.addEventListener('input', async () => {
  const query = field.value.trim();
  const order = ++asked;
  if (!query) {
    shown = order;
    list.replaceChildren();
    return;
  }
  const api = await load();
  const found = await api.search(query);
  if (order !== asked) return;
  const data = await Promise.all(found.results.slice(0, 8).map((result) => result.data()));
  if (order <= shown) return;
  shown = order;
  list.replaceChildren(
    ...data.map((page) => {
      const option = document.createElement('li');
      option.setAttribute('role', 'option');
      option.textContent = page.meta.title + ' ' + page.excerpt.replace(/<[^>]+>/g, '');
      return option;
    }),
  );
});
</script>
</body>
</html>
`;
}
