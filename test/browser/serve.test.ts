// `egdocs serve` in Chromium: a save reloads the open page; a broken save shows the error overlay (file and line)
// over the last good page, and the next good save removes it and shows the fix.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { printDiagnostics } from '../../src/cli/report.ts';
import { startDevServer, type DevServer } from '../../src/serve/dev.ts';
import WebSocket from 'ws';
import type { LiveMessage } from '../../src/shared/live-protocol.ts';
import { CHROMIUM_ARGS, hydrated } from './browser.ts';

const test = suite('browser: serve');
let project: string;
let server: DevServer;
let browser: Browser;

test.before(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-serve-browser-'));
  await mkdir(path.join(project, 'content/docs'), { recursive: true });
  await writeFile(
    path.join(project, 'site.config.ts'),
    "export default { title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/', docs: { sidebars: { docs: ['intro', 'setup'] } } };\n",
  );
  await writeFile(path.join(project, 'content/docs/intro.md'), '---\nslug: /\ntitle: Intro\n---\nHello.\n');
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nFirst steps.\n');
  server = await startDevServer({
    configFile: path.join(project, 'site.config.ts'),
    host: '127.0.0.1',
    port: 0,
    report: printDiagnostics,
    log: () => {},
  });
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

test('a save reloads the page; a broken save shows an overlay with file and line; the fix removes it', async () => {
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

test.run();
