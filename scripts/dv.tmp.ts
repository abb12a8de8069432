import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os'; import path from 'node:path';
import { startDevServer } from '../src/serve/dev.ts';
const dir = await mkdtemp(path.join(os.tmpdir(), 'egdocs-dv-'));
await mkdir(path.join(dir, 'content/docs'), { recursive: true });
await writeFile(path.join(dir, 'site.config.ts'), `export default { title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/', docs: { sidebars: { docs: ['intro', 'setup'] } } };\n`);
await writeFile(path.join(dir, 'content/docs/intro.md'), '---\nslug: /\ntitle: Intro\n---\nHi.\n');
await writeFile(path.join(dir, 'content/docs/setup.md'), '# Setup\n');
const t0 = Date.now();
const server = await startDevServer({ configFile: path.join(dir, 'site.config.ts'), host: '127.0.0.1', port: 0, log: (l) => console.log(Date.now() - t0, l.slice(0, 100)) });
const cfg = `export default { title: 'Mini', url: 'https://mini.dev', baseUrl: '/mini/', docs: { sidebars: { docs: ['intro', 'setup'] } } };\n`;
for (const [text, wait] of [[cfg.replace("docs: {", "docz: {"), 100], [cfg.replace("'Mini'", "'Mini Two'"), 1500], [cfg, 1500]] as const) {
  await writeFile(path.join(dir, 'site.config.ts'), text); console.log(Date.now() - t0, 'wrote');
  await new Promise((r) => setTimeout(r, wait));
}
await server.close();
