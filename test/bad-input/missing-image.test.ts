// An image that is not where the page says: a warning at the image's line and column, naming where it looked.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileText } from '../helpers.ts';
import { success } from './report.ts';

const test = suite('bad input: an image that is not there');

test('a missing relative and a missing static image each warn at their position, and the page builds', async () => {
  const { result, printed } = await success({
    'docs/setup.md':
      '---\ntitle: Setup\n---\nThe panel:\n\n![Panel](./img/panel.png)\n\nLogo: ![Logo](/img/logo.svg) here.\n',
  });
  assert.equal(printed, [
    "warning  content/docs/setup.md:6:10  image './img/panel.png' not found (looked for content/docs/img/panel.png)",
    "warning  content/docs/setup.md:8:15  image '/img/logo.svg' not found (looked for content/static/img/logo.svg)",
  ]);
  assert.match(fileText(result, 'docs/setup/index.html'), '<img src="./img/panel.png" alt="Panel">');
});

test.run();
