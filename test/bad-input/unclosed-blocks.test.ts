// A code fence or an admonition left open. markdown-it runs an unclosed fence to the end of its container, as
// CommonMark says, so the page builds as the reader will see it, with a warning at the opening line; an admonition
// is our own syntax with no such rule, and an unclosed one stops the build at its opening line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles, createBuildCache } from '../../src/build.ts';
import { sortDiagnostics } from '../../src/shared/model/diagnostics.ts';
import { CodeHighlighter } from '../../src/markdown/plugins/highlight.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { sharedBundle, contentFiles, fileText, testConfig } from '../helpers.ts';
import { failure, printed } from './report.ts';

const test = suite('bad input: code fences and admonitions left open');

// One highlighter for every build here, as serve keeps one: Shiki warns when a process opens ten.
const highlighter = new CodeHighlighter();

/** Builds a site with fences; returns the result and its diagnostics, printed and sorted. */
async function success(files: Record<string, string>): Promise<{ result: BuildResult; printed: string[] }> {
  const result = await buildSiteFiles({
    config: testConfig(),
    files: contentFiles(files),
    cache: { ...createBuildCache(), highlighter },
  });
  return { result, printed: sortDiagnostics(result.diagnostics).map(printed) };
}

test('an unclosed fence is a warning at its opening line, and the rest of the page shows as code', async () => {
  const { result, printed } = await success({
    'docs/page.md': '---\ntitle: Page\n---\nIntro.\n\n```bash\nnpm install\n\n## Next step\n\nMore text.\n',
  });
  assert.equal(printed, [
    "warning  content/docs/page.md:6:1  code fence '```bash' is never closed, so the text after it shows as code; add a line '```' after the code",
  ]);
  const html = fileText(result, 'docs/page/index.html');
  assert.not.match(html, 'id="next-step"');
  assert.match(html, '## Next step</span></span>\n<span class="line"></span>\n<span class="line">');
});

test('unclosed fences without a language, of tildes, in a list item or on the last line are each found at their column', async () => {
  const { printed } = await success({
    'docs/a.md': 'Intro.\n\n```\ncode\n',
    'docs/b.md': 'Intro.\n\n~~~~ini title="php.ini"\nx = 1\n~~~\n',
    'docs/c.md': '1. Run:\n\n   ```sh\n   npm start\n2. Open the page.\n',
    'docs/d.md': 'Intro.\n\n```js',
  });
  assert.equal(printed, [
    "warning  content/docs/a.md:3:1  code fence '```' is never closed, so the text after it shows as code; add a line '```' after the code",
    "warning  content/docs/b.md:3:1  code fence '~~~~ini' is never closed, so the text after it shows as code; add a line '~~~~' after the code",
    "warning  content/docs/c.md:3:4  code fence '```sh' is never closed, so the text after it shows as code; add a line '```' after the code",
    "warning  content/docs/d.md:3:1  code fence '```js' is never closed, so the text after it shows as code; add a line '```' after the code",
  ]);
});

test('closed fences give no warning: at the end of the file, with a longer marker, in a quote, a list or an admonition', async () => {
  const files = {
    'docs/a.md': '```js\nx\n```',
    'docs/b.md': '````md\n```\ninner\n```\n`````\n',
    'docs/c.md': '> ```sh\n> npm start\n> ```\n',
    'docs/d.md': '- Run:\n\n  ```sh\n  npm start\n  ```\n- Done.\n',
    'docs/e.md': ':::tip\n```sh\nnpm start\n```\n:::\n',
    'docs/f.md': '```\n```\n',
  };
  assert.equal((await success(files)).printed, []);
});

test('an unclosed fence inside an admonition ends with the admonition, and is a warning at its line', async () => {
  const { result, printed } = await success({
    'docs/page.md': '# Page\n\n:::tip Install\n```sh\nnpm start\n:::\n\nAfter.\n',
  });
  assert.equal(printed, [
    "warning  content/docs/page.md:4:1  code fence '```sh' is never closed, so the text after it shows as code; add a line '```' after the code",
  ]);
  assert.match(fileText(result, 'docs/page/index.html'), '<p>After.</p>');
});

test('under serve, the warning comes back on every rebuild, also when the page itself is reused', async () => {
  const config = testConfig();
  const files = contentFiles({ 'docs/page.md': '```sh\nnpm start\n', 'docs/other.md': '# Other\n' });
  const cache = { ...createBuildCache(), highlighter };
  const expected = [
    "warning  content/docs/page.md:1:1  code fence '```sh' is never closed, so the text after it shows as code; add a line '```' after the code",
  ];
  assert.equal(
    (await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files, cache })).diagnostics.map(printed),
    expected,
  );
  files.texts.set('content/docs/other.md', '# Other, edited\n');
  const again = await buildSiteFiles({ config, bundle: sharedBundle(config.baseUrl), files, cache });
  assert.is(again.rendered.pages, 1);
  assert.equal(again.diagnostics.map(printed), expected);
});

test('an admonition that is never closed stops the build at its opening line', async () => {
  assert.equal(
    await failure({ 'docs/page.md': '---\ntitle: Page\n---\nIntro.\n\n:::note Before you start\nText.\n' }),
    ["error  content/docs/page.md:6:1  ':::note' is never closed; add a line ':::' after its content"],
  );
});

test('with nested admonitions and one closing line, the error names the outer one', async () => {
  assert.equal(await failure({ 'docs/page.md': ':::warning\nText.\n\n:::danger\nInner.\n:::\n' }), [
    "error  content/docs/page.md:1:1  ':::warning' is never closed; add a line ':::' after its content",
  ]);
});

test.run();
