// A blog post naming an author or tag that content/blog/authors.yml or tags.yml does not have: an error at the
// front matter line that names it, with the registered id it most likely meant.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { failure } from './report.ts';

const test = suite('bad input: a blog post naming an author or tag that is not registered');

const registry = {
  'blog/authors.yml': 'ann:\n  name: Ann Lee\nbob:\n  name: Bob Roy\n',
  'blog/tags.yml': 'release:\n  label: Release\nguide:\n  label: Guide\n',
};

test('an unknown author is an error at the authors line, with a did-you-mean', async () => {
  const post = '---\ntitle: Hello\ntags: [release]\nauthors: [ann, bobb]\n---\nText.\n';
  assert.equal(await failure({ ...registry, 'blog/2025-03-01-hello.md': post }), [
    "error  content/blog/2025-03-01-hello.md:4:1  unknown author 'bobb'; did you mean 'bob'?",
  ]);
});

test('an unknown tag is an error at the tags line, with a did-you-mean, also when the list is written as lines', async () => {
  const post = '---\ntitle: Hello\nauthors: ann\ntags:\n  - guide\n  - relase\n---\nText.\n';
  assert.equal(await failure({ ...registry, 'blog/2025-03-01-hello.md': post }), [
    "error  content/blog/2025-03-01-hello.md:4:1  unknown tag 'relase'; did you mean 'release'?",
  ]);
});

test('two posts with unknown authors and a post without a date are all reported at once', async () => {
  const first = '---\ntitle: One\nauthors: [bobb]\n---\nText.\n';
  const second = '---\ntitle: Two\nauthors: [zed]\ntags: [relase]\n---\nText.\n';
  assert.equal(
    await failure({
      ...registry,
      'blog/2025-03-01-one.md': first,
      'blog/2025-03-02-two.md': second,
      'blog/undated.md': '# U\n',
    }),
    [
      "error  content/blog/2025-03-01-one.md:3:1  unknown author 'bobb'; did you mean 'bob'?",
      "error  content/blog/2025-03-02-two.md:3:1  unknown author 'zed'; add 'zed' to content/blog/authors.yml",
      "error  content/blog/2025-03-02-two.md:4:1  unknown tag 'relase'; did you mean 'release'?",
      "error  content/blog/undated.md:1:1  a blog post needs a date; add 'date: 2025-01-31' to the front matter or name the file 2025-01-31-slug.md",
    ],
  );
});

test('with nothing close, the error says where to register it', async () => {
  const post = '---\ntitle: Hello\nauthors: zed\n---\nText.\n';
  assert.equal(await failure({ ...registry, 'blog/2025-03-01-hello.md': post }), [
    "error  content/blog/2025-03-01-hello.md:3:1  unknown author 'zed'; add 'zed' to content/blog/authors.yml",
  ]);
});

test('with no authors.yml at all, the error says where to register it', async () => {
  const post = '---\ntitle: Hello\nauthors: [ann]\n---\nText.\n';
  assert.equal(await failure({ 'blog/2025-03-01-hello.md': post }), [
    "error  content/blog/2025-03-01-hello.md:3:1  unknown author 'ann'; add 'ann' to content/blog/authors.yml",
  ]);
});

test('an author written out in full instead of by id is an error saying where authors are described', async () => {
  const post = '---\ntitle: Hello\nauthors:\n  - name: Ann Lee\n    title: Writer\n---\nText.\n';
  assert.equal(await failure({ ...registry, 'blog/2025-03-01-hello.md': post }), [
    'error  content/blog/2025-03-01-hello.md:3:1  authors must list author ids from content/blog/authors.yml; describe the author in content/blog/authors.yml and write its id here',
  ]);
});

test('a malformed authors.yml is an error at its line, explained like front matter', async () => {
  assert.equal(
    await failure({
      'blog/authors.yml': 'ann:\n  name: "Ann Lee\nbob:\n  name: Bob\n',
      'blog/2025-03-01-hello.md': '# Hello\n',
    }),
    [
      'error  content/blog/authors.yml:2:9  invalid YAML: the quote " opened here is never closed; end the value with " on the same line',
    ],
  );
  assert.equal(
    await failure({
      'blog/tags.yml': 'release:\n  label: Release\n\tdescription: x\n',
      'blog/2025-03-01-hello.md': '# Hello\n',
    }),
    [
      'error  content/blog/tags.yml:3:1  invalid YAML: this line is indented with a tab, which YAML does not allow; indent with spaces',
    ],
  );
});

test.run();
