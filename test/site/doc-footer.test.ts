import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { docFooterHtml, formatDate } from '../../src/site/doc-footer.ts';

const test = suite('the foot of a doc');

test('says when and by whom the page was last updated, with a machine-readable date, escaped', () => {
  assert.is(
    docFooterHtml({
      route: '/docs/a/',
      editUrl: 'https://x.dev/edit/main/content/docs/a.md?x=1&y=2',
      lastUpdate: { datetime: '2026-01-31', date: 'Jan 31, 2026', author: 'Ann <Admin>' },
    }),
    '<a class="edit-link" href="https://x.dev/edit/main/content/docs/a.md?x=1&amp;y=2">Edit this page</a>' +
      '<a class="copy-page" href="/docs/a/index.md" data-copy-page="">Copy page as Markdown</a>' +
      '<p class="last-updated">Last updated on <time datetime="2026-01-31">Jan 31, 2026</time>' +
      ' by <span class="last-updated-author">Ann &lt;Admin&gt;</span></p>',
  );
  assert.match(
    docFooterHtml({ route: '/docs/a/', lastUpdate: { author: 'Ann' } }),
    '<p class="last-updated">Last updated by <span class="last-updated-author">Ann</span></p>',
  );
});

test('dates are formatted the same whatever the time zone of the machine that builds', () => {
  assert.is(formatDate('2026-01-01', 'en'), 'Jan 1, 2026');
  assert.is(formatDate('2025-12-31', 'en'), 'Dec 31, 2025');
});

test.run();
