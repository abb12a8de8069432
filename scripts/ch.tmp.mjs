import chokidar from 'chokidar';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
const dir = mkdtempSync(path.join(os.tmpdir(), 'ch-'));
const f = path.join(dir, 'a.md'); writeFileSync(f, 'one');
const w = chokidar.watch([f], { ignoreInitial: true });
w.on('all', (e, p) => { console.log(Date.now() % 100000, e, p); setTimeout(() => readFileSync(f), 100); });
await new Promise((r) => w.once('ready', r));
for (const [i, delay] of [[1, 0], [2, 500], [3, 500], [4, 500]]) { await new Promise((r) => setTimeout(r, delay)); writeFileSync(f, 'x'.repeat(i * 3)); console.log(Date.now() % 100000, 'wrote', i); }
await new Promise((r) => setTimeout(r, 1000)); await w.close();
