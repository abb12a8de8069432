// Every kind of mistake, saved while `egdocs serve` runs: the server keeps serving the last good build, tells the
// open pages (an error overlay, or a reload with warnings printed), and the next good save recovers. Also pages
// deleted while another is saved or while a build runs: the server survives and settles on the right site.
import { mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { buildSiteFiles, createBuildCache } from '../../src/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import type { DevServer } from '../../src/serve/dev.ts';
import type { LiveMessage } from '../../src/shared/live-protocol.ts';
import { MINI_CONFIG as CONFIG } from '../helpers.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('bad input: egdocs serve survives every mistake');

const GOOD: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/docs/intro.md': '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md) and [extra](./extra.md).\n',
  'content/docs/setup.md': '# Setup\n\nFirst steps.\n',
  // Not in the sidebar (MINI_CONFIG lists intro and setup), as it says.
  'content/docs/extra.md': '---\nunlisted: true\n---\n# Extra\n\nMore.\n',
  'content/blog/authors.yml': 'ann:\n  name: Ann Lee\n',
  'content/blog/tags.yml': 'news:\n  label: News\n',
  'content/blog/2025-01-02-hello.md': '---\ntitle: Hello\nauthors: [ann]\ntags: [news]\n---\nHi.\n',
};

let project: string;
let server: DevServer;
let lines: string[];

/** Writes a file in place, as many editors do (so a build may see it empty, half-written). */
const write = async (rel: string, contents: string | Buffer) => {
  await mkdir(path.dirname(path.join(project, rel)), { recursive: true });
  await writeFile(path.join(project, rel), contents);
};
/** Saves a file whole: written outside the watched folders, then renamed over it, so no build sees it half-written. */
const save = async (rel: string, contents: string | Buffer) => {
  if (!rel.startsWith('content/')) return write(rel, contents);
  const temp = path.join(project, `.saving-${path.basename(rel)}`);
  await writeFile(temp, contents);
  await rename(temp, path.join(project, rel));
};

/** The overlay's problems, with the config file named as it is when serve runs in the project (here it runs elsewhere). */
const problemsOf = (message: LiveMessage) =>
  (message as Extract<LiveMessage, { type: 'error' }>).problems.map(({ text }) =>
    text.replace(path.relative(process.cwd(), path.join(project, 'site.config.ts')), 'site.config.ts'),
  );
const get = (route: string) => fetch(`http://127.0.0.1:${server.port}/mini/${route}`);

/** What the tests wait on, counted: each message a page receives, each line the server prints, each rebuild. */
let events = 0;
const wakers = new Set<() => void>();
const happened = () => {
  events++;
  for (const wake of wakers) wake();
};
/** Files of each rebuild the server started, in order. */
let rebuilds: string[][];

/**
 * Waits until `check` holds, checking again after each event (never on a timer): a deletion and a save may be built
 * together or one after the other. An event during a check is not lost: the count says one came.
 */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20000;
  for (;;) {
    const seen = events;
    if (await check()) return;
    if (events !== seen) continue;
    await new Promise<void>((resolve, reject) => {
      const wake = () => (clearTimeout(timer), wakers.delete(wake), resolve());
      const timer = setTimeout(() => {
        wakers.delete(wake);
        reject(new Error(`timed out waiting until ${what}\n${lines.join('\n')}`));
      }, deadline - Date.now());
      wakers.add(wake);
    });
  }
}

/** A page's WebSocket: every message, the latest, and a wait for the next one that matches. */
async function connect(): Promise<{
  latest(): LiveMessage | undefined;
  next(type: LiveMessage['type'], matches?: (message: LiveMessage) => boolean): Promise<LiveMessage>;
  close(): void;
}> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/__egdocs/socket`);
  const messages: LiveMessage[] = [];
  socket.on('message', (data) => (messages.push(JSON.parse(String(data)) as LiveMessage), happened()));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let read = 0;
  return {
    latest: () => messages.at(-1),
    async next(type, matches = () => true) {
      let index = -1;
      const found = () => (index = messages.findIndex((m, i) => i >= read && m.type === type && matches(m))) >= 0;
      await until(found, `a matching '${type}' message; got ${JSON.stringify(messages.slice(read))}`);
      read = index + 1;
      return messages[index];
    },
    close: () => socket.close(),
  };
}

test.before.each(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'egdocs-bad-serve-'));
  for (const [rel, text] of Object.entries(GOOD)) await write(rel, text);
  lines = [];
  rebuilds = [];
  server = await serveProject(project, {
    log: (line) => (lines.push(line), happened()),
    onRebuild: (changed) => (rebuilds.push(changed), happened()),
  });
});
test.after.each(async () => {
  await server.close();
  await rm(project, { recursive: true, force: true });
});

/** A mistake to save, and what the server must say: the overlay's problems (a failed build) or the printed warnings. */
interface Mistake {
  what: string;
  file: string;
  contents: string | Buffer;
  errors?: string[];
  warnings?: string[];
}

const MISTAKES: Mistake[] = [
  {
    what: 'malformed front matter',
    file: 'content/docs/setup.md',
    contents: '---\ntitle: "Setup\n---\n# Setup\n',
    errors: [
      'content/docs/setup.md:2:8  invalid front matter: the quote " opened here is never closed; end the value with " on the same line',
    ],
  },
  {
    what: 'an unclosed code fence',
    file: 'content/docs/setup.md',
    contents: '# Setup\n\n```sh\nnpm start\n',
    warnings: [
      "warning  content/docs/setup.md:3:1  code fence '```sh' is never closed, so the text after it shows as code; add a line '```' after the code",
    ],
  },
  {
    what: 'an unclosed admonition',
    file: 'content/docs/setup.md',
    contents: '# Setup\n\n:::tip\nText.\n',
    errors: ["content/docs/setup.md:3:1  ':::tip' is never closed; add a line ':::' after its content"],
  },
  {
    what: 'a duplicate slug',
    file: 'content/docs/extra.md',
    contents: '---\nslug: /setup\nunlisted: true\n---\n# Extra\n',
    warnings: [
      'warning  content/docs/extra.md:2:1  route /mini/docs/setup/ is produced by both content/docs/extra.md and content/docs/setup.md; only the first is written; give one of them another slug',
    ],
  },
  {
    what: 'an unknown blog author',
    file: 'content/blog/2025-01-02-hello.md',
    contents: '---\ntitle: Hello\nauthors: [anne]\ntags: [news]\n---\nHi.\n',
    errors: ["content/blog/2025-01-02-hello.md:3:1  unknown author 'anne'; did you mean 'ann'?"],
  },
  {
    what: 'a missing image',
    file: 'content/docs/setup.md',
    contents: '# Setup\n\n![Panel](./panel.png)\n',
    warnings: [
      "warning  content/docs/setup.md:3:10  image './panel.png' not found (looked for content/docs/panel.png)",
    ],
  },
  {
    what: 'a sidebar entry naming a missing doc',
    file: 'site.config.ts',
    contents: CONFIG.replace("'setup'", "'setpu'"),
    errors: ["site.config.ts:4:39  docs.sidebars.docs[1]: doc id 'setpu' does not exist; did you mean 'setup'?"],
  },
  {
    what: 'a config typo',
    file: 'site.config.ts',
    contents: CONFIG.replace("baseUrl: '/mini/'", "baseUrl: '/mini/', tagLine: 'Fresh'"),
    errors: ["site.config.ts:2:90  unknown key 'tagLine'; did you mean 'tagline'?"],
  },
  {
    what: 'a Latin-1 file',
    file: 'content/docs/setup.md',
    contents: Buffer.from('# Setup\n\nCafé.\n', 'latin1'),
    errors: [
      "content/docs/setup.md:3:4  is not valid UTF-8 text (byte 0xE9, which is 'é' in Latin-1); save the file as UTF-8",
    ],
  },
  {
    what: 'an empty file',
    file: 'content/docs/setup.md',
    contents: '',
    warnings: [
      "warning  content/docs/setup.md:1:1  the page is empty: no title and no text; write a '# Title' line and some text, or name the file _setup.md to leave it out",
    ],
  },
];

test('each mistake is reported with its file and line while the last good site stays up, and the good save recovers', async () => {
  const page = await connect();
  await page.next('hello');
  const pages = ['docs/setup/', 'docs/extra/', 'blog/hello/'];
  // The pages as served, but for the number of the build they came from, which every good save counts up.
  const served = () =>
    Promise.all(pages.map(async (route) => (await (await get(route)).text()).replace(/ data-build="\d+"/, '')));
  const good = await served();
  for (const mistake of MISTAKES) {
    lines.length = 0;
    await save(mistake.file, mistake.contents);
    if (mistake.errors) {
      // A config file is written in place: a build may first see it half-written, which is another error.
      const same = (m: LiveMessage) => JSON.stringify(problemsOf(m)) === JSON.stringify(mistake.errors);
      assert.equal(problemsOf(await page.next('error', same)), mistake.errors, mistake.what);
      const still = await get('docs/setup/');
      assert.is(still.status, 200, `${mistake.what}: the server keeps serving`);
      assert.is((await still.text()).replace(/ data-build="\d+"/, ''), good[0], `${mistake.what}: the last good build`);
    } else {
      await until(
        async () => mistake.warnings!.every((warning) => lines.includes(warning)),
        `the warning for ${mistake.what}`,
      );
      // A save can be built twice (see THROTTLE_MS in watch.ts), printing the same warnings again; nothing else.
      assert.equal([...new Set(lines.filter((line) => line.startsWith('warning')))], mistake.warnings, mistake.what);
    }
    await save(mistake.file, GOOD[mistake.file]);
    await until(
      async () => page.latest()?.type === 'reload' && JSON.stringify(await served()) === JSON.stringify(good),
      `the site recovers from ${mistake.what}`,
    );
  }
  page.close();
});

test('a doc the sidebar lists, deleted, is an error naming the entry; putting it back recovers', async () => {
  const page = await connect();
  await page.next('hello');
  await unlink(path.join(project, 'content/docs/setup.md'));
  assert.equal(problemsOf(await page.next('error')), [
    "site.config.ts:4:39  docs.sidebars.docs[1]: doc id 'setup' does not exist; add the page under content/docs or remove the entry",
  ]);
  assert.is((await get('docs/setup/')).status, 200);
  await save('content/docs/setup.md', GOOD['content/docs/setup.md']);
  await page.next('reload');
  assert.match(await (await get('docs/setup/')).text(), 'First steps.');
  page.close();
});

test('a page deleted right after another is saved, or while that build runs, leaves the site a fresh build makes', async () => {
  const page = await connect();
  await page.next('hello');
  // A long page, so that its build takes a while: the deletion lands together with the save, during the build it
  // started, and after it.
  const long = Array.from(
    { length: 1500 },
    (_, i) => `## Part ${i}\n\nText of part ${i}, with \`code\` and *emphasis*.\n`,
  ).join('\n');
  const setup = path.join('content', 'docs', 'setup.md');
  const moments: [string, (round: number, rebuildsBefore: number) => Promise<void>][] = [
    ['together with the save', async () => {}],
    [
      'as the build of the save starts',
      (_, before) => until(() => rebuilds.slice(before).some((files) => files.includes(setup)), 'the build starts'),
    ],
    [
      'once the save is built',
      (round) =>
        until(async () => (await (await get('docs/setup/')).text()).includes(`Edit ${round}.`), 'the save is built'),
    ],
  ];
  for (const [round, [moment, wait]] of moments.entries()) {
    await write('content/docs/extra.md', `---\nunlisted: true\n---\n# Extra\n\nRound ${round}.\n`);
    await until(
      async () => (await (await get('docs/extra/')).text()).includes(`Round ${round}.`),
      `extra.md is back (round ${round})`,
    );
    const before = rebuilds.length;
    await write('content/docs/setup.md', `# Setup\n\nEdit ${round}.\n\n${long}`);
    await wait(round, before);
    await unlink(path.join(project, 'content/docs/extra.md'));
    await until(
      async () =>
        (await get('docs/extra/')).status === 404 &&
        (await (await get('docs/setup/')).text()).includes(`Edit ${round}.`),
      `the save and the deletion both show (deleted ${moment})`,
    );
  }
  // Let any build still queued finish, then compare with a build from nothing of what is on disk.
  await server.idle();
  const fresh = await buildSiteFiles({
    config: await loadConfig({ configFile: path.join(project, 'site.config.ts') }),
    cache: createBuildCache(),
  });
  assert.ok(
    fresh.diagnostics.some((d) => d.message.startsWith("markdown link './extra.md' points to content/docs/extra.md")),
  );
  for (const [route, outFile] of [
    ['docs/', 'docs/index.html'],
    ['docs/setup/', 'docs/setup/index.html'],
    ['blog/hello/', 'blog/hello/index.html'],
  ]) {
    const served = (await (await get(route)).text()).replace(/<script src="\/__egdocs\/live\.js"[^>]*><\/script>/, '');
    const file = fresh.files.find((f) => f.path === outFile)!;
    assert.is(
      served,
      typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents),
      route,
    );
  }
  assert.ok(
    lines.some(
      (line) =>
        line ===
        "warning  content/docs/intro.md:5:37  markdown link './extra.md' points to content/docs/extra.md, which does not exist",
    ),
    lines.join('\n'),
  );
  page.close();
});

test.run();
