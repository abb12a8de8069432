// The social card: the picture a shared link shows (og:image, twitter:image), from the config's `image` or a page's
// front matter `image`, as an absolute URL; a card that is not published is a broken link at the line that names it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap, fileText } from '../helpers.ts';

const test = suite('social cards');

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const FILES = {
  'docs/intro.md': '# Intro\n\nHello.\n',
  'docs/setup.md': '---\nimage: img/setup-card.png\n---\n# Setup\n\nSteps.\n',
  'docs/shared.md': '---\nimage: https://cdn.example.org/card.jpg\n---\n# Shared\n\nText.\n',
  'static/img/card.png': PNG,
  'static/img/setup-card.png': PNG,
};

const metas = (html: string) =>
  [...html.matchAll(/<meta (?:property|name)="(og:image|twitter:image|twitter:card)" content="([^"]*)">/g)].map(
    (m) => `${m[1]}=${m[2]}`,
  );

test("every page shows the config's card, a page's front matter its own; both as absolute URLs", async () => {
  const result = await buildFromMap(FILES, { image: 'img/card.png' });
  assert.equal(result.diagnostics, []);
  assert.equal(metas(fileText(result, 'docs/intro/index.html')), [
    'og:image=https://example.com/base/img/card.png',
    'twitter:image=https://example.com/base/img/card.png',
    'twitter:card=summary_large_image',
  ]);
  assert.equal(metas(fileText(result, 'docs/setup/index.html')).slice(0, 1), [
    'og:image=https://example.com/base/img/setup-card.png',
  ]);
  assert.equal(metas(fileText(result, 'docs/shared/index.html')).slice(0, 1), [
    'og:image=https://cdn.example.org/card.jpg',
  ]);
});

test('without a card, a page has the small summary card and no og:image', async () => {
  const result = await buildFromMap({ 'docs/intro.md': '# Intro\n' });
  assert.equal(metas(fileText(result, 'docs/intro/index.html')), ['twitter:card=summary']);
});

test('a card that is not published is a broken link at the front matter line that names it', async () => {
  const result = await buildFromMap({
    ...FILES,
    'docs/setup.md': '---\ntitle: Setup\nimage: img/seup-card.png\n---\nSteps.\n',
  });
  const messages = result.diagnostics.map(formatDiagnostic).join('\n');
  assert.match(messages, /content\/docs\/setup\.md:3:1 .*img\/seup-card\.png/);
});

test('an SVG card or a card of another scheme is a front matter error with the form to use', async () => {
  try {
    await buildFromMap({ 'docs/intro.md': '---\nimage: img/card.svg\n---\n# Intro\n' });
    assert.unreachable('an SVG card should fail');
  } catch (error) {
    assert.instance(error, BuildFailed);
    const message = (error as BuildFailed).diagnostics.map(formatDiagnostic).join('\n');
    assert.match(
      message,
      "content/docs/intro.md:2:1  image 'img/card.svg' is an SVG, which sites that show link previews do not read",
    );
    assert.match(message, 'a PNG or JPEG of about 1200 × 630 pixels');
  }
});

test.run();
