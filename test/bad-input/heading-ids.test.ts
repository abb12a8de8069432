// Two headings given the same {#id}: links to it could reach only one. markdown-it-anchor stops on it without a
// line; the error names both lines.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, success } from './report.ts';

const test = suite('bad input: two headings with one custom id');

test('a custom id used twice is an error at the second, naming the line of the first', async () => {
  assert.equal(
    await failure({
      'docs/page.md': '---\ntitle: Page\n---\n## Install {#setup}\n\nText.\n\n### Configure {#setup}\n',
    }),
    ["error  content/docs/page.md:8:15  heading id 'setup' is already used on line 4; give this heading another {#id}"],
  );
});

test('headings with the same text get numbered ids without complaint', async () => {
  const { result, printed } = await success({ 'docs/page.md': '# Page\n\n## Notes\n\n## Notes\n' });
  assert.equal(printed, []);
  assert.equal(
    result.site.pages[0].headings.map((h) => h.id),
    ['notes', 'notes-1'],
  );
});

test.run();
