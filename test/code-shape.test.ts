// The shape of egdocs' code, held as the layers are: no function in src/ or templates/ is longer than a reader takes
// in at once (MAX_LINES), so that a closure which grew into a class is split into parts with names before it lands.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite('code shape: small units');

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 120;

/** The functions under `dir` over MAX_LINES, as `file:line name: N lines`. */
const tooLong = (dir: string) =>
  functionsIn(dir)
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ where, lines }) => `${where}: ${lines} lines`);

/** Every function in the TypeScript files under `dir` (absolute), with its length in lines. */
function functionsIn(dir: string): { where: string; lines: number }[] {
  const found: { where: string; lines: number }[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? (entry as { path?: string }).path ?? dir, entry.name);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const line = (at: number) => source.getLineAndCharacterOfPosition(at).line;
        const name =
          node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '');
        found.push({
          where: `${path.relative(path.dirname(dir), file)}:${line(node.getStart(source)) + 1} ${name}`.trim(),
          lines: line(node.getEnd()) - line(node.getStart(source)) + 1,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

test(`no function in src/ or templates/ is over ${MAX_LINES} lines`, () => {
  assert.equal([path.join(root, 'src'), path.join(root, 'templates')].flatMap(tooLong), []);
});

test('the check finds a function one line too long, an arrow or a method as well as a declaration', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'egdocs-shape-'));
  const lines = (count: number) => '  x;\n'.repeat(count - 2);
  try {
    writeFileSync(
      path.join(dir, 'a.ts'),
      `function fits() {\n${lines(MAX_LINES)}}\nfunction long() {\n${lines(MAX_LINES + 1)}}\n` +
        `const arrow = () => {\n${lines(MAX_LINES + 1)}};\nclass C {\n  method() {\n${lines(MAX_LINES + 1)}}\n}\n`,
    );
    assert.equal(
      tooLong(dir).map((found) => found.replace(/^.*a\.ts:\d+ /, '')),
      [`long: ${MAX_LINES + 1} lines`, `arrow: ${MAX_LINES + 1} lines`, `method: ${MAX_LINES + 1} lines`],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
