// `egdocs serve` of a project with an older docs version: a save in either version renders again that doc and the
// comparison it is part of, not the other version's pages; `--current-version-only` builds the current one alone.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevServer } from '../../src/serve/dev.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: docs versions');

const CONFIG = `import { defineConfig } from 'egdocs';
export default defineConfig({ title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/',
  navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }, { type: 'docsVersionDropdown' }] },
  docs: { sidebars: { docs: ['intro', 'setup'] }, versions: [{ name: '2.1', label: '2.1.x', path: '2.1' }] } });
`;

const FILES: Record<string, string> = {
  'site.config.ts': CONFIG,
  // A link into the older version: unchecked when serve leaves that version out.
  'content/docs/intro.md': '# Intro\n\nNow. [What changed](/docs/2.1/changes/setup/) since 2.1.\n',
  'content/docs/setup.md': '# Setup\n\nInstall PHP 8.1.\n',
  'content/versioned/2.1/docs/intro.md': '# Intro\n\nNow.\n',
  'content/versioned/2.1/docs/setup.md': '# Setup\n\nInstall PHP 7.4.\n',
  'content/versioned/2.1/sidebars.json': JSON.stringify({ docs: ['intro', 'setup'] }),
};

let project: string;
let server: DevServer | undefined;
let lines: string[];

test.before.each(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-serve-versions-'));
  for (const [rel, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(project, rel)), { recursive: true });
    await writeFile(path.join(project, rel), text);
  }
  lines = [];
});
test.after.each(async () => {
  await server?.close();
  server = undefined;
  await rm(project, { recursive: true, force: true });
});

async function start(currentVersionOnly = false): Promise<DevServer> {
  server = await serveProject(project, {
    currentVersionOnly,
    log: (line) => lines.push(line),
  });
  return server;
}

const get = (route: string) => fetch(`http://127.0.0.1:${server!.port}/mini/${route}`);

/** Saves `rel` with `text` and waits until the server has built it; gives the line the rebuild printed. */
async function save(rel: string, text: string): Promise<string> {
  const seen = lines.length;
  await writeFile(path.join(project, rel), text);
  for (;;) {
    await server!.idle();
    const line = lines.slice(seen).find((l) => l.startsWith('rebuilt in'));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("a save in the older version renders that doc and its comparison again, not the current version's", async () => {
  await start();
  assert.match(await (await get('docs/2.1/changes/setup/')).text(), /<del>7\.4\.<\/del> <ins>8\.1\.<\/ins>/);
  const line = await save('content/versioned/2.1/docs/setup.md', '# Setup\n\nInstall PHP 7.3.\n');
  assert.match(line, /: 1 page and 2 routes rendered$/);
  assert.match(await (await get('docs/2.1/setup/')).text(), 'Install PHP 7.3.');
  assert.match(await (await get('docs/2.1/changes/setup/')).text(), /<del>7\.3\.<\/del> <ins>8\.1\.<\/ins>/);
});

test('--current-version-only builds the current version alone, without a warning about the older one', async () => {
  await start(true);
  assert.is((await get('docs/2.1/setup/')).status, 404);
  assert.is((await get('docs/2.1/changes/')).status, 404);
  const current = await (await get('docs/setup/')).text();
  assert.match(current, 'Install PHP 8.1.');
  assert.not.match(current, 'Docs version', 'one version: no version dropdown');
  assert.equal(
    lines.filter((line) => /warning/.test(line)),
    [],
  );
});

test.run();
