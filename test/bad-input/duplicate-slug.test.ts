// Two pages that claim one URL: the build goes on (the first is written) with a warning at the `slug:` line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileText } from '../helpers.ts';
import { success } from './report.ts';

const test = suite('bad input: two docs with one slug');

test('two docs with slug: /same warn at the second slug line, naming both files, and the first is written', async () => {
  const { result, printed } = await success({
    'docs/install.md': '---\ntitle: Install\nslug: /same\n---\nInstall text.\n',
    'docs/upgrade.md': '---\ntitle: Upgrade\ndescription: How to upgrade\nslug: /same\n---\nUpgrade text.\n',
  });
  assert.equal(printed, [
    'warning  content/docs/upgrade.md:4:1  route /base/docs/same/ is produced by both content/docs/install.md and content/docs/upgrade.md; only the first is written; give one of them another slug',
  ]);
  assert.match(fileText(result, 'docs/same/index.html'), 'Install text.');
});

test('the warning is the same whichever file sorts first', async () => {
  const { printed } = await success({
    'docs/a/upgrade.md': '---\nslug: /same\ntitle: Upgrade\n---\nx\n',
    'docs/b/install.md': '---\ntitle: Install\nslug: /same\n---\ny\n',
  });
  assert.equal(printed, [
    'warning  content/docs/b/install.md:3:1  route /base/docs/same/ is produced by both content/docs/a/upgrade.md and content/docs/b/install.md; only the first is written; give one of them another slug',
  ]);
});

test.run();
