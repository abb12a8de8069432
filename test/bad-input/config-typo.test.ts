// A typo in site.config.ts: an unknown key is an error naming its full path, with the key it most likely meant.
// (The config is code, evaluated before it is checked, so these name the file but not a line.)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { validateConfig } from '../../src/config/validate.ts';
import { BuildFailed, formatDiagnostic } from '../../src/shared/model/diagnostics.ts';

const test = suite('bad input: a typo in site.config.ts');

function problem(user: Record<string, unknown>): string {
  try {
    validateConfig({ title: 'Shop docs', url: 'https://docs.example.com', ...user }, 'site.config.ts');
  } catch (error) {
    assert.instance(error, BuildFailed);
    return formatDiagnostic((error as BuildFailed).diagnostic);
  }
  throw new Error('the config should have been refused');
}

test('an unknown top-level key suggests the one meant', () => {
  assert.is(problem({ baseURL: '/shop/' }), "site.config.ts  unknown key 'baseURL'; did you mean 'baseUrl'?");
  assert.is(problem({ navBar: { items: [] } }), "site.config.ts  unknown key 'navBar'; did you mean 'navbar'?");
});

test('an unknown nested key is named by its path, with the path it most likely meant', () => {
  assert.is(
    problem({ docs: { sidebar: {} } }),
    "site.config.ts  unknown key 'docs.sidebar'; did you mean 'docs.sidebars'?",
  );
  assert.is(
    problem({ blog: { postPerPage: 5 } }),
    "site.config.ts  unknown key 'blog.postPerPage'; did you mean 'blog.postsPerPage'?",
  );
  assert.is(
    problem({ client: { progressBar: { startdelay: 100 } } }),
    "site.config.ts  unknown key 'client.progressBar.startdelay'; did you mean 'client.progressBar.startDelay'?",
  );
});

test('an unknown key with nothing close lists the keys that are allowed there', () => {
  assert.is(
    problem({ search: { engine: 'lunr' } }),
    "site.config.ts  unknown key 'search.engine'; known keys: maxSuggestions, excerptLength, shortcut, hint, clearButton, highlightTerms, bm25",
  );
});

test('a value of the wrong type names the key and what was written', () => {
  assert.is(
    problem({ blog: { postsPerPage: '10' } }),
    'site.config.ts  \'blog.postsPerPage\' must be a number, got "10"',
  );
});

test.run();
