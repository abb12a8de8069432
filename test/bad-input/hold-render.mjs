// Loaded before egdocs (node --import): the first page the build's own thread writes ahead (the render step of a
// large build with nothing kept, which renders on more than one thread: write-ahead.ts) holds that thread, as a long
// page would, until the test has sent its signal and says so by writing `signal-sent` into the working folder. From
// then on it counts the pages that thread writes, and says how many when the process's SIGINT or SIGTERM handlers
// run: a build that heeds a signal at once writes no other page first.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const writeFileSync = fs.writeFileSync;
  let held = false;
  let pagesAfter = 0;
  fs.writeFileSync = (file, ...rest) => {
    const result = writeFileSync(file, ...rest);
    if (!/[\\/]\.[^\\/]+\.tmp-\d+[\\/]/.test(String(file))) return result;
    if (held) {
      if (String(file).endsWith('index.html')) pagesAfter++;
      return result;
    }
    held = true;
    process.stderr.write('held\n');
    // At least 60 ms, as a long page takes; at most 30 s, should no test be waiting.
    const start = performance.now();
    const sent = path.join(process.cwd(), 'signal-sent');
    const nap = new Int32Array(new SharedArrayBuffer(4));
    while (performance.now() - start < 60 || (!fs.existsSync(sent) && performance.now() - start < 30_000))
      Atomics.wait(nap, 0, 0, 5);
    return result;
  };
  // egdocs imports node:fs as a module: this makes its bindings the patched ones.
  syncBuiltinESMExports();
  const report = () => process.stderr.write(`signal handled after ${pagesAfter} more pages\n`);
  process.once('SIGINT', report);
  process.once('SIGTERM', report);
}
