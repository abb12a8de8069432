import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { validateConfig } from '../../src/config/validate.ts';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';

const test = suite('config: docs.versions');

const V21 = { name: '2.1', label: '2.1.x', path: '2.1', banner: 'unmaintained' };

/** The config file's problems, each as `file:line:col  message; hint`. */
function problemsOf(docs: string): string[] {
  const source = `export default {\n  title: 'T',\n  url: 'https://t.dev',\n  docs: ${docs},\n};\n`;
  try {
    validateConfig({ title: 'T', url: 'https://t.dev', docs: Function(`return ${docs}`)() }, 'site.config.ts', {
      source,
    });
  } catch (error) {
    assert.instance(error, BuildFailed);
    return (error as BuildFailed).diagnostics.map(formatDiagnostic);
  }
  throw new Error('expected a config error');
}

test('older versions are read with their name, label, path and banner; the current version stays the latest', () => {
  const config = validateConfig({ title: 'T', url: 'https://t.dev', docs: { versions: [V21] } }, 'site.config.ts');
  assert.equal(config.docs.versions, [V21]);
  assert.is(config.docs.lastVersion, undefined);
  assert.is(config.docs.version.name, 'current');
});

test('a config without versions has none', () => {
  const config = validateConfig({ title: 'T', url: 'https://t.dev' }, 'site.config.ts');
  assert.equal(config.docs.versions, []);
});

test('two versions with one name are an error at the second, naming the first', () => {
  const problems = problemsOf(
    "{ versions: [{ name: '2.1', label: 'a', path: 'a' },\n    { name: '2.1', label: 'b', path: 'b' }] }",
  );
  assert.equal(problems, [
    "site.config.ts:5:13  docs.versions[1].name '2.1' is also the name of docs.versions[0]; give each version its own name",
  ]);
});

test('a path that is not one URL segment is an error naming the key', () => {
  const problems = problemsOf("{ versions: [{ name: '2.1', label: '2.1', path: '2.1/old' }] }");
  assert.equal(problems, [
    "site.config.ts:4:57  docs.versions[0].path '2.1/old' is not a URL segment; write one URL segment of letters, digits, '.', '-', '_' or '~', like '2.1'",
  ]);
});

test("a path where the current version's tags pages are is refused", () => {
  const [problem] = problemsOf("{ versions: [{ name: 'old', label: 'Old', path: 'tags' }] }");
  assert.match(problem, "docs.versions[0].path 'tags' is where the current version's tags pages are");
});

test('a name that cannot be a folder is refused', () => {
  const [problem] = problemsOf("{ versions: [{ name: '../x', label: 'x', path: 'x' }] }");
  assert.match(problem, "docs.versions[0].name '../x' cannot name a folder of content/versioned/");
});

test('an older version named as the current one is an error', () => {
  const [problem] = problemsOf("{ versions: [{ name: 'current', label: 'x', path: 'x' }] }");
  assert.match(problem, "docs.versions[0].name 'current' is the current version's name (docs.version.name)");
});

test('a misspelt key of a version names the likely one, and a lastVersion that is no version the closest', () => {
  assert.equal(problemsOf("{ versions: [{ name: '2.1', label: '2.1', path: '2.1', baner: 'none' }] }"), [
    "site.config.ts:4:64  unknown key 'docs.versions[0].baner'; did you mean 'docs.versions[0].banner'?",
  ]);
  assert.equal(problemsOf("{ versions: [{ name: '2.1', label: '2.1', path: '2.1' }], lastVersion: '2.2' }"), [
    "site.config.ts:4:80  docs.lastVersion '2.2' is not a version; did you mean '2.1'?",
  ]);
});

test.run();
