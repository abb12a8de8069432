// The bundle store (src/bundle/store.ts): a bundle is reused while every file it was made from is unchanged.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Bundle } from '../../src/bundle/index.ts';
import { storedBundle } from '../../src/bundle/store.ts';
import { tempProject } from '../project.ts';

const test = suite('bundle: the store between builds');

test('reused while its inputs are unchanged; made again when one changes, or the base URL or the versions do', async () => {
  const project = await tempProject({ 'src/a.ts': 'export const a = 1;\n', 'src/b.css': 'p { color: red }\n' });
  const store = path.join(project.dir, 'store/bundle.json');
  let made = 0;
  const make = async (): Promise<Bundle> => {
    made++;
    const text = `made ${made}`;
    return {
      inputs: ['src/a.ts', 'src/b.css'],
      files: [{ path: 'assets/js/main.js', contents: new TextEncoder().encode(text) }],
      styles: ['/base/assets/css/styles.css'],
      scripts: ['/base/assets/js/main.js'],
      preload: { entry: [], groups: {} as Bundle['preload']['groups'] },
      workerUrl: '/base/assets/js/worker.js',
      parts: {
        SearchResults: '/base/assets/js/SearchResults.js',
        tabs: '/base/assets/js/tabs.js',
        mermaid: '/base/assets/js/mermaid.js',
      },
      versions: false,
      imageZoom: false,
    };
  };
  const decode = (contents: string | Uint8Array) =>
    typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
  const text = (bundle: Bundle) => decode(bundle.files[0].contents);
  const plain = (bundle: Bundle) => ({ ...bundle, files: bundle.files.map((file) => decode(file.contents)) });
  try {
    const options = { root: project.dir, baseUrl: '/base/', versions: false, imageZoom: false };
    const first = await storedBundle(store, options, make);
    const second = await storedBundle(store, options, make);
    assert.is(made, 1, 'the second build reuses the first');
    assert.equal(plain(second), plain(first));
    assert.ok(second.files[0].contents instanceof Uint8Array);
    await project.write('src/b.css', 'p { color: blue }\n');
    assert.is(text(await storedBundle(store, options, make)), 'made 2', 'a changed input');
    assert.is(text(await storedBundle(store, { ...options, baseUrl: '/other/' }, make)), 'made 3', 'another base URL');
    assert.is(text(await storedBundle(store, { ...options, versions: true }, make)), 'made 4', 'with versions');
    assert.is(text(await storedBundle(store, { ...options, imageZoom: true }, make)), 'made 5', 'with image zoom');
    await project.remove();
    assert.is(text(await storedBundle(store, options, make)), 'made 6', 'inputs gone: made again, no error');
  } finally {
    await project.remove();
  }
});

test.run();
