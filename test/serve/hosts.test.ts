// The names `egdocs serve --allow-host` takes: a host name, an IP address, or '.example.com' for a domain and its
// subdomains. Anything else is refused with why ('.' made every name end with '', which turned the check off).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { allowedHostProblem, hostCheck } from '../../src/serve/hosts.ts';
import { MINI_CONFIG } from '../helpers.ts';
import { tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';

const test = suite('names serve is allowed to answer');

test('a name, an address or a domain given with a leading dot is taken', () => {
  for (const name of [
    'docs.test',
    'my-laptop',
    'Docs.Example.com.',
    '192.168.1.20',
    '::1',
    '[fe80::1]',
    '.example.com',
    'build_box.lan',
  ])
    assert.is(allowedHostProblem(name), undefined, name);
});

test("'.', '', a single-label domain, a port, a path or a character no host name has is refused, saying why", () => {
  assert.equal(
    [
      '.',
      '',
      '..',
      '.com',
      'docs.test:3000',
      'docs.test/x',
      'a..b',
      '-a.test',
      'a b',
      'bücher.example',
      '*.example.com',
    ].map((name) => [name, allowedHostProblem(name)]),
    [
      ['.', 'it names no domain (a leading dot stands for a domain and its subdomains, like .example.com)'],
      ['', 'it is empty'],
      ['..', 'it has an empty label'],
      ['.com', 'a domain of one label (.com) would allow names anyone can register'],
      ['docs.test:3000', "give the name without the port ('docs.test')"],
      ['docs.test/x', "'/' cannot be in a host name"],
      ['a..b', 'it has an empty label'],
      ['-a.test', "a label cannot start or end with '-'"],
      ['a b', "' ' cannot be in a host name"],
      ['bücher.example', "'ü' cannot be in a host name (give an international name in its xn-- form)"],
      ['*.example.com', "'*' cannot be in a host name (for a domain and its subdomains, write .example.com)"],
    ],
  );
});

test('the host check answers exact names and, for a leading dot, the domain and its subdomains only', () => {
  const check = hostCheck('127.0.0.1', ['docs.test', '.example.com']);
  for (const host of ['docs.test', 'docs.test:3000', 'example.com', 'a.example.com', 'a.b.example.com:80'])
    assert.ok(check(host), host);
  for (const host of ['evil.test', 'docs.test.evil', 'badexample.com', 'example.com.evil'])
    assert.not.ok(check(host), host);
  // Even given one, '.' does not turn the check off.
  assert.not.ok(hostCheck('127.0.0.1', ['.'])('evil.example'));
});

test('serve refuses --allow-host . before it starts, naming the flag', async () => {
  const p = await tempProject({ 'site.config.ts': MINI_CONFIG, 'content/docs/intro.md': '# Intro\n' });
  try {
    const ran = await egdocs(p.dir, 'serve', '--allow-host', 'docs.test', '.');
    assert.is(ran.code, 1);
    assert.match(
      ran.stderr,
      "--allow-host '.' is not a host name: it names no domain (a leading dot stands for a domain and its subdomains, like .example.com)",
    );
  } finally {
    await p.remove();
  }
});

test.run();
