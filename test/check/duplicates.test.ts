import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDiagnostic } from '../../src/shared/model/diagnostics.ts';
import { buildFromMap } from '../helpers.ts';

const test = suite('duplicate routes');

async function duplicates(files: Record<string, string>, config: Record<string, unknown> = {}): Promise<string[]> {
  const { diagnostics } = await buildFromMap(files, config);
  return diagnostics.filter((d) => d.code === 'duplicate-route').map(formatDiagnostic);
}

test('two docs with one slug: a warning at the slug line, naming both files and the one written', async () => {
  const files = {
    'docs/a.md': '---\ntitle: A\nslug: shared\n---\n# A\n',
    'docs/b.md': '---\ntitle: B\nsidebar_label: B\nslug: shared\n---\n# B\n',
  };
  assert.equal(await duplicates(files), [
    'content/docs/b.md:4:1  route /base/docs/shared/ is produced by both content/docs/a.md and content/docs/b.md; only the first is written; give one of them another slug',
  ]);
});

test('a slug that takes the route of a file without one points at the slug, whichever file comes first', async () => {
  const files = { 'docs/aaa.md': '---\ntitle: Copy\nslug: zzz\n---\n# Copy\n', 'docs/zzz.md': '# Z\n' };
  assert.equal(await duplicates(files), [
    'content/docs/aaa.md:3:1  route /base/docs/zzz/ is produced by both content/docs/aaa.md and content/docs/zzz.md; only the first is written; give one of them another slug',
  ]);
});

test('two blog posts with one slug, and a page that takes a generated route', async () => {
  const files = {
    'blog/2025-01-01-hello.md': '---\ntitle: One\n---\nText.\n',
    'blog/2025-02-01-other.md': '---\ntitle: Two\nslug: hello\n---\nText.\n',
    'pages/search.md': '# My search\n',
  };
  assert.equal(await duplicates(files), [
    'content/blog/2025-02-01-other.md:3:1  route /base/blog/hello/ is produced by both content/blog/2025-01-01-hello.md and content/blog/2025-02-01-other.md; only the first is written; give one of them another slug',
    'content/pages/search.md:1:1  route /base/search/ is produced by both content/pages/search.md and the generated search page; only the first is written; give content/pages/search.md another slug',
  ]);
});

test('a redirect from a page that exists', async () => {
  const files = { 'docs/old.md': '# Old\n', 'docs/new.md': '# New\n' };
  assert.equal(await duplicates(files, { redirects: [{ from: '/docs/old/', to: '/docs/new/' }] }), [
    'content/docs/old.md:1:1  route /base/docs/old/ is produced by both content/docs/old.md and a redirect in site.config.ts; only the first is written; remove the redirect or give content/docs/old.md another slug',
  ]);
});

test.run();
