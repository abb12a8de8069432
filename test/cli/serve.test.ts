// `egdocs serve --dir build` as a user runs it: a real process serving a finished build on loopback, including when
// the port asked for is taken.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG, ROOT } from '../helpers.ts';

const run = promisify(execFile);
const BIN = path.join(ROOT, 'bin/egdocs.js');
const test = suite('egdocs serve --dir');

interface Served {
  child: ChildProcess;
  /** The URL it printed, e.g. http://127.0.0.1:41234/mini/ */
  url: string;
  output: () => string;
}

/** Starts `egdocs serve --dir build ...args` (or another folder, with --dir after the args) and waits until it prints where it serves. */
function serve(cwd: string, ...args: string[]): Promise<Served> {
  const child = spawn('node', [BIN, 'serve', '--dir', 'build', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no 'Serving' line in 15 s; output:\n${output}`)), 15000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const url = /Serving \S+ at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}; output:\n${output}`)));
  });
}

async function stop(served: Served | undefined): Promise<void> {
  if (!served || served.child.exitCode !== null) return;
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill();
  await exited;
}

let project: string;
test.before(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-cli-serve-'));
  await mkdir(path.join(project, 'content/docs'), { recursive: true });
  await writeFile(path.join(project, 'site.config.ts'), MINI_CONFIG);
  await writeFile(
    path.join(project, 'content/docs/intro.md'),
    '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n',
  );
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nSteps.\n');
  await run('node', [BIN, 'build'], { cwd: project });
});
test.after(async () => {
  await rm(project, { recursive: true, force: true });
});

test('serves the build on 127.0.0.1: pages with 200, unknown paths with the 404 page', async () => {
  let served: Served | undefined;
  try {
    served = await serve(project, '--port', '0');
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+\/mini\/$/);
    const page = await fetch(`${served.url}docs/setup/`);
    assert.is(page.status, 200);
    assert.match(await page.text(), '<h1>Setup</h1>');
    const missing = await fetch(`${served.url}docs/nothing/`);
    assert.is(missing.status, 404);
    assert.match(await missing.text(), 'Page Not Found');
    const redirect = await fetch(`${served.url}docs/setup?x=1`, { redirect: 'manual' });
    assert.is(redirect.status, 301);
    assert.is(redirect.headers.get('location'), '/mini/docs/setup/?x=1');
  } finally {
    await stop(served);
  }
});

test('a taken port is reported and the next free one is used', async () => {
  const blocker = http.createServer((_req, res) => res.end('blocker'));
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = (blocker.address() as AddressInfo).port;
  let served: Served | undefined;
  try {
    served = await serve(project, '--port', String(taken));
    assert.match(served.output(), `Port ${taken} is in use; trying ${taken + 1}.`);
    const port = Number(new URL(served.url).port);
    assert.ok(port > taken, `serving on ${port}, the taken port was ${taken}`);
    const page = await fetch(`${served.url}docs/setup/`);
    assert.is(page.status, 200);
    assert.match(await page.text(), '<h1>Setup</h1>');
  } finally {
    await stop(served);
    blocker.close();
  }
});

test('a folder that does not exist is named, with what to do', async () => {
  const failed = await run('node', [BIN, 'serve', '--dir', 'nowhere'], { cwd: project, timeout: 15000 }).catch(
    (error) => error as { code: number; stderr: string },
  );
  assert.is((failed as { code: number }).code, 1);
  assert.match(failed.stderr, "nowhere: no such folder; run 'egdocs build' first");
});

test('a build for another base path is served under it, and the server root leads there', async () => {
  await run('node', [BIN, 'build', '--base-url', '/other/', '-o', 'other-build'], { cwd: project });
  let served: Served | undefined;
  try {
    served = await serve(project, '--port', '0', '--dir', 'other-build');
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+\/other\/$/, 'the base path the build was made for');
    const page = await fetch(`${served.url}docs/setup/`);
    assert.is(page.status, 200);
    assert.match(await page.text(), 'href="/other/docs/"');
    const root = await fetch(new URL('/', served.url), { redirect: 'manual' });
    assert.is(root.status, 302);
    assert.is(root.headers.get('location'), '/other/');
  } finally {
    await stop(served);
  }
  // --base-url says it outright, whatever the build's marker records.
  try {
    served = await serve(project, '--port', '0', '--dir', 'other-build', '--base-url', 'elsewhere');
    assert.match(served.url, /\/elsewhere\/$/);
    assert.is((await fetch(`${served.url}404.html`)).status, 200);
  } finally {
    await stop(served);
  }
});

test("the project's folder, content/ and a folder egdocs did not write are not served (unless --force for the last)", async () => {
  for (const [dir, message] of [
    ['.', "error  .: refusing to serve the project's own folder, which would publish its sources and config"],
    ['content', "error  content: refusing to serve content/, which is part of the project's sources"],
    ['..', 'error  ..: refusing to serve a folder that holds the project'],
  ]) {
    const failed = await run('node', [BIN, 'serve', '--dir', dir], { cwd: project, timeout: 15000 }).catch(
      (error) => error as { code: number; stderr: string },
    );
    assert.is((failed as { code: number }).code, 1, dir);
    assert.ok(failed.stderr.startsWith(message), failed.stderr);
  }
  await mkdir(path.join(project, 'notes'), { recursive: true });
  await writeFile(path.join(project, 'notes/index.html'), '<h1>Notes</h1>');
  const refused = await run('node', [BIN, 'serve', '--dir', 'notes'], { cwd: project, timeout: 15000 }).catch(
    (error) => error as { code: number; stderr: string },
  );
  assert.is((refused as { code: number }).code, 1);
  assert.match(
    refused.stderr,
    "notes: not a folder that 'egdocs build' wrote (it has no .egdocs-build.json), so its base path is unknown; pass --force with --base-url to serve it anyway",
  );
  let served: Served | undefined;
  try {
    served = await serve(project, '--port', '0', '--dir', 'notes', '--force', '--base-url', '/');
    assert.match(await (await fetch(served.url)).text(), '<h1>Notes</h1>');
  } finally {
    await stop(served);
  }
});

test('a request for another host name is refused, with how to allow it; --allow-host allows it', async () => {
  let served: Served | undefined;
  const get = (url: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const target = new URL(url);
      http
        .get({ host: '127.0.0.1', port: target.port, path: target.pathname, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  try {
    served = await serve(project, '--port', '0');
    const evil = await get(`${served.url}docs/setup/`, 'evil.example');
    assert.is(evil.status, 403);
    assert.match(evil.body, "egdocs serve does not answer requests for 'evil.example'");
    assert.match(evil.body, '--allow-host evil.example');
    for (const host of ['localhost', `127.0.0.1:${new URL(served.url).port}`, 'docs.localhost', '[::1]:80'])
      assert.is((await get(`${served.url}docs/setup/`, host)).status, 200, host);
  } finally {
    await stop(served);
  }
  try {
    served = await serve(project, '--port', '0', '--allow-host', 'evil.example', 'docs.test');
    assert.is((await get(`${served.url}docs/setup/`, 'evil.example:8080')).status, 200);
    assert.is((await get(`${served.url}docs/setup/`, 'docs.test')).status, 200);
    assert.is((await get(`${served.url}docs/setup/`, 'other.test')).status, 403);
  } finally {
    await stop(served);
  }
});

test.run();
