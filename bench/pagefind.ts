// Pagefind beside egdocs on the same synthetic site, for `npm run bench:client`. Pagefind is installed on first use
// into node_modules/.cache/egdocs-pagefind (like Lighthouse: one benchmark's tool, not a dependency of egdocs), at
// the version the figures were measured with; it indexes the HTML egdocs built. Its search is measured through its
// JavaScript API in a page of our own (pagefind-bench/index.html in the built site), which does what a search box
// does: Ctrl+K focuses the field and loads Pagefind (as egdocs starts its worker at the shortcut); one search runs
// at a time, for the field's newest text (as egdocs' worker answers): pagefind.search(), then, unless a newer input
// came meanwhile, the first 8 results' data (result.data(), one fragment each: Pagefind's excerpts), drawn as an ARIA
// listbox. So its figures are Pagefind's engine and files with a minimal UI, not its default UI (which waits 300 ms
// after the last key before searching).
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
// One search at a time, and always for the newest text in the field (the policy of egdocs' worker): a fast
// typist's keys do not each start a search. A search that a newer input overtook is not drawn, nor its data loaded.
let wanted = '';
let running = false;
const draw = (pages) =>
  list.replaceChildren(
    ...pages.map((page) => {
      const option = document.createElement('li');
      option.setAttribute('role', 'option');
      option.textContent = page.meta.title + ' ' + page.excerpt.replace(/<[^>]+>/g, '');
      return option;
    }),
  );
const answer = async () => {
  running = true;
  try {
    const api = await load();
    for (;;) {
      const query = wanted;
      if (query) {
        const found = await api.search(query);
        if (wanted !== query) continue;
        draw(await Promise.all(found.results.slice(0, 8).map((result) => result.data())));
      } else draw([]);
      if (wanted === query) break;
    }
  } finally {
    running = false;
  }
};
field.addEventListener('input', () => {
  wanted = field.value.trim();
  if (!running) answer();
});
</script>
</body>
</html>
`;
}
