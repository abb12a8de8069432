import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { describeFsError } from '../src/cli/report.ts';
import { MARKER_FILE, markerFile, readBuildMarker } from '../src/output/marker.ts';
import { AheadWriter, writtenAhead } from '../src/threads/write-ahead.ts';
import { FsWriter, sweepStale, WriteAborted } from '../src/output/writer.ts';
import { keptFile, ledgerFiles, readLedger } from '../src/incremental/output-ledger.ts';
import type { OutputFile } from '../src/shared/model/types.ts';
import { buildFromMap } from './helpers.ts';

const test = suite('output: the file-system writer and the build marker');

let dir: string;
test.before.each(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-out-'));
});
test.after.each(() => rm(dir, { recursive: true, force: true }));

test('refuses a path outside the output folder and writes nothing', async () => {
  const writer = new FsWriter(path.join(dir, 'build'));
  try {
    await writer.write([
      { path: 'ok/index.html', contents: 'ok' },
      { path: '../escape.html', contents: 'x' },
    ]);
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'refusing to write ../escape.html outside the output folder');
  }
  assert.equal(await readdir(dir), []);
});

test('an abort as the write starts leaves the previous output and no working folder', async () => {
  const out = path.join(dir, 'build');
  await new FsWriter(out).write([{ path: 'index.html', contents: 'first' }]);
  const writer = new FsWriter(out);
  const writing = writer.write([{ path: 'index.html', contents: 'second' }]);
  assert.is(await writer.abort(), false, 'the new output was not put in place');
  try {
    await writing;
    assert.unreachable();
  } catch (error) {
    assert.instance(error, WriteAborted);
  }
  assert.equal(await readdir(dir), ['build']);
  assert.is(await readFile(path.join(out, 'index.html'), 'utf8'), 'first');
});

test('an abort after the write is done says the new output is in place', async () => {
  const writer = new FsWriter(path.join(dir, 'build'));
  await writer.write([{ path: 'index.html', contents: 'new' }]);
  assert.is(await writer.abort(), true);
});

/**
 * A write that fails half-way: 'a' is both a file and the folder of 'a/b.html', so writing the file fails on the
 * folder made for the other. Gives the error.
 */
function conflictingWrite(writer: FsWriter): Promise<NodeJS.ErrnoException | undefined> {
  return writer
    .write([
      { path: 'a', contents: 'x' },
      { path: 'a/b.html', contents: 'y' },
    ])
    .then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
}

test('a file that cannot be written is named by its output path, and the temporary folder goes', async () => {
  const out = path.join(dir, 'build');
  const failure = await conflictingWrite(new FsWriter(out));
  assert.is(failure?.code, 'EISDIR');
  assert.is(failure?.path, path.join(out, 'a'));
  assert.equal(await readdir(dir), []);
});

/** Every file under `root`, by its path relative to it, with its contents. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath ?? (entry as { path?: string }).path ?? root, entry.name);
    if (!entry.isDirectory())
      out[path.relative(root, full)] = entry.isFile() ? await readFile(full, 'utf8') : '(other)';
  }
  return out;
}

test('a write made from the spare output is the same as a fresh one, and leaves unchanged files untouched', async () => {
  const out = path.join(dir, 'build');
  const spare = path.join(dir, 'cache/output');
  const write = (files: Record<string, string>) =>
    new FsWriter(out, spare).write(Object.entries(files).map(([path, contents]) => ({ path, contents })));
  const first = { 'index.html': 'home', 'docs/a/index.html': 'a', 'docs/b/index.html': 'b', 'old.txt': 'old' };
  await write(first);
  const kept = await stat(path.join(out, 'docs/a/index.html'));
  // The second write starts from nothing (no spare yet) and leaves the first output as the spare.
  await write({ 'index.html': 'home 2', 'docs/a/index.html': 'a' });
  assert.equal(await tree(spare), first);
  // What the spare holds beyond the output is removed: a symbolic link, a file where a folder goes, a stray folder.
  await symlink(path.join(dir, 'elsewhere'), path.join(spare, 'docs/link'));
  await writeFile(path.join(spare, 'blog'), 'a file where a folder goes');
  await mkdir(path.join(spare, 'stray/deep'), { recursive: true });
  const third = {
    'index.html': 'home 3',
    'docs/a/index.html': 'a',
    'docs/b/index.html': 'b, longer',
    'blog/index.html': 'blog',
    'docs/index.html': 'docs',
  };
  await write(third);
  assert.equal(await tree(out), third);
  const reused = await stat(path.join(out, 'docs/a/index.html'));
  assert.is(reused.ino, kept.ino, 'the unchanged file is the one the first write made');
  assert.is(reused.mtimeMs, kept.mtimeMs);
  assert.equal((await readdir(dir)).sort(), ['build', 'cache']);
});

test('the ledger: a kept file the spare holds as written is left without reading; one changed by hand is made again', async () => {
  const out = path.join(dir, 'build');
  const spare = path.join(dir, 'cache/output');
  const write = (files: OutputFile[]) => new FsWriter(out, spare).write(files);
  const text = (path: string, contents: string) => ({ path, contents });
  await write([text('a.html', 'page a'), text('b.html', 'page b')]);
  await write([text('a.html', 'page a'), text('b.html', 'page b')]);
  const live = await readLedger(ledgerFiles(spare).live, out);
  assert.equal([...live!.keys()].sort(), ['a.html', 'b.html'], 'the output folder has its ledger');
  assert.ok(await readLedger(ledgerFiles(spare).spare, spare), 'and the spare has the one of the output before');
  assert.not.ok(await readLedger(ledgerFiles(spare).live, spare), 'a ledger describes one folder only');

  // A kept file whose source is gone: the spare's copy, as the ledger recorded it, is all the write needs.
  const gone = path.join(dir, 'gone.html');
  await write([keptFile('a.html', gone, live!.get('a.html')!), text('b.html', 'page b')]);
  assert.equal(await tree(out), { 'a.html': 'page a', 'b.html': 'page b' });

  // The spare's copy edited by hand (same size): no longer vouched for, it is compared and made again from the source.
  await writeFile(path.join(spare, 'a.html'), 'page X');
  await writeFile(gone, 'page a');
  const kept = (await readLedger(ledgerFiles(spare).live, out))!.get('a.html')!;
  await write([keptFile('a.html', gone, kept), text('b.html', 'page b')]);
  assert.equal(await tree(out), { 'a.html': 'page a', 'b.html': 'page b' });
  // A kept file whose source changed since is not written with the wrong bytes.
  await writeFile(path.join(spare, 'a.html'), 'page Y');
  await writeFile(gone, 'page Z');
  const failed = await write([keptFile('a.html', gone, kept)]).catch((error: Error) => error);
  assert.match(String(failed), /gone\.html changed while the build was using it/);
  assert.equal(await tree(out), { 'a.html': 'page a', 'b.html': 'page b' }, 'the output as it was');
});

test('a kept file is linked, not copied, and a later write replaces it: the output before keeps its bytes', async () => {
  const out = path.join(dir, 'build');
  const spare = path.join(dir, 'cache/output');
  const write = (files: OutputFile[]) => new FsWriter(out, spare).write(files);
  await write([{ path: 'a.html', contents: 'page a' }]);
  // No spare yet (as after a fresh clone): the kept file becomes a second name for the output's.
  const live = (await readLedger(ledgerFiles(spare).live, out))!;
  await write([keptFile('a.html', path.join(out, 'a.html'), live.get('a.html')!)]);
  const linked = await stat(path.join(spare, 'a.html'));
  assert.is((await stat(path.join(out, 'a.html'))).ino, linked.ino);
  // The link changed the file's change time: the spare's ledger has the new one, so the next write vouches for the
  // file by `stat` instead of linking it again.
  const entry = (await readLedger(ledgerFiles(spare).spare, spare))!.get('a.html')!;
  assert.equal(entry.slice(1), [linked.size, linked.mtimeMs, linked.ctimeMs, linked.ino]);
  // The next write is made in the spare: its a.html is replaced, so the output it is made beside, and which then
  // becomes the spare, still says 'page a'.
  await write([{ path: 'a.html', contents: 'page new' }]);
  assert.equal(await tree(out), { 'a.html': 'page new' });
  assert.equal(await tree(spare), { 'a.html': 'page a' });
  await write([{ path: 'a.html', contents: 'page a' }]);
  assert.equal(await tree(out), { 'a.html': 'page a' });
  assert.equal(await tree(spare), { 'a.html': 'page new' });
});

test('a spare on another file system is not used: every write starts from an empty folder', async () => {
  // /dev/shm is a tmpfs on Linux, the temporary folder is not: a rename between them fails (EXDEV).
  const other = await mkdtemp('/dev/shm/egdocs-spare-');
  try {
    assert.is.not((await stat(other)).dev, (await stat(dir)).dev, 'this test needs /dev/shm on another file system');
    const out = path.join(dir, 'build');
    const spare = path.join(other, 'output');
    for (const text of ['one', 'two', 'three'])
      await new FsWriter(out, spare).write([
        { path: `${text}.html`, contents: text },
        { path: 'index.html', contents: text },
      ]);
    assert.equal(await tree(out), { 'three.html': 'three', 'index.html': 'three' });
    assert.equal(await readdir(other), ['output-live.json'], 'nothing was moved across; the output has its ledger');
    assert.equal(await readdir(dir), ['build']);
  } finally {
    await rm(other, { recursive: true, force: true });
  }
});

test('a failed write from the spare leaves the output as it was and no working folder', async () => {
  const out = path.join(dir, 'build');
  const spare = path.join(dir, 'cache/output');
  const writer = () => new FsWriter(out, spare);
  await writer().write([{ path: 'index.html', contents: 'one' }]);
  await writer().write([{ path: 'index.html', contents: 'two' }]);
  const failure = await conflictingWrite(writer());
  assert.is(failure?.code, 'EISDIR');
  assert.is(failure?.path, path.join(out, 'a'));
  assert.equal(await tree(out), { 'index.html': 'two' });
  assert.equal((await readdir(dir)).sort(), ['build', 'cache']);
  await writer().write([{ path: 'index.html', contents: 'three' }]);
  assert.equal(await tree(out), { 'index.html': 'three' });
});

test('files written ahead into the folder the write swaps in are kept as they are, beside the ones written then', async () => {
  const out = path.join(dir, 'build');
  const spare = path.join(dir, 'cache/output');
  await new FsWriter(out).write([{ path: 'index.html', contents: 'previous' }]);
  const writer = new FsWriter(out, spare);
  const folder = (await writer.ahead())!;
  assert.is(path.dirname(folder), dir, 'a folder beside the output');
  assert.is(await writer.ahead(), folder, 'asked again, the same folder');
  assert.is(
    await readFile(path.join(out, 'index.html'), 'utf8'),
    'previous',
    'the output is left alone until the write',
  );
  const ahead = new AheadWriter(folder).write([
    { path: 'docs/a/index.html', contents: 'page a' },
    { path: 'docs/a/page-data.json', contents: '{"a":1}' },
  ]);
  const made = await stat(path.join(folder, 'docs/a/index.html'));
  await writer.write([
    { path: 'index.html', contents: 'home' },
    ...writtenAhead(folder, ahead),
    { path: 'docs/b/index.html', contents: 'page b' },
  ]);
  assert.equal(await tree(out), {
    'index.html': 'home',
    'docs/a/index.html': 'page a',
    'docs/a/page-data.json': '{"a":1}',
    'docs/b/index.html': 'page b',
  });
  const kept = await stat(path.join(out, 'docs/a/index.html'));
  assert.equal([kept.ino, kept.mtimeMs], [made.ino, made.mtimeMs], 'the file written ahead, not a copy');
  assert.equal([...(await readLedger(ledgerFiles(spare).live, out))!.keys()].sort(), [
    'docs/a/index.html',
    'docs/a/page-data.json',
    'docs/b/index.html',
    'index.html',
  ]);
  assert.equal((await readdir(dir)).sort(), ['build', 'cache']);
  // With the output replaced kept as the spare, the next write starts from it instead: nothing is written ahead.
  assert.is(await new FsWriter(out, spare).ahead(), undefined);
});

test('a path written ahead twice (two routes to it, on two threads) holds the file the build keeps, whichever came first', async () => {
  const out = path.join(dir, 'build');
  for (const order of ['first route first', 'second route first']) {
    const writer = new FsWriter(out);
    const folder = (await writer.ahead())!;
    const write = (contents: string) =>
      writtenAhead(folder, new AheadWriter(folder).write([{ path: 'same/index.html', contents }]));
    const [first, second] =
      order === 'first route first'
        ? [write('first route'), write('second route')]
        : [write('second route'), write('first route')].reverse();
    // The thread that came second got its file back as given: nothing written, nothing to keep in place.
    assert.is((order === 'first route first' ? second : first)[0].kept, undefined, order);
    // The build keeps the first file for each path (build.ts: dedupe), the first route's.
    await writer.write(first);
    assert.equal(await tree(out), { 'same/index.html': 'first route' }, order);
  }
});

test('a build that stops after writing ahead leaves the output as it was: discard and abort remove the folder', async () => {
  const out = path.join(dir, 'build');
  await new FsWriter(out).write([{ path: 'index.html', contents: 'previous' }]);
  for (const stop of ['discard', 'abort'] as const) {
    const writer = new FsWriter(out);
    const folder = (await writer.ahead())!;
    const late = new AheadWriter(folder);
    late.write([{ path: 'docs/a/index.html', contents: 'page a' }]);
    if (stop === 'abort') assert.is(await writer.abort(), false, 'the new output was not put in place');
    else await writer.discard();
    assert.equal(await readdir(dir), ['build'], stop);
    assert.equal(await tree(out), { 'index.html': 'previous' }, stop);
    // A worker still writing then fails, and does not make the folder again.
    assert.throws(() => late.write([{ path: 'docs/b/index.html', contents: 'page b' }]), /ENOENT/);
    assert.equal(await readdir(dir), ['build'], stop);
  }
});

test('a stop while the folder to write ahead into is being made leaves no folder either', async () => {
  const out = path.join(dir, 'build');
  const writer = new FsWriter(out);
  const asked = writer.ahead();
  assert.is(await writer.abort(), false);
  assert.is(await asked, undefined, 'no folder to write into');
  assert.equal(await readdir(dir), []);
});

test('a folder to write ahead into that cannot be made is no folder: the write reports the problem', async () => {
  await writeFile(path.join(dir, 'afile'), 'a file where a folder is needed');
  const writer = new FsWriter(path.join(dir, 'afile/build'));
  assert.is(await writer.ahead(), undefined);
  const failure = await writer.write([{ path: 'index.html', contents: 'x' }]).catch((error) => error);
  assert.is((failure as NodeJS.ErrnoException).code, 'ENOTDIR');
});

test('work that fails alongside the write (the stores) leaves the output as it was and no working folder', async () => {
  const out = path.join(dir, 'build');
  await new FsWriter(out).write([{ path: 'index.html', contents: 'previous' }]);
  const failed = await new FsWriter(out)
    .write([{ path: 'index.html', contents: 'new' }], Promise.reject(new Error('a store could not be written')))
    .catch((error: Error) => error);
  assert.match(String(failed), 'a store could not be written');
  assert.equal(await readdir(dir), ['build']);
  assert.equal(await tree(out), { 'index.html': 'previous' });
  // And the output waits for it: written alongside, it is in place once both are done.
  let stored = false;
  const alongside = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => (stored = true));
  await new FsWriter(out).write([{ path: 'index.html', contents: 'new' }], alongside);
  assert.ok(stored);
  assert.equal(await tree(out), { 'index.html': 'new' });
});

test('a path outside the folder is refused when written ahead too', async () => {
  const folder = path.join(dir, 'ahead');
  await mkdir(folder);
  assert.throws(
    () => new AheadWriter(folder).write([{ path: '../escape.html', contents: 'x' }]),
    /refusing to write \.\.\/escape\.html outside the output folder/,
  );
  assert.equal(await readdir(dir), ['ahead']);
});

test('a build killed between the two renames of its swap gets the previous output back at the next sweep', async () => {
  // What such a build leaves: no build/, the previous output set aside, the new one unfinished.
  await mkdir(path.join(dir, '.build.old-999999'));
  await writeFile(path.join(dir, '.build.old-999999/index.html'), 'previous');
  await mkdir(path.join(dir, '.build.tmp-999999'));
  await sweepStale(path.join(dir, 'build'));
  assert.equal(await readdir(dir), ['build']);
  assert.is(await readFile(path.join(dir, 'build/index.html'), 'utf8'), 'previous');
});

test('the marker names egdocs and the base path; builds from before it are known by their 404 page', async () => {
  await writeFile(path.join(dir, MARKER_FILE), markerFile('/docs/').contents);
  assert.equal(await readBuildMarker(dir), { generator: 'egdocs 0.1.0', baseUrl: '/docs/' });
  const older = path.join(dir, 'older');
  await new FsWriter(older).write([
    {
      path: '404.html',
      contents: '<head><meta name="generator" content="egdocs 0.0.9"></head><script>{"baseUrl":"/old/"}</script>',
    },
  ]);
  assert.equal(await readBuildMarker(older), { generator: 'egdocs 0.0.9', baseUrl: '/old/' });
  // Another generator's 404 page, or a marker file that is not ours, is not an egdocs build.
  const other = path.join(dir, 'other');
  await new FsWriter(other).write([
    { path: '404.html', contents: '<head><meta name="generator" content="Docusaurus v3"></head>' },
    { path: MARKER_FILE, contents: '{"generator":"someone else","baseUrl":"/"}' },
  ]);
  assert.is(await readBuildMarker(other), undefined);
});

test('a build in memory (serve, check) carries no marker: only the build command writes it', async () => {
  const result = await buildFromMap({ 'docs/intro.md': '# Intro\n' });
  assert.not.ok(result.files.some((file) => file.path === MARKER_FILE));
});

test('disk errors are one line: a wrapped error by its cause, a write without a path by its code', () => {
  const at = path.join(process.cwd(), 'node_modules/.cache/egdocs/highlight.json');
  const denied = Object.assign(new Error(`EACCES: permission denied, open '${at}'`), {
    code: 'EACCES',
    path: at,
    syscall: 'open',
  });
  assert.is(
    describeFsError(new Error('markdown: EACCES: permission denied', { cause: denied })),
    "error  cannot write node_modules/.cache/egdocs/highlight.json: permission denied (EACCES); check the folder's permissions (ls -l), or build somewhere else with -o <dir>. The previous output is unchanged.",
  );
  const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
  assert.is(
    describeFsError(full),
    'error  cannot write: no space left on the disk (ENOSPC); free some space and build again. The previous output is unchanged.',
  );
  const busy = Object.assign(new Error('EBUSY'), {
    code: 'EBUSY',
    path: path.join(process.cwd(), 'build'),
    dest: path.join(process.cwd(), 'build'),
    syscall: 'rename',
  });
  assert.is(
    describeFsError(busy),
    'error  cannot write build: the path is in use, or is a mount point (EBUSY); close the program holding it and build again; a mount point (a container volume) cannot be replaced, so build into a folder inside it. The previous output is unchanged.',
  );
});

test.run();
