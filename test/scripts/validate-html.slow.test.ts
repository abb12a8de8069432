// scripts/validate-html.mjs, as .ci/run runs it on the built site: the W3C checker (Java) over a folder's pages,
// each error at its file and line, and totals in uvu's shape that .ci/run adds to the other suites'.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from '../cli/run.ts';
import { ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';

const test = suite('the W3C HTML check of a build');
const SCRIPT = path.join(ROOT, 'scripts/validate-html.mjs');

const page = (body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>A page</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
// The navbar's search field as it was: a combobox may not be an input of type search.
const COMBOBOX = (type: string) =>
  `<form role="search"><input type="${type}" role="combobox" aria-label="Search" aria-expanded="false" aria-controls="l"><ul id="l" role="listbox"></ul></form>`;

let p: TempProject;
test.before.each(async () => {
  p = await tempProject({}, 'egdocs-vnu-');
});
test.after.each(() => p.remove());

test('every page of a valid build passes, and each counts as a passed test', async () => {
  await p.write('build/index.html', page(COMBOBOX('text')));
  await p.write('build/docs/a/index.html', page('<p>Text</p>'));
  await p.write('build/assets/data.json', '{}');
  const ran = await run(process.execPath, [SCRIPT, 'build'], { cwd: p.dir });
  assert.is(ran.code, 0, ran.stdout + ran.stderr);
  assert.match(ran.stdout, 'vnu: 2 pages checked: 0 errors');
  assert.match(ran.stdout, /^ {2}Total: +2\n {2}Passed: +2$/m);
});

test('an error fails the run, named at its file and line, and fails its page only', async () => {
  await p.write('build/index.html', page('<p>Text</p>'));
  await p.write('build/docs/a/index.html', page(COMBOBOX('search')));
  const ran = await run(process.execPath, [SCRIPT, 'build'], { cwd: p.dir });
  assert.is(ran.code, 1);
  assert.match(ran.stdout, /^build\/docs\/a\/index\.html:5:\d+ {2}error: Bad value “search” for attribute “type”/m);
  assert.match(ran.stdout, /^ {2}Total: +2\n {2}Passed: +1$/m);
});

test('a folder without pages is a failure that says to build first', async () => {
  const ran = await run(process.execPath, [SCRIPT, 'build'], { cwd: p.dir });
  assert.is(ran.code, 1);
  assert.match(ran.stdout, 'build the site first (npx egdocs build)');
  assert.match(ran.stdout, /^ {2}Total: +1\n {2}Passed: +0$/m);
});

test.run();
