// `egdocs serve`'s writer loop, with a real WebSocket client: edits, new, renamed and deleted pages reload the open
// pages; a broken save shows the error (with file and line) and keeps the last good site; the next good save
// recovers. All on loopback.
import { cp, mkdir, mkdtemp, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import type { DevServer } from '../../src/serve/dev.ts';
import { isStale, type LiveMessage } from '../../src/shared/live-protocol.ts';
import { MINI_CONFIG as CONFIG, ROOT } from '../helpers.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: rebuild and reload');

let project: string;
let server: DevServer;
let lines: string[];

async function project_(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-serve-'));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

/** A page's WebSocket: every message it receives, and a way to wait for the next of a type. */
interface Page {
  messages: LiveMessage[];
  next(type: LiveMessage['type']): Promise<LiveMessage>;
  close(): void;
}

async function connect(): Promise<Page> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/__egdocs/socket`);
  const messages: LiveMessage[] = [];
  const waiting: { type: string; resolve: (m: LiveMessage) => void }[] = [];
  let read = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveMessage;
    messages.push(message);
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) {
      read = messages.length;
      waiting.splice(i, 1)[0].resolve(message);
    }
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    messages,
    next(type) {
      const already = messages.slice(read).find((m) => m.type === type);
      if (already) {
        read = messages.indexOf(already) + 1;
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no '${type}' message; got ${JSON.stringify(messages)}`)),
          10000,
        );
        waiting.push({ type, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Waits until `check` holds, checking again after each reload: the file watcher reports a rename as two events,
 * which may be built together or one after the other.
 */
async function settles(page: Page, check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await page.next('reload');
}

const get = (route: string) => fetch(`http://127.0.0.1:${server.port}/mini/${route}`);

test.before.each(async () => {
  project = await project_({
    'site.config.ts': CONFIG,
    'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md).\n',
    'content/docs/setup.md': '# Setup\n\nFirst steps.\n',
  });
  lines = [];
  server = await serveProject(project, {
    log: (line) => lines.push(line),
  });
});
test.after.each(async () => {
  await server.close();
  await rm(project, { recursive: true, force: true });
});

test('serves the built site on loopback, each page with the live-reload script', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mini\/$/);
  const page = await get('docs/setup/');
  assert.is(page.status, 200);
  const html = await page.text();
  assert.match(html, '<h1>Setup</h1>');
  assert.match(html, /<script src="\/__egdocs\/live\.js" data-build="1" data-server="[\w-]+" defer><\/script><\/body>/);
  const script = await fetch(`http://127.0.0.1:${server.port}/__egdocs/live.js`);
  assert.is(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.match(await script.text(), 'new WebSocket(');
  assert.is((await get('docs/nope/')).status, 404);
});

test('an edit, a new page, a rename and a delete each rebuild and reload the open pages', async () => {
  const page = await connect();
  await page.next('hello');

  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nSecond steps.\n');
  const edited = (await page.next('reload')) as Extract<LiveMessage, { type: 'reload' }>;
  assert.equal(edited.changed, [path.join('content', 'docs', 'setup.md')]);
  // Only the edited page changed: a page showing it renders it in place, every other page stays as it is.
  assert.equal(edited.update, { in: 'place', routes: ['/mini/docs/setup/'] });
  const html = await (await get('docs/setup/')).text();
  assert.match(html, 'Second steps.');
  // Search follows the content: the page names the index's manifest, and the index's texts hold the new text;
  // neither is ever cached (their names do not change under serve).
  const indexUrl = /"indexUrl":"\/mini\/([^"]+)"/.exec(html)?.[1];
  assert.ok(indexUrl, 'the page names its search index');
  const manifest = await get(indexUrl);
  assert.is(manifest.headers.get('cache-control'), 'no-cache');
  const { chunkStarts } = (await manifest.json()) as { chunkStarts: number[] };
  const texts = await Promise.all(chunkStarts.map((_, i) => get(indexUrl.replace(/[^/]+$/, `d${i}.json`))));
  assert.ok(texts.every((text) => text.headers.get('cache-control') === 'no-cache'));
  assert.ok((await Promise.all(texts.map((text) => text.text()))).some((text) => text.includes('Second steps.')));

  await writeFile(path.join(project, 'content/docs/extra.md'), '# Extra\n\nMore.\n');
  await page.next('reload');
  assert.is((await get('docs/extra/')).status, 200);

  await rename(path.join(project, 'content/docs/extra.md'), path.join(project, 'content/docs/moved.md'));
  await page.next('reload');
  await settles(
    page,
    async () => (await get('docs/moved/')).status === 200 && (await get('docs/extra/')).status === 404,
  );

  await unlink(path.join(project, 'content/docs/moved.md'));
  await page.next('reload');
  await settles(page, async () => (await get('docs/moved/')).status === 404);
  assert.ok(
    lines.some((line) => /^rebuilt in \d+ ms/.test(line)),
    lines.join('\n'),
  );
  page.close();
});

test('a save that changes what every page shares (where the docs start, which the navbar links to) loads every page again', async () => {
  const page = await connect();
  await page.next('hello');
  await writeFile(path.join(project, 'content/docs/intro.md'), '---\nslug: /start\ntitle: Intro\n---\nHello.\n');
  const moved = (await page.next('reload')) as Extract<LiveMessage, { type: 'reload' }>;
  // Every page's HTML changed too, but a payload does not carry the chrome a page holds: shown in place, the navbar
  // would keep linking to the docs' old start.
  assert.equal(moved.update, { in: 'page', because: 'what every page shares changed' });
  assert.match(await (await get('docs/setup/')).text(), 'href="/mini/docs/start/"');
  page.close();
});

test('saving a partial rebuilds the page that includes it', async () => {
  const page = await connect();
  await page.next('hello');
  await mkdir(path.join(project, 'content/docs/_partials'));
  await writeFile(path.join(project, 'content/docs/_partials/steps.md'), 'Shared step one.\n');
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\n::include{file="_partials/steps.md"}\n');
  await settles(page, async () => (await (await get('docs/setup/')).text()).includes('Shared step one.'));

  // Messages from here on answer this save: a reload of the saves before may still be on its way (they may have
  // been built in two steps, and the first of them named the partial too, as it was new then).
  const before = page.messages.length;
  await writeFile(path.join(project, 'content/docs/_partials/steps.md'), 'Shared step two.\n');
  await settles(page, async () => (await (await get('docs/setup/')).text()).includes('Shared step two.'));
  const partial = path.join('content', 'docs', '_partials', 'steps.md');
  const reloads = page.messages.slice(before).filter((m) => m.type === 'reload') as { changed: string[] }[];
  assert.ok(
    reloads.some((reload) => reload.changed.includes(partial)),
    `a reload names the partial: ${JSON.stringify(reloads)}`,
  );
  assert.is((await get('docs/_partials/steps/')).status, 404);
  page.close();
});

test('a broken save shows the error with file and line, keeps the last good site, and the next good save recovers', async () => {
  const page = await connect();
  await page.next('hello');
  await writeFile(path.join(project, 'content/docs/setup.md'), '---\ntitle: [unclosed\n---\n# Setup\n');
  const failure = (await page.next('error')) as Extract<LiveMessage, { type: 'error' }>;
  assert.match(failure.title, /^Build failed with 1 error$/);
  assert.match(failure.problems[0].text, /^content\/docs\/setup\.md:\d+:\d+  invalid front matter/);
  // Under it, as in the terminal: the line with a caret under the column.
  assert.equal(failure.problems[0].details, ['2 | title: [unclosed', '  |        ^']);
  assert.ok(
    lines.some((line) => line.includes('content/docs/setup.md:')),
    'the terminal names the file and line',
  );
  const still = await get('docs/setup/');
  assert.is(still.status, 200, 'the server keeps serving');
  assert.match(await still.text(), 'First steps.', 'the last good build');

  // A page opened while the build is broken hears about it at once.
  const late = await connect();
  await late.next('hello');
  assert.is((await late.next('error')).type, 'error');

  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nFixed steps.\n');
  await page.next('reload');
  assert.match(await (await get('docs/setup/')).text(), 'Fixed steps.');
  assert.ok(lines.some((line) => line.startsWith('fixed; rebuilt in')));
  page.close();
  late.close();
});

test('a page sent before a rebuild, whose socket connects after it, learns it is out of date', async () => {
  const tagOf = (html: string) => {
    const [, build, server] =
      /<script src="\/__egdocs\/live\.js" data-build="(\d+)" data-server="([\w-]+)" defer>/.exec(html)!;
    return { server, build: Number(build) };
  };
  const before = await get('docs/');
  const sent = tagOf(await before.text());
  const etag = before.headers.get('etag')!;
  // The rebuild finishes before the page's socket opens: its reload message reaches another page only.
  const other = await connect();
  await other.next('hello');
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nLater steps.\n');
  const reload = (await other.next('reload')) as Extract<LiveMessage, { type: 'reload' }>;
  const late = await connect();
  const hello = (await late.next('hello')) as Extract<LiveMessage, { type: 'hello' }>;
  assert.is(hello.build, reload.build);
  assert.ok(isStale(sent, hello), `a page of build ${sent.build} is stale when build ${hello.build} is served`);
  // The page did not change, but what is sent with it did: asked again, it comes with the new number, not a 304
  // that would keep the old one (and reload for ever).
  const again = await fetch(`http://127.0.0.1:${server.port}/mini/docs/`, { headers: { 'if-none-match': etag } });
  assert.is(again.status, 200);
  assert.equal(tagOf(await again.text()), { server: hello.server, build: hello.build });
  assert.not.ok(isStale(tagOf(await (await get('docs/')).text()), hello));
  other.close();
  late.close();
});

test('a config mistake while serving is reported with a suggestion; fixing it rebuilds with the new config', async () => {
  const page = await connect();
  await page.next('hello');
  await writeFile(path.join(project, 'site.config.ts'), CONFIG.replace("'docSidebar'", "'docSidebr'"));
  const failure = (await page.next('error')) as Extract<LiveMessage, { type: 'error' }>;
  assert.is(
    failure.problems[0].text,
    "site.config.ts:3:29  navbar.items[0].type 'docSidebr' is not a navbar item type; did you mean 'docSidebar'?",
  );
  // Written at once after the error: the watcher drops this change (too soon after the last), the server must not.
  await writeFile(path.join(project, 'site.config.ts'), CONFIG.replace("title: 'Mini'", "title: 'Mini Two'"));
  const reload = (await page
    .next('reload')
    .catch((error) => assert.unreachable(`${error.message}\n${lines.join('\n')}`))) as Extract<
    LiveMessage,
    { type: 'reload' }
  >;
  assert.match(await (await get('docs/setup/')).text(), /<title>Setup \| Mini Two<\/title>/);
  // The config decides what every page shares: the pages load again, though the build before this one failed.
  assert.equal(reload.update, { in: 'page', because: 'the config changed' });
  page.close();
});

test('a site that fails its first build is served as its error page until a save fixes it', async () => {
  await server.close();
  await rm(project, { recursive: true, force: true });
  project = await project_({
    'site.config.ts': CONFIG,
    'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nHi.\n',
    'content/docs/setup.md': '---\ntitle: [x\n---\n',
  });
  server = await serveProject(project, {
    log: (line) => lines.push(line),
  });
  const broken = await get('docs/setup/');
  assert.is(broken.status, 503);
  const html = await broken.text();
  assert.match(html, /<h1>Build failed with 1 error<\/h1>/);
  assert.match(html, 'content/docs/setup.md:');
  assert.match(html, '/__egdocs/live.js');
  const page = await connect();
  await page.next('hello');
  await writeFile(path.join(project, 'content/docs/setup.md'), '# Setup\n\nNow fine.\n');
  const fixed = (await page.next('reload')) as Extract<LiveMessage, { type: 'reload' }>;
  assert.equal(fixed.update, { in: 'page', because: 'the first good build' }, 'the error page has no client');
  assert.is((await get('docs/setup/')).status, 200);
  page.close();
});

test('a template edit renders every page with the new template; a template error names the template file and line', async () => {
  await server.close();
  const templates = path.join(project, 'templates-copy');
  await cp(path.join(ROOT, 'templates'), templates, { recursive: true });
  // The templates import the shared layer beside them (../src/shared): the copy gets its own beside it.
  await cp(path.join(ROOT, 'src'), path.join(project, 'src'), { recursive: true });
  server = await serveProject(project, {
    log: (line) => lines.push(line),
    templatesDir: templates,
  });
  const page = await connect();
  await page.next('hello');
  const docPage = path.join(templates, 'DocPage.tsx');
  const original = await readFile(docPage, 'utf8');
  const edit = (from: string, to: string) => writeFile(docPage, original.replace(from, to));
  // Where the edits land, so the expected positions follow the template as it is written today.
  const lines = original.split('\n');
  // The doc's title, which DocPage hands to the article (ArticleWithToc) to show as its heading.
  const titleProp = 'title={route.title}';
  const h1Line = lines.findIndex((line) => line.includes(titleProp)) + 1;
  const throwing = 'title={(route as unknown as { x: { y: string } }).x.y}';
  const yColumn = lines[h1Line - 1].replace(titleProp, throwing).indexOf('y}') + 1;

  await edit(titleProp, 'title={`${route.title} (edited)`}');
  const edited = (await page.next('reload')) as Extract<LiveMessage, { type: 'reload' }>;
  // The client renders with the templates too: its pages load again, with the bundle made of the new ones.
  assert.equal(edited.update, { in: 'page', because: 'a template changed' });
  assert.match(await (await get('docs/setup/')).text(), '<h1>Setup (edited)</h1>');

  await edit(titleProp, 'title={route.title}}');
  const syntax = (await page.next('error')) as Extract<LiveMessage, { type: 'error' }>;
  assert.match(syntax.problems[0].text, new RegExp(`^templates-copy/DocPage\\.tsx:${h1Line}:\\d+  `));

  await edit(titleProp, throwing);
  const thrown = (await page.next('error')) as Extract<LiveMessage, { type: 'error' }>;
  assert.equal(
    thrown.problems.map((problem) => problem.text),
    [
      `templates-copy/DocPage.tsx:${h1Line}:${yColumn}  template failed rendering /mini/docs/ and 1 other page: Cannot read properties of undefined (reading 'y')`,
    ],
  );

  await writeFile(docPage, original);
  await page.next('reload');
  assert.match(await (await get('docs/setup/')).text(), '<h1>Setup</h1>');
  page.close();
});

test.run();
