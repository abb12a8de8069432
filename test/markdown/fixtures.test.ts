// Markdown fixtures: test/fixtures/markdown/*.txt hold cases of "name / markdown / expected HTML", separated by
// lines of a single dot (as markdown-it's own fixtures). UPDATE=1 rewrites the expected HTML from the output.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics } from '../../src/shared/model/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { contentFiles, ROOT, testConfig } from '../helpers.ts';

const dir = path.join(ROOT, 'test/fixtures/markdown');
const test = suite('markdown fixtures');

interface Case {
  name: string;
  input: string;
  expected: string;
}

/** A case as the fixture file holds it: name, input and expected HTML, each closed by a line with one dot. */
function written(c: Case): string {
  return `${c.name}\n.\n${c.input}.\n${c.expected}.\n`;
}

function readCases(text: string): Case[] {
  const parts = text.split(/^\.\n/m);
  const cases: Case[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3)
    cases.push({ name: parts[i].trim(), input: parts[i + 1], expected: parts[i + 2] });
  return cases;
}

const config = testConfig();
// Pages the fixtures may link to, so .md links resolve.
const siblings = {
  'docs/guide/setup.md': '# Setup\n\n## Step one\n',
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n',
  'docs/guide/img/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"></svg>',
};

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  const full = path.join(dir, file);
  const text = readFileSync(full, 'utf8');
  const cases = readCases(text);
  const actual: string[] = [];
  for (const c of cases) {
    test(`${file}: ${c.name}`, async () => {
      const content = routeContent(
        parseContent(contentFiles({ ...siblings, 'docs/guide/page.md': c.input }), new Diagnostics()),
        config,
      );
      const md = await createMarkdown({ config, content, diagnostics: new Diagnostics() });
      const html = (await md.render(content.sources.find((s) => s.file === 'content/docs/guide/page.md')!)).html;
      actual.push(written({ ...c, expected: html }));
      if (!process.env.UPDATE) assert.fixture(html, c.expected);
    });
  }
  // Without UPDATE: the file holds every case in the form UPDATE writes, so none is silently skipped by a stray line
  // and a rewrite changes only expected HTML. With UPDATE: the rewrite reads back as the same cases.
  test(`${file}: every case read, in the form UPDATE writes`, () => {
    assert.ok(cases.length > 0, `${file} holds no case`);
    if (process.env.UPDATE) {
      writeFileSync(full, actual.join('\n'));
      assert.equal(
        readCases(actual.join('\n')).map((c) => c.name),
        cases.map((c) => c.name),
      );
    } else {
      assert.fixture(cases.map(written).join('\n'), text);
    }
  });
}

test.run();
