// `egdocs serve` keeps watching when the files it watches are replaced rather than edited: content/ moved away and
// back, or deleted and written again (a branch switch), and the config saved by rename (vim's backup-write). After
// each, an edit must still reach the open page.
import { cp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import type { DevServer } from '../../src/serve/dev.ts';
import type { LiveMessage } from '../../src/shared/live-protocol.ts';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: watching survives folders and files replaced');

let project: TempProject;
let server: DevServer;
let socket: WebSocket;
let messages: LiveMessage[];
let lines: string[];
let onLine: (() => void) | undefined;

/** Resolves once the server has logged a line containing `text`. */
function logged(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server never said '${text}'; it said: ${lines.join(' | ')}`)),
      10000,
    );
    const check = () => {
      if (lines.some((line) => line.includes(text))) (clearTimeout(timer), (onLine = undefined), resolve());
    };
    onLine = check;
    check();
  });
}

test.before.each(async () => {
  project = await tempProject(
    {
      'site.config.ts': MINI_CONFIG,
      'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n',
      'content/docs/setup.md': '# Setup\n\nFirst.\n',
    },
    'egdocs-watch-',
  );
  lines = [];
  server = await serveProject(project.dir, {
    log: (line) => (lines.push(line), onLine?.()),
  });
  socket = new WebSocket(`ws://127.0.0.1:${server.port}/__egdocs/socket`);
  messages = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
});
test.after.each(async () => {
  socket.close();
  await server.close();
  await project.remove();
});

/** Resolves with the next reload whose page shows `text` (earlier reloads, from the moves themselves, are passed over). */
function reloadShowing(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no reload showing '${text}'; messages: ${JSON.stringify(messages)}`)),
      10000,
    );
    const onMessage = async (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as LiveMessage).type !== 'reload') return;
      const page = await (await fetch(`http://127.0.0.1:${server.port}/mini/docs/setup/`)).text();
      if (!page.includes(text)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve();
    };
    socket.on('message', onMessage);
  });
}

const edit = async (text: string) => {
  const shown = reloadShowing(text);
  await project.write('content/docs/setup.md', `# Setup\n\n${text}\n`);
  await shown;
};

test('content/ moved away and back: edits still reload the page', async () => {
  await edit('Before the move.');
  await rename(path.join(project.dir, 'content'), path.join(project.dir, 'content-elsewhere'));
  // Away long enough for the server to notice, as during a branch switch.
  await logged('content/ is gone');
  await rename(path.join(project.dir, 'content-elsewhere'), path.join(project.dir, 'content'));
  await edit('After the move.');
});

test('content/ deleted and written again: the last site stays meanwhile, and edits still reload the page', async () => {
  await cp(path.join(project.dir, 'content'), path.join(project.dir, 'saved'), { recursive: true });
  await rm(path.join(project.dir, 'content'), { recursive: true });
  await logged('content/ is gone');
  assert.is(
    (await fetch(`http://127.0.0.1:${server.port}/mini/docs/setup/`)).status,
    200,
    'the last site is still served',
  );
  await cp(path.join(project.dir, 'saved'), path.join(project.dir, 'content'), { recursive: true });
  await edit('After the checkout.');
});

test('the config saved by rename (backup-write) is read again, and is still watched after', async () => {
  const config = path.join(project.dir, 'site.config.ts');
  // What vim does: write the new text beside, move the old file to a backup, move the new one into place.
  const save = async (text: string) => {
    await writeFile(`${config}.new`, text);
    await rename(config, `${config}~`);
    await rename(`${config}.new`, config);
  };
  const retitled = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the new title never showed; ${JSON.stringify(messages)}`)), 10000);
    socket.on('message', async (data) => {
      if ((JSON.parse(String(data)) as LiveMessage).type !== 'reload') return;
      const page = await (await fetch(`http://127.0.0.1:${server.port}/mini/docs/setup/`)).text();
      if (page.includes('<title>Setup | Renamed</title>')) (clearTimeout(timer), resolve());
    });
  });
  await save(MINI_CONFIG.replace("title: 'Mini'", "title: 'Renamed'"));
  await retitled;
  await edit('After saving the config.');
  // And a second save by rename of the config is seen too.
  const again = reloadShowing('After saving the config.');
  await save(MINI_CONFIG);
  await again;
  assert.ok(messages.some((m) => m.type === 'reload'));
});

test.run();
