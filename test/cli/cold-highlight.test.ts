// A cold build of a small site (nothing in the highlight cache) goes on with the history, site and search steps while
// Shiki's thread highlights, and fills the code blocks in before the render step (src/build.ts). Every page that shows
// a block must show it highlighted, the blog list's excerpts too, and match a build that found every block cached.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MINI_CONFIG } from '../helpers.ts';
import { tempProject, type TempProject } from '../project.ts';
import { egdocs } from './run.ts';

const test = suite('cold build: code highlighted while the site is made');

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n`;

let project: TempProject;
test.before.each(async () => {
  project = await tempProject({
    'site.config.ts': MINI_CONFIG,
    'content/docs/intro.md': `---\nslug: /\ntitle: Intro\n---\n\n${[
      fence('bash', 'php artisan migrate --force'),
      fence('ts', 'const total: number = 3;'),
      fence('yaml', 'queue: redis'),
      fence('php', "<?php echo config('app.name');"),
      fence('ini', 'memory_limit = 512M'),
    ].join('\n')}`,
    'content/docs/setup.md': `# Setup\n\n${fence('dart', 'void main() => runApp(const App());')}`,
    'content/blog/2026-01-05-release.md': `---\ntitle: Release\n---\n\n${fence('json', '{ "version": "3.0.2.1" }')}\n<!-- truncate -->\n\nMore.\n`,
  });
});
test.after.each(() => project.remove());

/** Every file of the build folder, by path. */
async function outputOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), await readFile(file, 'utf8'));
    }
  return files;
}

test('pages, the blog list and the post show highlighted blocks, as a build from the highlight cache does', async () => {
  const cold = await egdocs(project.dir, 'build', '--timings');
  assert.is(cold.code, 0, cold.stderr);
  // The site was made before the blocks were highlighted: the highlight step waited for them.
  assert.match(cold.stdout, /search \d+, highlight \d+, render/);
  const first = await outputOf(path.join(project.dir, 'build'));
  for (const [file, text] of first) assert.not.ok(text.includes('\0'), `a mark left in ${file}`);
  const shows = (file: string, lang: string) =>
    assert.match(first.get(file)!, new RegExp(`data-lang="${lang}".*?--shiki-light:`, 's'), `${lang} in ${file}`);
  for (const lang of ['bash', 'ts', 'yaml', 'php', 'ini']) shows('docs/index.html', lang);
  shows('docs/setup/index.html', 'dart');
  shows('blog/index.html', 'json');
  shows('blog/release/index.html', 'json');

  // Again with every block in the highlight cache: no Shiki, no highlight step, the same files.
  await rm(path.join(project.dir, 'build'), { recursive: true });
  const warm = await egdocs(project.dir, 'build', '--timings');
  assert.is(warm.code, 0, warm.stderr);
  assert.not.match(warm.stdout, 'highlight');
  assert.equal(await outputOf(path.join(project.dir, 'build')), first);
});

test.run();
