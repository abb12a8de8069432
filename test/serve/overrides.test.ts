// `egdocs serve` and template overrides: adding, editing, breaking and removing a project's templates/Footer.tsx each
// rebuild the site and reload the open pages.
import { mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import type { LiveMessage } from '../../src/shared/live-protocol.ts';
import { MINI_CONFIG } from '../helpers.ts';
import { tempProject } from '../project.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: template overrides');

/** The messages of a page's socket, awaited one type at a time. */
async function connect(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/__egdocs/socket`);
  const queue: LiveMessage[] = [];
  const waiting: { type: string; resolve: (message: LiveMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveMessage;
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    next(type: LiveMessage['type']): Promise<LiveMessage> {
      const i = queue.findIndex((message) => message.type === type);
      if (i >= 0) return Promise.resolve(queue.splice(0, i + 1)[i]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no '${type}' message within 10 s`)), 10000);
        waiting.push({ type, resolve: (message) => (clearTimeout(timer), resolve(message)) });
      });
    },
    close: () => socket.close(),
  };
}

test('an override added, broken, fixed and removed each rebuild the pages', async () => {
  const project = await tempProject({
    'site.config.ts': MINI_CONFIG.replace("baseUrl: '/mini/',", "baseUrl: '/mini/', footer: { copyright: 'MINI' },"),
    'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nHello.\n',
    'content/docs/setup.md': '# Setup\n\nFirst steps.\n',
  });
  const server = await serveProject(project.dir);
  const page = await connect(server.port);
  const setup = async () => (await fetch(`http://127.0.0.1:${server.port}/mini/docs/setup/`)).text();
  // Making the folder is a change of its own, which may be built before the file in it: wait for the page to show it.
  const shows = async (pattern: RegExp) => {
    while (!pattern.test(await setup())) await page.next('reload');
  };
  try {
    await page.next('hello');
    assert.match(await setup(), 'MINI');
    const footer = path.join(project.dir, 'templates/Footer.tsx');
    await mkdir(path.dirname(footer), { recursive: true });
    await writeFile(
      footer,
      "import { Footer as Default, type FooterProps } from 'egdocs/templates/Footer';\nexport function Footer(props: FooterProps) {\n  return <><p>SERVED_OVERRIDE</p><Default {...props} /></>;\n}\n",
    );
    await shows(/<p>SERVED_OVERRIDE<\/p><footer class="footer">/);

    await writeFile(footer, 'export function Footer() {\n  return <p>SERVED_OVERRIDE</p\n}\n');
    const broken = (await page.next('error')) as Extract<LiveMessage, { type: 'error' }>;
    assert.match(broken.problems[0].text, /^templates\/Footer\.tsx:3:1  Expected ">" but found "}"/);

    await writeFile(footer, 'export function Footer() {\n  return <p>FIXED_OVERRIDE</p>;\n}\n');
    await shows(/<p>FIXED_OVERRIDE<\/p>/);
    assert.not.match(await setup(), '<footer', 'the override replaces the default footer');

    await unlink(footer);
    await shows(/<footer class="footer">.*MINI/s);
    assert.not.match(await setup(), 'OVERRIDE');
  } finally {
    page.close();
    await server.close();
    await rm(project.dir, { recursive: true, force: true });
  }
});

test.run();
