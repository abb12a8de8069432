// The live-reload socket under hostile input, written byte by byte on a raw TCP connection as a page (or anything
// on the machine) could send it: every malformed frame ends that connection and never the server, which still
// answers HTTP afterwards; only pages of the site, addressed by a name of this server, may connect at all.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevServer } from '../../src/serve/dev.ts';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: the live-reload socket under hostile input');

let project: TempProject;
let server: DevServer;
test.before(async () => {
  project = await tempProject(
    {
      'site.config.ts': MINI_CONFIG,
      'content/docs/intro.md': '---\nslug: /\n---\n# Intro\n',
      'content/docs/setup.md': '# Setup\n',
    },
    'egdocs-socket-',
  );
  server = await serveProject(project.dir);
});
test.after(async () => {
  await server.close();
  await project.remove();
});

/** An upgrade request as a browser sends it, with the headers given. */
const upgrade = (headers: Record<string, string>) =>
  [
    'GET /__egdocs/socket HTTP/1.1',
    ...Object.entries({
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      'Sec-WebSocket-Version': '13',
      ...headers,
    }).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');

/** A raw connection: what the server sent, and a promise that settles when it closes the connection. */
async function open(request: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const socket = net.connect(server.port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(request);
  // The server's answer to the upgrade: a status line and headers.
  await new Promise<void>((resolve) => {
    const check = () => (data.includes('\r\n\r\n') ? resolve() : socket.once('data', check));
    check();
  });
  return { socket, received: () => data, closed };
}

const host = () => `127.0.0.1:${server.port}`;
const masked = (first: number, payload: Buffer, lengthBytes?: Buffer) => {
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
  const length =
    lengthBytes ??
    (payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]));
  return Buffer.concat([Buffer.from([first]), length, mask, body]);
};

/** The site still answers a plain HTTP request. */
async function stillServing(): Promise<void> {
  const page = await fetch(`http://${host()}/mini/docs/setup/`);
  assert.is(page.status, 200);
}

const FRAMES: [string, Buffer][] = [
  ['an unmasked frame', Buffer.concat([Buffer.from([0x81, 5]), Buffer.from('hello')])],
  ['a reserved opcode', masked(0x83, Buffer.from('x'))],
  ['RSV1 set without an extension', masked(0xc1, Buffer.from('x'))],
  ['invalid UTF-8 in a text frame', masked(0x81, Buffer.from([0xff, 0xfe, 0xfd]))],
  ['a ping with a 200-byte payload (control frames carry at most 125)', masked(0x89, Buffer.alloc(200, 1))],
  [
    'a message announced as 100 MiB',
    masked(0x82, Buffer.alloc(0), Buffer.from([0x80 | 127, 0, 0, 0, 0, 0x06, 0x40, 0, 0])),
  ],
  ['a 2 KB message (the socket takes at most 1 KB)', masked(0x81, Buffer.alloc(2048, 0x61))],
];

test('each malformed frame closes its connection, and the server goes on answering', async () => {
  for (const [what, frame] of FRAMES) {
    const connection = await open(upgrade({ Host: host(), Origin: `http://${host()}` }));
    assert.match(connection.received(), /^HTTP\/1\.1 101 /, what);
    connection.socket.write(frame);
    await connection.closed;
    await stillServing();
  }
});

test('an upgrade from a page of another site, or for another host name, is refused', async () => {
  for (const [what, headers, body] of [
    [
      'a foreign Origin',
      { Host: host(), Origin: 'http://evil.example' },
      'only pages of this site may open the live-reload socket',
    ],
    [
      'a foreign Host (DNS rebinding)',
      { Host: 'evil.example', Origin: 'http://evil.example' },
      "does not answer requests for 'evil.example'",
    ],
    ['an Origin of another port', { Host: host(), Origin: 'http://127.0.0.1:1' }, 'only pages of this site'],
  ] as const) {
    const connection = await open(upgrade(headers));
    assert.match(connection.received(), /^HTTP\/1\.1 403 /, what);
    assert.match(connection.received(), body, what);
    await connection.closed;
  }
  await stillServing();
});

test('a page of the site connects and is greeted; a program without an Origin may too', async () => {
  for (const headers of [
    { Host: host(), Origin: `http://${host()}` },
    { Host: `localhost:${server.port}`, Origin: `http://localhost:${server.port}` },
    { Host: host() },
  ] as Record<string, string>[]) {
    const connection = await open(upgrade(headers));
    assert.match(connection.received(), /^HTTP\/1\.1 101 /);
    // The first frame: a text frame holding {"type":"hello",...}.
    await new Promise<void>((resolve) => {
      const check = () =>
        connection.received().includes('"hello"') ? resolve() : connection.socket.once('data', check);
      check();
    });
    connection.socket.destroy();
  }
});

test.run();
