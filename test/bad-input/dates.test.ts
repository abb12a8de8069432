// Dates a writer gives: a doc's last_update, a post's date in its front matter or its file name. Each must be a day
// of the calendar; 2026-02-31 was shown as "Mar 3, 2026", and 'date: yesterday' sorted a post among the rest as a
// date. Each is an error at its line, saying why.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure, success } from './report.ts';

const test = suite('bad input: dates that are not days of the calendar');

const AUTHORS = 'ann:\n  name: Ann\n';

test("a doc's last_update date that is not a day is an error where the date is written", async () => {
  assert.equal(
    await failure(
      {
        'docs/a.md': '---\ntitle: A\nlast_update: { date: 2026-02-31 }\n---\n# A\n',
        'docs/b.md': "---\nlast_update:\n  date: '2025-13-01'\n  author: Ann\n---\n# B\n",
      },
      { docs: { showLastUpdateTime: true } },
    ),
    [
      "error  content/docs/a.md:3:22  front matter 'last_update' date 2026-02-31 is not a day of the calendar: February 2026 has 28 days; write the day it was last updated, like last_update: { date: 2026-01-31 }",
      "error  content/docs/b.md:3:9  front matter 'last_update' date 2025-13-01 is not a day of the calendar: there is no month 13; write the day it was last updated, like last_update: { date: 2026-01-31 }",
    ],
  );
});

test("a post's date that is not a day, or not a date, is an error at its line", async () => {
  assert.equal(
    await failure({
      'blog/authors.yml': AUTHORS,
      'blog/one.md': '---\ntitle: One\nauthors: [ann]\ndate: 2024-02-30\n---\nOne.\n',
      'blog/two.md': '---\ntitle: Two\ndate: yesterday\n---\nTwo.\n',
      'blog/three.md': "---\ntitle: Three\ndate: '2024-02-29T10:00:00Z'\n---\nThree.\n",
    }),
    [
      "error  content/blog/one.md:4:1  front matter 'date' 2024-02-30 is not a day of the calendar: February 2024 has 29 days; write the day the post was published: date: 2025-01-31",
      "error  content/blog/two.md:3:1  front matter 'date' must be a date, got 'yesterday'; write the day the post was published: date: 2025-01-31",
    ],
  );
});

test("a post's file name with a date that is not a day is an error naming the file", async () => {
  assert.equal(await failure({ 'blog/2025-02-29-leap.md': '---\ntitle: Leap\n---\nNo.\n' }), [
    'error  content/blog/2025-02-29-leap.md:1:1  the date in the file name, 2025-02-29, is not a day of the calendar: February 2025 has 28 days; rename the file with the day the post was published, or give it in the front matter: date: 2025-01-31',
  ]);
  // The front matter's date is the post's: the name's is not read then.
  const { printed } = await success({ 'blog/2025-02-29-leap.md': '---\ntitle: Leap\ndate: 2025-03-01\n---\nYes.\n' });
  assert.equal(printed, []);
});

test('real days are shown as written, a leap day too', async () => {
  const { result, printed } = await success(
    {
      'docs/a.md': '---\nlast_update: { date: 2024-02-29 }\n---\n# A\n',
      'blog/2000-02-29-leap.md': '---\ntitle: Leap\n---\nYes.\n',
    },
    { docs: { showLastUpdateTime: true } },
  );
  assert.equal(printed, []);
  const doc = result.site.routes.find((route) => route.path === '/base/docs/a/')!;
  assert.equal(doc.data.kind === 'doc' && doc.data.lastUpdate, { datetime: '2024-02-29', date: 'Feb 29, 2024' });
  assert.ok(
    result.site.routes.some((route) => route.data.kind === 'blog-post' && route.data.post.date === '2000-02-29'),
  );
});

test.run();
