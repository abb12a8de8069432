// Page-weight budgets: first-load JavaScript and CSS (gzip) once per page kind, HTML at each page that is too large.
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import type { BuildResult } from '../../src/shared/model/types.ts';
import { buildFromMap, fileText, testConfig } from '../helpers.ts';

const test = suite('page-weight budgets');

const site = {
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nShort.\n',
  'docs/long.md': `# Long\n\n${'A sentence that makes this page heavy. '.repeat(2000)}\n`,
};

const budgetWarnings = (result: BuildResult) =>
  result.diagnostics.filter((d) => d.code === 'budget').map(formatDiagnostic);

test('every page kind is weighed: the JavaScript and CSS a first visit loads, gzip, and the HTML', async () => {
  const result = await buildFromMap(site);
  const doc = result.weights.find((w) => w.kind === 'doc')!;
  assert.is(doc.routes, 2);
  assert.is(doc.htmlMaxPath, '/base/docs/long/');
  assert.is(doc.htmlMax, Buffer.byteLength(fileText(result, 'docs/long/index.html')));
  // The stylesheet the page links, compressed as a host would serve it.
  const css = result.files.find((f) => /^assets\/css\/styles\..+\.css$/.test(f.path))!;
  assert.is(doc.cssGzip, gzipSync(css.contents).length);
  // The doc page loads the main script and the doc page chunk at least: more than React alone.
  assert.ok(doc.jsGzip > 60 * 1024 && doc.jsGzip < 100 * 1024, `${doc.jsGzip}`);
  assert.equal(result.weights.map((w) => w.kind).sort(), ['doc', 'not-found', 'search']);
});

test('a page kind over its JavaScript or CSS budget is one warning with the figures; a heavy page is warned at its file', async () => {
  const result = await buildFromMap(site, { budgets: { doc: { js: 10, css: 1, html: 40 } } });
  const warnings = budgetWarnings(result);
  assert.is(warnings.length, 3, warnings.join('\n'));
  assert.match(
    warnings.join('\n'),
    /^site\.config\.ts  2 doc pages load \d+\.\d KB of JavaScript \(gzip\) on a first visit, over the budget of 10 KB; raise budgets\.doc\.js, or move code out of the first load$/m,
  );
  assert.match(
    warnings.join('\n'),
    /^site\.config\.ts  2 doc pages load \d+\.\d KB of CSS \(gzip\), over the budget of 1 KB; raise budgets\.doc\.css, or trim the stylesheet$/m,
  );
  assert.match(
    warnings.join('\n'),
    /^content\/docs\/long\.md  the HTML of \/base\/docs\/long\/ is \d+\.\d KB, over the doc budget of 40 KB; split the page, or raise budgets\.doc\.html$/m,
  );
});

test('pages within their budgets, and kinds without one, give no warning', async () => {
  const result = await buildFromMap(site, {
    budgets: { doc: { js: 500, css: 100, html: 500 }, search: { html: 1000 } },
  });
  assert.equal(budgetWarnings(result), []);
});

test('a budget for a kind that does not exist, or an unknown limit, stops the build with a suggestion', () => {
  const error = (budgets: unknown) => {
    try {
      testConfig({ budgets });
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };
  assert.match(error({ docs: { js: 80 } }), "budgets.docs: 'docs' is not a page kind; did you mean 'doc'?");
  assert.match(error({ doc: { htm: 80 } }), "unknown key 'budgets.doc.htm'; did you mean 'html'?");
  assert.match(error({ doc: { js: '80' } }), 'budgets.doc.js must be a positive number of KB, got "80"');
});

test.run();
