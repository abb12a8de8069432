// Markdown fixtures: test/fixtures/markdown/*.txt hold cases of "name / markdown / expected HTML", separated by
// lines of a single dot (as markdown-it's own fixtures). UPDATE=1 rewrites the expected HTML from the output.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContent } from '../../src/content/parse.ts';
import { routeContent } from '../../src/content/routes.ts';
import { Diagnostics } from '../../src/diagnostics.ts';
import { createMarkdown } from '../../src/markdown/index.ts';
import { contentFiles, ROOT, testConfig } from '../helpers.ts';

const dir = path.join(ROOT, 'test/fixtures/markdown');
const test = suite('markdown fixtures');

interface Case {
  name: string;
  input: string;
  expected: string;
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
  const cases = readCases(readFileSync(full, 'utf8'));
  const actual: string[] = [];
  for (const c of cases) {
    test(`${file}: ${c.name}`, async () => {
      const content = routeContent(
        parseContent(contentFiles({ ...siblings, 'docs/guide/page.md': c.input }), new Diagnostics()),
        config,
      );
      const md = await createMarkdown({ config, content, diagnostics: new Diagnostics() });
      const html = (await md.render(content.sources.find((s) => s.file === 'content/docs/guide/page.md')!)).html;
      actual.push(`${c.name}\n.\n${c.input}.\n${html}.\n`);
      if (!process.env.UPDATE) assert.fixture(html, c.expected);
    });
  }
  test(`${file}: written back`, () => {
    if (process.env.UPDATE) writeFileSync(full, actual.join('\n'));
  });
}

test.run();
