// What `egdocs serve` prints as a writer saves: every warning once, then per save only what changed (the warnings it
// adds, those it resolves), and a failed build in the words build and check use. The lines are the CLI's
// (serveReport), captured from a dev server on a temporary project.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevServer } from '../../src/serve/dev.ts';
import { MINI_CONFIG } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { serveProject } from '../serve-project.ts';

const test = suite('serve: the terminal tells what each build changed');

let project: TempProject;
let server: DevServer;
let lines: string[];

const INTRO = '---\nslug: /\ntitle: Intro\n---\nSee [setup](./setup.md) and [old](./nope.md).\n';
const NOPE =
  "content/docs/intro.md:5:35  markdown link './nope.md' points to content/docs/nope.md, which does not exist";
const GONE = "markdown link './gone.md' points to content/docs/gone.md, which does not exist";

test.before.each(async () => {
  project = await tempProject(
    {
      'site.config.ts': MINI_CONFIG,
      'content/docs/intro.md': INTRO,
      'content/docs/setup.md': '# Setup\n\nFirst steps.\n',
    },
    'egdocs-terminal-',
  );
  lines = [];
  server = await serveProject(project.dir, {
    log: (line) => lines.push(line),
  });
});
test.after.each(async () => {
  await server.close();
  await project.remove();
});

/** Saves `rel` and waits for the build it starts to be told; gives the lines printed for it. */
async function save(rel: string, text: string): Promise<string[]> {
  const seen = lines.length;
  await project.write(rel, text);
  for (;;) {
    await server.idle();
    const told = lines.slice(seen);
    if (told.some((line) => /rebuilt in|^Build failed/.test(line))) return told;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A rebuild line for a save of `file`, with its time left out. */
const rebuilt = (line: string | undefined) => line?.replace(/ in \d+ ms/, ' in N ms');

test('the first build prints every warning; a save prints only the warnings it adds and those it resolves', async () => {
  assert.equal(lines, [
    `warning  ${NOPE}`,
    '    5 | See [setup](./setup.md) and [old](./nope.md).',
    '      |                                   ^',
  ]);

  // A save that changes no warning: the rebuild line alone, not intro's warning again.
  assert.equal((await save('content/docs/setup.md', '# Setup\n\nSecond steps.\n')).map(rebuilt), [
    'rebuilt in N ms (content/docs/setup.md): 1 page and 1 route rendered',
  ]);

  // A new warning: that one alone.
  const added = await save('content/docs/setup.md', '# Setup\n\nSee [gone](./gone.md).\n');
  assert.equal(added.slice(0, -1), [
    `warning  content/docs/setup.md:3:12  ${GONE}`,
    '    3 | See [gone](./gone.md).',
    '      |            ^',
  ]);

  // A warning fixed: named as resolved, where it was; the other is not printed again.
  const resolved = await save('content/docs/intro.md', INTRO.replace(' and [old](./nope.md)', ''));
  assert.equal(resolved.slice(0, -1), [`resolved: ${NOPE}`]);

  // An edit above a warning moves its line: it is the same warning, not a new one and a resolved one.
  assert.equal((await save('content/docs/setup.md', '# Setup\n\nFirst.\n\nSee [gone](./gone.md).\n')).map(rebuilt), [
    'rebuilt in N ms (content/docs/setup.md): 1 page and 1 route rendered',
  ]);
});

test('a failed save prints its errors and the title build and check print; the next good save compares with the last good build', async () => {
  const failed = await save('content/docs/setup.md', '---\ntitle: [unclosed\n---\n# Setup\n');
  assert.equal(failed, [
    'error  content/docs/setup.md:2:8  invalid front matter: the [ list opened here is never closed; end it with ] on the same line',
    '    2 | title: [unclosed',
    '      |        ^',
    '',
    'Build failed with 1 error; the server keeps running and rebuilds on the next save',
  ]);
  // Intro's warning was in the last good build and still is: the fixed build does not print it again.
  assert.equal((await save('content/docs/setup.md', '# Setup\n\nFixed.\n')).map(rebuilt), [
    'fixed; rebuilt in N ms (content/docs/setup.md): 1 page and 1 route rendered',
  ]);
});

test.run();
