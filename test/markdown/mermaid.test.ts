// Mermaid diagrams on the markdown side (plugins/mermaid.ts): a ```mermaid fence is its source as a code block in a
// labelled `.mermaid` box, which the browser draws; an empty one is a warning; only a site with a diagram publishes
// mermaid's library, which the script that draws diagrams names.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap } from '../helpers.ts';
import { renderPage } from './render-page.ts';

const test = suite('mermaid diagrams');

const label = (html: string) => /<div class="mermaid" data-label="([^"]*)">/.exec(html)?.[1];
const text = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? contents : Buffer.from(contents).toString();

test('a mermaid fence is its source as a code block, in a box named by its first line', async () => {
  const { page, warnings } = await renderPage('Flow:\n\n```mermaid\nflowchart LR\n  A[Cart] --> B{Paid?}\n```\n');
  assert.equal(warnings, []);
  assert.ok(
    page.html.startsWith('<p>Flow:</p>\n<div class="mermaid" data-label="flowchart LR"><div class="code-block">'),
  );
  assert.match(page.html, '<pre class="shiki');
  assert.ok(page.html.endsWith('</div>\n</div>\n'));
  assert.is(page.mermaid, true);
  assert.equal(page.markdownCopy!.includes('```mermaid\nflowchart LR\n  A[Cart] --> B{Paid?}\n```'), true);
});

test("a fence's title names the diagram, else mermaid's front matter title, past its comments", async () => {
  const titled = await renderPage('```mermaid title="Order & payment"\nsequenceDiagram\n  A->>B: pay\n```\n');
  assert.is(label(titled.page.html), 'Order &amp; payment');
  const framed = await renderPage("```mermaid\n---\ntitle: 'Delivery flow'\n---\nflowchart TD\n  A --> B\n```\n");
  assert.is(label(framed.page.html), 'Delivery flow');
  const commented = await renderPage(
    '```mermaid\n%% the states\n%%{init: {"theme": "forest"}}%%\nstateDiagram-v2\n  [*] --> Placed\n```\n',
  );
  assert.is(label(commented.page.html), 'stateDiagram-v2');
});

test('an empty mermaid block is a warning at its line, and leaves nothing on the page', async () => {
  const { page, warnings } = await renderPage('Text.\n\n- Item\n\n  ```mermaid\n  \n  ```\n');
  assert.equal(warnings, [
    'content/docs/page.md:5:3  this mermaid block is empty, so there is no diagram to draw; write the diagram between the fences (```mermaid, then `flowchart LR` and its lines), or remove the block',
  ]);
  assert.not.match(page.html, 'mermaid');
  assert.is(page.mermaid, undefined);
});

test('other code is as it was: no box, no flag', async () => {
  const { page } = await renderPage('```ts\nconst mermaid = 1;\n```\n');
  assert.ok(page.html.startsWith('<div class="code-block">'));
  assert.is(page.mermaid, undefined);
});

test("only a site with a diagram publishes mermaid's library, at the URL the drawing script imports", async () => {
  const withDiagram = await buildFromMap({ 'docs/a.md': '# A\n\n```mermaid\nflowchart LR\n  A --> B\n```\n' });
  const files = new Map(withDiagram.files.map((file) => [file.path, text(file.contents)]));
  const entries = [...files.keys()].filter((path) => /^assets\/mermaid\/mermaid-[0-9a-f]{8}\.mjs$/.test(path));
  assert.is(entries.length, 1);
  const script = [...files].find(([path]) => /^assets\/js\/mermaid\.\w+\.js$/.test(path))![1];
  assert.match(script, `"/base/${entries[0]}"`);
  // Every module the entry imports is published beside it, under the name it imports.
  const imports = [...files.get(entries[0])!.matchAll(/"\.\/(chunks\/[^"]+\.mjs)"/g)].map((match) => match[1]);
  assert.ok(imports.length > 5);
  for (const chunk of imports) assert.ok(files.has(`assets/mermaid/${chunk}`), chunk);

  const without = await buildFromMap({ 'docs/a.md': '# A\n\n```text\nflowchart LR\n```\n' });
  assert.equal(
    without.files.filter((file) => file.path.startsWith('assets/mermaid/')).map((file) => file.path),
    [],
  );
});

test.run();
