// `egdocs serve` in Chromium: a save shows the open page's new content in place, the reader staying where they were
// (a config change loads the page again, still where they were); a broken save shows the error overlay (file and
// line) over the last good page, and the next good save removes it and shows the fix.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevServer } from '../../src/serve/dev.ts';
import WebSocket from 'ws';
import type { LiveMessage } from '../../src/shared/live-protocol.ts';
import { CHROMIUM_ARGS, DESKTOP, hydrated, markWindow, problemsOf, settled, windowMarked } from './browser.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('browser: serve');
let project: string;
let server: DevServer;
let browser: Browser;

const CONFIG = `export default { title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/', docs: { sidebars: { docs: [
  'intro', 'setup', 'long', { type: 'category', label: 'Guides', items: ['guides/one', 'guides/two'] },
] } } };
`;

/** A page much taller than the window: a hundred paragraphs under a few headings (the table of contents). */
const LONG = `# Long\n\n${Array.from(
  { length: 100 },
  (_, i) => `${i % 20 === 0 ? `## Part ${i / 20 + 1}\n\n` : ''}Paragraph ${i} of a page long enough to scroll.\n`,
).join('\n')}`;

/** How far down the reader is when they save. */
const READING_AT = 1500;

const write = (file: string, text: string) => writeFile(path.join(project, file), text);
const append = async (file: string, text: string) =>
  write(file, `${(await readFile(path.join(project, file), 'utf8')).trimEnd()}\n\n${text}\n`);

const start = (port = 0) =>
  serveProject(project, {
    port,
  });

/** Opens the long page, scrolled down to where the reader is. */
async function reading(url = `${server.url}docs/long/`) {
  const page = await browser.newPage(DESKTOP);
  await page.goto(url);
  await hydrated(page);
  await page.evaluate((y) => window.scrollTo(0, y), READING_AT);
  await page.waitForFunction((y) => window.scrollY === y, READING_AT);
  return page;
}

const scrollOf = (page: import('playwright-core').Page) => page.evaluate(() => window.scrollY);

test.before(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-serve-browser-'));
  await mkdir(path.join(project, 'content/docs/guides'), { recursive: true });
  await write('site.config.ts', CONFIG);
  await write('content/docs/intro.md', '---\nslug: /\ntitle: Intro\n---\nHello.\n');
  await write('content/docs/setup.md', '# Setup\n\nFirst steps.\n');
  await write('content/docs/long.md', LONG);
  await write('content/docs/guides/one.md', '# One\n\nThe first guide.\n');
  await write('content/docs/guides/two.md', '# Two\n\nThe second guide.\n');
  server = await start();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
});
test.after(async () => {
  await browser.close();
  await server.close();
  await rm(project, { recursive: true, force: true });
});

test('a save shows the new text; a broken save shows an overlay with file and line; the fix removes it', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}docs/setup/`);
  await hydrated(page);
  await page.getByText('First steps.').waitFor();

  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nSecond steps.\n');
  await page.getByText('Second steps.').waitFor();

  await writeFile(path.join(project, 'content/docs/setup.md'), '---\ntitle: [broken\n---\n# Setup\n');
  const overlay = page.getByRole('alertdialog', { name: 'Build failed with 1 error' });
  await overlay.waitFor();
  assert.match((await overlay.textContent()) ?? '', /content\/docs\/setup\.md:\d+:\d+ {2}invalid front matter/);
  // The line itself, with a caret under the column, as the terminal prints it.
  assert.match((await overlay.textContent()) ?? '', /2 \| title: \[broken\n +\| +\^/);
  assert.ok(await page.getByText('Second steps.').count(), 'the last good page stays under the overlay');

  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nFixed steps.\n');
  await page.getByText('Fixed steps.').waitFor();
  assert.is(await overlay.count(), 0, 'the overlay is gone');
  assert.equal(errors, []);
  await page.close();
});

test('a page loaded just before a rebuild, whose script connects just after it, reloads', async () => {
  const page = await browser.newPage();
  // The live-reload script is held back until the rebuild is over, so the socket opens after it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/__egdocs/live.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}docs/setup/`, { waitUntil: 'commit' });
  await page.getByText('Fixed steps.').waitFor();
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/__egdocs/socket`);
  const rebuilt = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as LiveMessage).type === 'reload') resolve();
    }),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nFresh steps.\n');
  await rebuilt;
  socket.close();
  release();
  await page.getByText('Fresh steps.').waitFor();
  await page.close();
});

test('a save of the page being read shows it in place: same scroll, the category opened still open, no page load', async () => {
  const page = await reading();
  const problems = problemsOf(page);
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  const guides = sidebar.getByRole('button', { name: 'Guides' });
  await guides.click();
  // Its pages come with the sidebar's data file, which the first opening fetches.
  await sidebar.getByRole('link', { name: 'One' }).waitFor();
  await markWindow(page);

  await append('content/docs/long.md', 'Appended while reading.');
  await page.getByText('Appended while reading.').waitFor();
  assert.ok(Math.abs((await scrollOf(page)) - READING_AT) <= 3, `the reader stays at ${READING_AT}px`);
  await settled(page);
  assert.ok(Math.abs((await scrollOf(page)) - READING_AT) <= 3, 'and nothing moves them afterwards');
  assert.is(await guides.getAttribute('aria-expanded'), 'true', 'the category the reader opened stays open');
  assert.ok(await sidebar.getByRole('link', { name: 'One' }).isVisible());
  assert.ok(await windowMarked(page), 'the page was not loaded again');

  // A new title: the heading, the sidebar's label and the document's title follow, still in place.
  await write('content/docs/long.md', `---\ntitle: Long read\n---\n${LONG.replace('# Long\n', '')}`);
  await page.getByRole('heading', { level: 1, name: 'Long read' }).waitFor();
  assert.ok(await sidebar.getByRole('link', { name: 'Long read' }).isVisible());
  assert.match(await page.title(), /^Long read \| Mini/);
  assert.ok(Math.abs((await scrollOf(page)) - READING_AT) <= 3);
  assert.ok(await windowMarked(page));
  assert.equal(problems, []);
  await page.close();
});

test('a save replaces only the blocks it changed: a fold the reader opened in the article stays open', async () => {
  await write(
    'content/docs/setup.md',
    '# Setup\n\n<details>\n<summary>Before you start</summary>\n\nCheck the server.\n\n</details>\n\nFirst steps.\n',
  );
  const page = await browser.newPage(DESKTOP);
  await page.goto(`${server.url}docs/setup/`);
  await hydrated(page);
  await page.getByText('Before you start').click();
  await page.getByText('Check the server.').waitFor();
  await markWindow(page);

  await append('content/docs/setup.md', 'Then the database.');
  await page.getByText('Then the database.').waitFor();
  assert.ok(await page.getByText('Check the server.').isVisible(), 'the fold the reader opened is still open');
  assert.ok(await windowMarked(page), 'the page was not loaded again');
  // A change inside the fold shows too (that block is new, so closed again, as written).
  await write(
    'content/docs/setup.md',
    (await readFile(path.join(project, 'content/docs/setup.md'), 'utf8')).replace(
      'Check the server.',
      'Check the server and its PHP.',
    ),
  );
  await page.getByText('Check the server and its PHP.', { exact: false }).waitFor({ state: 'attached' });
  assert.equal(await page.locator('.markdown').getByText('Then the database.').count(), 1, 'each block once');
  await page.close();
});

test('a page in another tab that the save did not change stays as it is', async () => {
  const reader = await reading();
  const other = await browser.newPage(DESKTOP);
  await other.goto(`${server.url}docs/guides/one/`);
  await hydrated(other);
  await markWindow(other);
  await append('content/docs/long.md', 'Another paragraph.');
  await reader.getByText('Another paragraph.').waitFor();
  // The pages hear of each build in order: once the other tab shows a later save of its own page, it has been told
  // of the first one too.
  await append('content/docs/guides/one.md', 'Edited guide.');
  await other.getByText('Edited guide.').waitFor();
  assert.ok(await windowMarked(other), 'the other tab was never loaded again');
  await reader.close();
  await other.close();
});

test('a page saved where the reader saw a 404 shows up; a page deleted while open gives way to the 404 page', async () => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(`${server.url}docs/later/`);
  await hydrated(page);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await write('content/docs/later.md', '# Later\n\nWritten after the reader came.\n');
  await page.getByText('Written after the reader came.').waitFor();
  await hydrated(page);
  await rm(path.join(project, 'content/docs/later.md'));
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  assert.is(new URL(page.url()).pathname, '/mini/docs/later/');
  await page.close();
});

test('a config change loads the page again, and the reader is back where they were', async () => {
  const page = await reading();
  await markWindow(page);
  await write('site.config.ts', CONFIG.replace("title: 'Mini'", "title: 'Mini Two'"));
  await page.waitForFunction(
    () => document.title.endsWith('| Mini Two') && document.querySelector('#__egdocs')?.hasAttribute('data-hydrated'),
  );
  assert.not.ok(await windowMarked(page), 'the page loaded again');
  assert.ok(Math.abs((await scrollOf(page)) - READING_AT) <= 3, `the reader is back at ${READING_AT}px`);
  await settled(page);
  assert.ok(Math.abs((await scrollOf(page)) - READING_AT) <= 3, 'and stays there');
  await write('site.config.ts', CONFIG);
  await page.waitForFunction(() => document.title.endsWith('| Mini'));
  await page.close();
});

test('a page whose server restarted while it was open loads again from the new one, even at the same build number', async () => {
  // A server of its own, so the page is of its first build, as the restarted server's first build will be.
  await server.close();
  server = await start();
  const { port } = server;
  const page = await browser.newPage(DESKTOP);
  await page.goto(`${server.url}docs/setup/`);
  await hydrated(page);
  await markWindow(page);
  await server.close();
  await write('content/docs/setup.md', '# Setup\n\nSaved while the server was down.\n');
  server = await start(port);
  // The page's socket connects again on its own.
  await page.getByText('Saved while the server was down.').waitFor();
  assert.not.ok(await windowMarked(page));
  await page.close();
});

test.run();
