// Image zoom's code is in a project's client only when its config turns it on: without, the pages, the client and the
// files written are those of a project that never heard of it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('bundle: image zoom');

const FILES = {
  'docs/intro.md': '# Intro\n\n![Screenshot](./shot.svg)\n',
  'docs/shot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"/>',
};

const scriptsOf = (files: { path: string }[]) => files.map((file) => file.path).filter((path) => path.endsWith('.js'));

test('without imageZoom, no zoom script is built and no page names one among its parts', async () => {
  const result = await buildFromMap(FILES);
  assert.not.ok(scriptsOf(result.files).some((path) => path.includes('image-zoom')));
  assert.not.match(fileText(result, 'docs/intro/index.html'), 'image-zoom');
});

test('with imageZoom, the script is built apart from the client, and every page lists it among its parts', async () => {
  const result = await buildFromMap(FILES, { imageZoom: true });
  const [script] = scriptsOf(result.files).filter((path) => path.includes('image-zoom'));
  assert.match(script, /^assets\/js\/image-zoom\.[A-Z0-9]+\.js$/);
  // One more of the article's parts: the images of the article load it (src/client/app.tsx).
  assert.match(fileText(result, 'docs/intro/index.html'), `["#main .markdown img","/base/${script}"]`);
  // Not loaded with the page: the client asks for it once it sees an image (test/browser/image-zoom.test.ts).
  assert.not.match(fileText(result, 'docs/intro/index.html'), `src="/base/${script}"`);
  assert.not.match(fileText(result, 'docs/intro/index.html'), `href="/base/${script}"`);
});

test.run();
