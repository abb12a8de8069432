// The static host emulation (src/serve/static.ts) over a real folder, with raw requests (http.request sends the
// path as written, so nothing is normalised before the server sees it). A secret file sits next to the served folder.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listen, requestPath, staticHandler } from '../../src/serve/static.ts';
import { folderSource, mapSource, type FileSource } from '../../src/serve/sources.ts';

const SECRET = 'TOP-SECRET-do-not-serve';
const PAGE_404 = '<!doctype html><html><head><title>Not here</title></head><body><h1>Page Not Found</h1></body></html>';
const FILES: Record<string, string> = {
  '404.html': PAGE_404,
  'index.html': '<!doctype html><html><body><h1>Home</h1></body></html>',
  'docs/setup/index.html': '<!doctype html><html><body><h1>Setup</h1></body></html>',
  'docs/café/index.html': '<!doctype html><html><body><h1>Café</h1></body></html>',
  'extra.html': '<!doctype html><html><body><h1>Extra</h1></body></html>',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  'assets/css/styles.73EB6OPV.css': 'body{color:red}',
  'assets/js/main.OXDUMXS6.js': 'console.log(1)',
  'assets/data/sidebar-docs.730be1aa.json': '{"items":[]}',
  'assets/images/logo-1a2b3c4d.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/images/photo-1a2b3c4d.png': '\x89PNG',
  'assets/fonts/inter.ABCDEFGH.woff2': 'wOF2',
  'assets/custom.css': '/* from static/assets: not hashed */',
};

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with the path exactly as given. */
function request(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Writes the site into <tmp>/site with the secret beside it (and in a sibling folder whose name starts like it). */
async function writeSite(): Promise<string> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'egdocs-static-'));
  for (const [rel, text] of Object.entries({ ...FILES, '../secret.txt': SECRET, '../site-other/secret.txt': SECRET })) {
    const full = path.join(tmp, 'site', rel);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, text, rel.endsWith('.png') || rel.endsWith('.woff2') ? 'latin1' : 'utf8');
  }
  // A link inside the site that leads out of it.
  await symlink(path.join(tmp, 'secret.txt'), path.join(tmp, 'site/docs/leak.txt'));
  return tmp;
}

/** Runs `body` against a server for `source` on 127.0.0.1, closing it afterwards whatever happens. */
async function serving(
  source: FileSource,
  body: (port: number) => Promise<void>,
  transformHtml?: (html: string) => string,
): Promise<void> {
  const { server, port } = await listen(staticHandler(source, '/base/', transformHtml), '127.0.0.1', 0);
  try {
    await body(port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

let tmp: string;
const setup = async () => {
  tmp = await writeSite();
};
const teardown = async () => {
  await rm(tmp, { recursive: true, force: true });
};
const site = () => folderSource(path.join(tmp, 'site'));

// ---------------------------------------------------------------------------------------------------------------

const traversal = suite('static: requests that try to leave the site folder');
traversal.before(setup);
traversal.after(teardown);

/** One step up, written in the ways an attacker would try (each followed by the next part of the path). */
const UP = [
  '../',
  '%2e%2e/',
  '%2e%2e%2f',
  '..%2f',
  '%2E%2E/',
  '%2e%2E%2F',
  '%252e%252e/',
  '%252e%252e%252f',
  '..%252f',
  '..\\',
  '..%5c',
  '%2e%2e%5c',
  '%c0%ae%c0%ae/',
  '%c0%ae%c0%ae%c0%af',
  '%e0%80%ae%e0%80%ae/',
  '....//',
  '.../',
  './../',
  '..%00/',
  '%00../',
  '..;/',
];

traversal('no encoding of ".." reaches a file outside the folder, from the root, the base path or deeper', async () => {
  await serving(site(), async (port) => {
    let tried = 0;
    for (const prefix of ['/', '/base/', '/base/docs/', '/base/docs/setup/']) {
      for (const up of UP) {
        for (let depth = 1; depth <= 4; depth++) {
          for (const tail of ['secret.txt', 'site-other/secret.txt']) {
            const target = prefix + up.repeat(depth) + tail;
            const { status, body } = await request(port, target);
            assert.not.ok(body.includes(SECRET), `${target} served the secret`);
            assert.ok(status === 400 || status === 404, `${target} answered ${status}`);
            tried++;
          }
        }
      }
    }
    assert.ok(tried > 600);
  });
});

traversal('absolute paths, NUL bytes, doubled slashes and links out of the folder are refused', async () => {
  const secretPath = path.join(tmp, 'secret.txt');
  await serving(site(), async (port) => {
    for (const target of [
      '//etc/passwd',
      '/base//etc/passwd',
      `/base/${secretPath}`,
      `/base/${encodeURIComponent(secretPath)}`,
      `/${secretPath}`,
      '/base/%2fetc%2fpasswd',
      '/base/secret.txt%00.html',
      '/base/docs/setup/index.html%00',
      '/base/docs/leak.txt',
      '/base/%2e/docs/setup/',
      '/base/docs/%',
    ]) {
      const { status, body } = await request(port, target);
      assert.not.ok(body.includes(SECRET) || body.includes('root:'), `${target} leaked a file`);
      assert.ok(status === 400 || status === 404, `${target} answered ${status}`);
    }
    // The server is still up, and a plain '..' is a bad request rather than quietly another page.
    assert.is((await request(port, '/base/docs/../docs/setup/')).status, 400);
    assert.is((await request(port, '/base/docs/setup/')).status, 200);
  });
});

traversal('the path is decoded exactly once and checked after decoding', () => {
  assert.is(requestPath('/base/%2e%2e/x'), undefined);
  assert.is(requestPath('/base/..%2Fx'), undefined);
  assert.is(requestPath('/base/%c0%ae%c0%ae/x'), undefined);
  assert.is(requestPath('http://evil.example/base/'), undefined);
  assert.is(requestPath('/base/%252e%252e/x')?.path, '/base/%2e%2e/x');
  assert.equal(requestPath('/base/docs/caf%C3%A9/?q=1'), {
    raw: '/base/docs/caf%C3%A9/',
    path: '/base/docs/café/',
    query: '?q=1',
  });
});

traversal.run();

// ---------------------------------------------------------------------------------------------------------------

const routes = suite('static: routes as GitHub Pages serves them');
routes.before(setup);
routes.after(teardown);

routes('folders serve their index.html; a path without its slash is redirected with its query', async () => {
  await serving(site(), async (port) => {
    assert.match((await request(port, '/base/')).body, '<h1>Home</h1>');
    assert.match((await request(port, '/base/docs/setup/?tab=1')).body, '<h1>Setup</h1>');
    for (const [from, to] of [
      ['/base', '/base/'],
      ['/base?x=1', '/base/?x=1'],
      ['/base/docs/setup', '/base/docs/setup/'],
      ['/base/docs/setup?tab=a&b=%20c', '/base/docs/setup/?tab=a&b=%20c'],
      ['/base/docs/caf%C3%A9', '/base/docs/caf%C3%A9/'],
    ]) {
      const { status, headers } = await request(port, from);
      assert.is(status, 301, from);
      assert.is(headers.location, to);
    }
    assert.match((await request(port, '/base/docs/caf%C3%A9/')).body, '<h1>Café</h1>');
  });
});

routes("unknown paths answer 404 with the site's 404 page, inside or outside the base path", async () => {
  await serving(site(), async (port) => {
    for (const target of [
      '/base/nope/',
      '/base/nope',
      '/base/docs/setup/missing.png',
      '/other/page/',
      '/base/assets/',
    ]) {
      const { status, headers, body } = await request(port, target);
      assert.is(status, 404, target);
      assert.is(body, PAGE_404, target);
      assert.is(headers['content-type'], 'text/html; charset=utf-8');
    }
  });
});

routes("the server's root leads to the site under its base path, with a redirect browsers do not keep", async () => {
  await serving(site(), async (port) => {
    for (const [from, to] of [
      ['/', '/base/'],
      ['/?q=firebase', '/base/?q=firebase'],
      ['/index.html', '/base/'],
    ]) {
      const { status, headers } = await request(port, from);
      assert.is(status, 302, from);
      assert.is(headers.location, to, from);
    }
  });
});

routes('page/index.html is the page; page.html gets the 404 page, whose client router strips the suffix', async () => {
  await serving(site(), async (port) => {
    const index = await request(port, '/base/docs/setup/index.html');
    assert.is(index.status, 200);
    assert.match(index.body, '<h1>Setup</h1>');
    // GitHub Pages does not map x.html to x/; the browser test checks that the page still shows.
    const html = await request(port, '/base/docs/setup.html');
    assert.is(html.status, 404);
    assert.is(html.body, PAGE_404);
    // ...but it does serve x.html for x.
    assert.match((await request(port, '/base/extra')).body, '<h1>Extra</h1>');
  });
});

routes('an in-memory build is served the same way; HTML can be rewritten on the way out', async () => {
  const files = new Map(Object.entries(FILES));
  await serving(
    mapSource(files),
    async (port) => {
      assert.match((await request(port, '/base/docs/setup/')).body, '<h1>Setup</h1><!--live-->');
      assert.is((await request(port, '/base/docs/setup')).headers.location, '/base/docs/setup/');
      const missing = await request(port, '/base/nope/');
      assert.is(missing.status, 404);
      assert.match(missing.body, 'Page Not Found</h1><!--live-->');
      assert.is((await request(port, '/base/assets/js/main.OXDUMXS6.js')).body, 'console.log(1)');
    },
    (html) => html.replace('</body>', '<!--live--></body>'),
  );
});

routes('without a 404.html the 404 is plain text', async () => {
  await serving(mapSource(new Map()), async (port) => {
    const { status, headers, body } = await request(port, '/base/');
    assert.is(status, 404);
    assert.is(headers['content-type'], 'text/plain; charset=utf-8');
    assert.is(body, 'Not found');
  });
});

routes.run();

// ---------------------------------------------------------------------------------------------------------------

const headers = suite('static: content types, caching, HEAD and methods');
headers.before(setup);
headers.after(teardown);

headers('each kind of file has its content type', async () => {
  await serving(site(), async (port) => {
    for (const [target, type] of [
      ['/base/docs/setup/', 'text/html; charset=utf-8'],
      ['/base/assets/css/styles.73EB6OPV.css', 'text/css; charset=utf-8'],
      ['/base/assets/js/main.OXDUMXS6.js', 'text/javascript; charset=utf-8'],
      ['/base/assets/data/sidebar-docs.730be1aa.json', 'application/json; charset=utf-8'],
      ['/base/assets/images/logo-1a2b3c4d.svg', 'image/svg+xml'],
      ['/base/assets/images/photo-1a2b3c4d.png', 'image/png'],
      ['/base/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/base/assets/fonts/inter.ABCDEFGH.woff2', 'font/woff2'],
    ]) {
      const { status, headers } = await request(port, target);
      assert.is(status, 200, target);
      assert.is(headers['content-type'], type, target);
    }
  });
});

headers('hashed assets are immutable for a year; pages and unhashed files are revalidated', async () => {
  await serving(site(), async (port) => {
    const cache = async (target: string) => (await request(port, target)).headers['cache-control'];
    for (const hashed of [
      'assets/css/styles.73EB6OPV.css',
      'assets/js/main.OXDUMXS6.js',
      'assets/data/sidebar-docs.730be1aa.json',
      'assets/images/photo-1a2b3c4d.png',
    ]) {
      assert.is(await cache(`/base/${hashed}`), 'public, max-age=31536000, immutable', hashed);
    }
    for (const revalidated of ['', 'docs/setup/', 'sitemap.xml', 'assets/custom.css', 'nope/']) {
      assert.is(await cache(`/base/${revalidated}`), 'no-cache', revalidated);
    }
  });
});

headers('an ETag answers If-None-Match with 304; a changed file gets a new one', async () => {
  const files = new Map(Object.entries(FILES));
  await serving(mapSource(files), async (port) => {
    const first = await request(port, '/base/docs/setup/');
    const etag = first.headers.etag!;
    assert.match(etag, /^"[\w-]+"$/);
    const again = await request(port, '/base/docs/setup/', { headers: { 'if-none-match': `"other", W/${etag}` } });
    assert.is(again.status, 304);
    assert.is(again.body, '');
    assert.is(again.headers['cache-control'], 'no-cache');
    files.set('docs/setup/index.html', '<h1>Setup, edited</h1>');
    const edited = await request(port, '/base/docs/setup/', { headers: { 'if-none-match': etag } });
    assert.is(edited.status, 200);
    assert.is.not(edited.headers.etag, etag);
    assert.is(edited.body, '<h1>Setup, edited</h1>');
    assert.is((await request(port, '/base/nope/')).headers.etag, undefined, 'the 404 page has no validator');
  });
});

headers('HEAD sends the headers of GET without the body; other methods get 405', async () => {
  await serving(site(), async (port) => {
    for (const target of ['/base/docs/setup/', '/base/assets/js/main.OXDUMXS6.js', '/base/nope/', '/base/docs/setup']) {
      const get = await request(port, target);
      const head = await request(port, target, { method: 'HEAD' });
      assert.is(head.status, get.status, target);
      assert.is(head.body, '');
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag', 'location'])
        assert.is(head.headers[name], get.headers[name], `${target} ${name}`);
    }
    const post = await request(port, '/base/docs/setup/', { method: 'POST' });
    assert.is(post.status, 405);
    assert.is(post.headers.allow, 'GET, HEAD');
  });
});

headers('text is sent gzip-compressed to clients that accept it, as GitHub Pages does; images are not', async () => {
  const page = `<!doctype html><h1>Setup</h1>${'<p>Install the panel, then configure it.</p>'.repeat(100)}`;
  const files = new Map<string, string | Uint8Array>([
    ['docs/setup/index.html', page],
    ['assets/images/photo-1a2b3c4d.png', new Uint8Array(4096)],
  ]);
  await serving(mapSource(files), async (port) => {
    const plain = await request(port, '/base/docs/setup/');
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.body, page);
    const zipped = await rawBytes(port, '/base/docs/setup/', { 'accept-encoding': 'gzip, deflate, br' });
    assert.is(zipped.headers['content-encoding'], 'gzip');
    assert.is(zipped.headers.vary, 'Accept-Encoding');
    assert.is(Number(zipped.headers['content-length']), zipped.body.length);
    assert.ok(zipped.body.length < page.length / 5, `${zipped.body.length} bytes`);
    assert.is(gunzipSync(zipped.body).toString('utf8'), page);
    const image = await rawBytes(port, '/base/assets/images/photo-1a2b3c4d.png', { 'accept-encoding': 'gzip' });
    assert.is(image.headers['content-encoding'], undefined);
    assert.is(image.body.length, 4096);
  });
});

headers(
  'two files on disk of one size and one modification time are each sent compressed with their own bytes',
  async () => {
    // A build writes many files of one size in one millisecond (search index files): their ETags are alike.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-static-twins-'));
    try {
      const texts = ['a', 'b'].map((letter) => `{"text":"${letter.repeat(2000)}"}`);
      const when = new Date('2026-01-01T00:00:00Z');
      for (const [i, text] of texts.entries()) {
        await writeFile(path.join(dir, `d${i}.json`), text);
        await utimes(path.join(dir, `d${i}.json`), when, when);
      }
      await serving(folderSource(dir), async (port) => {
        const [first, second] = await Promise.all(
          [0, 1].map((i) => rawBytes(port, `/base/d${i}.json`, { 'accept-encoding': 'gzip' })),
        );
        assert.is(first.headers.etag, second.headers.etag, 'the same validator, as the files look alike to stat');
        assert.is(gunzipSync(first.body).toString('utf8'), texts[0]);
        assert.is(gunzipSync(second.body).toString('utf8'), texts[1]);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

/** A GET whose body is kept as bytes (compressed bodies are not text). */
function rawBytes(
  port: number,
  target: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

headers.run();

// ---------------------------------------------------------------------------------------------------------------

const large = suite('static: large files on disk, ranges and validators');
large.before(setup);
large.after(teardown);

/** 24 MiB of bytes that differ from position to position, so a wrong range shows. */
const BIG = Buffer.alloc(24 * 2 ** 20);
for (let i = 0; i < BIG.length; i += 4) BIG.writeUInt32LE(i, i);

large('a large file is sent whole to many clients at once, byte for byte, with its length', async () => {
  await writeFile(path.join(tmp, 'site/assets/video.mp4'), BIG);
  await serving(site(), async (port) => {
    const downloads = await Promise.all(Array.from({ length: 8 }, () => rawBytes(port, '/base/assets/video.mp4', {})));
    for (const { headers, body } of downloads) {
      assert.is(Number(headers['content-length']), BIG.length);
      assert.is(headers['accept-ranges'], 'bytes');
      assert.ok(body.equals(BIG), 'the same bytes');
    }
  });
});

large('a Range asks for part of a file: 206 with the bytes and Content-Range, 416 outside the file', async () => {
  await writeFile(path.join(tmp, 'site/assets/video.mp4'), BIG);
  await serving(site(), async (port) => {
    const size = BIG.length;
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=1000000-1999999', 1000000, 1999999],
      [`bytes=${size - 100}-`, size - 100, size - 1],
      ['bytes=-5', size - 5, size - 1],
      [`bytes=10-${size * 2}`, 10, size - 1],
    ] as const) {
      const { status, headers, body } = await rawResponse(port, '/base/assets/video.mp4', { range });
      assert.is(status, 206, range);
      assert.is(headers['content-range'], `bytes ${start}-${end}/${size}`, range);
      assert.is(Number(headers['content-length']), end - start + 1, range);
      assert.ok(body.equals(BIG.subarray(start, end + 1)), `${range}: the bytes asked for`);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const { status, headers, body } = await rawResponse(port, '/base/assets/video.mp4', { range });
      assert.is(status, 416, range);
      assert.is(headers['content-range'], `bytes */${size}`, range);
      assert.is(body.length, 0);
    }
    // Several ranges, another unit or a range for an older version of the file (If-Range): the whole file.
    for (const extra of [
      { range: 'bytes=0-1,5-6' },
      { range: 'lines=1-2' },
      { range: 'bytes=0-9', 'if-range': '"old"' },
    ] as Record<string, string>[]) {
      const { status, headers } = await rawResponse(port, '/base/assets/video.mp4', extra, 'HEAD');
      assert.is(status, 200, JSON.stringify(extra));
      assert.is(Number(headers['content-length']), size);
    }
  });
});

large('HEAD of a large file gives its length and no body; its ETag follows the file on disk', async () => {
  const file = path.join(tmp, 'site/assets/video.mp4');
  await writeFile(file, BIG);
  await serving(site(), async (port) => {
    const head = await rawResponse(port, '/base/assets/video.mp4', {}, 'HEAD');
    assert.is(head.status, 200);
    assert.is(Number(head.headers['content-length']), BIG.length);
    assert.is(head.body.length, 0);
    const etag = head.headers.etag!;
    assert.is((await rawResponse(port, '/base/assets/video.mp4', { 'if-none-match': etag }, 'HEAD')).status, 304);
    await writeFile(file, BIG.subarray(0, 1000));
    const changed = await rawResponse(port, '/base/assets/video.mp4', { 'if-none-match': etag });
    assert.is(changed.status, 200);
    assert.is.not(changed.headers.etag, etag);
    assert.is(changed.body.length, 1000);
  });
});

/** A request whose body is kept as bytes, with its status. */
function rawResponse(
  port: number,
  target: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

large.run();

// ---------------------------------------------------------------------------------------------------------------

const ports = suite('static: listen');

ports('a taken port is reported and the next one is used', async () => {
  const blocker = http.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = (blocker.address() as AddressInfo).port;
  const lines: string[] = [];
  try {
    const { server, port } = await listen(staticHandler(mapSource(new Map()), '/base/'), '127.0.0.1', taken, {
      log: (line) => lines.push(line),
    });
    server.close();
    assert.ok(port > taken);
    assert.is(lines[0], `Port ${taken} is in use; trying ${taken + 1}.`);
  } finally {
    blocker.close();
  }
});

ports.run();
