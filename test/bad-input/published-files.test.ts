// Only what is meant is published. content/ also holds what no reader should get: a clone's or submodule's .git (its
// config carries the remote's token), a .env, .DS_Store, a writer's notes, and symbolic links that lead anywhere
// (/proc/self/environ, ~/.ssh). A build publishes the static folder (less its dot files) and the files pages show;
// a dot file a page points at is a warning at its line; a link that leads out of the project is an error naming it,
// in build, check and serve alike.
import { mkdir, stat, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevSite } from '../../src/serve/site.ts';
import { MINI_CONFIG, ROOT } from '../helpers.ts';
import { type TempProject, tempProject } from '../project.ts';
import { egdocs } from '../cli/run.ts';
import { snapshot } from './snapshot.ts';

const test = suite('bad input: what content/ holds that must not be published');

const SECRET = 'ghp_TOKEN0123456789';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const FILES: Record<string, string | Uint8Array> = {
  'site/site.config.ts': MINI_CONFIG,
  'site/content/docs/intro.md': '---\nslug: /\n---\n# Intro\n\n![A screen](./screen.png)\n\nSee [setup](./setup.md).\n',
  'site/content/docs/setup.md':
    '# Setup\n\nSteps.\n\n![Hidden](./.hidden.png)\n\n[Security](/.well-known/security.txt)\n',
  'site/content/docs/screen.png': PNG,
  'site/content/docs/unused.png': PNG,
  'site/content/docs/notes.txt': `draft notes with ${SECRET}`,
  'site/content/docs/.hidden.png': PNG,
  'site/content/docs/.env': `TOKEN=${SECRET}`,
  'site/content/.git/config': `[remote "origin"]\n\turl = https://x:${SECRET}@github.com/acme/docs.git\n`,
  'site/content/.git/HEAD': 'ref: refs/heads/main\n',
  'site/content/static/robots.txt': 'User-agent: *\n',
  'site/content/static/.DS_Store': `finder ${SECRET}`,
  'site/content/static/.well-known/security.txt': 'Contact: mailto:security@example.com\n',
  // Outside the project: what links must not reach.
  'home/.ssh/id_rsa': `-----BEGIN KEY----- ${SECRET}`,
  'home/secret.png': Buffer.concat([PNG, Buffer.from(SECRET)]),
};

let around: TempProject;
let site: string;
test.before.each(async () => {
  around = await tempProject(FILES, 'egdocs-publish-');
  site = path.join(around.dir, 'site');
});
test.after.each(() => around.remove());

/** Every output file's path, and whether any holds the secret. */
async function published(dir = 'build'): Promise<{ files: string[]; leaks: string[] }> {
  const files = Object.keys(await snapshot(path.join(site, dir)));
  const leaks: string[] = [];
  for (const file of files)
    if ((await around.read(path.join('site', dir, file))).includes(SECRET.slice(0, 12))) leaks.push(file);
  return { files, leaks };
}

test('a build publishes the static folder and the images pages show: no dot file, .git, .env or unused file', async () => {
  const built = await egdocs(site, 'build');
  assert.is(built.code, 0, built.stderr);
  const { files, leaks } = await published();
  assert.equal(leaks, [], 'no output file holds the secret');
  assert.ok(files.includes('robots.txt'), 'the static folder is published');
  assert.ok(
    files.some((file) => /^assets\/images\/screen-[\w-]+\.png$/.test(file)),
    'the image a page shows is published',
  );
  for (const name of ['unused', 'notes', '.env', '.git', 'HEAD', '.DS_Store', '.hidden', '.well-known'])
    assert.not.ok(
      files.some((file) => file.includes(name)),
      `${name}: not published (${files.filter((file) => file.includes(name))})`,
    );
});

test('a page pointing at a dot file gets a warning at its line, in build and check', async () => {
  const checked = await egdocs(site, 'check');
  assert.is(checked.code, 1);
  assert.match(
    checked.stdout,
    "content/docs/setup.md:5:11  image './.hidden.png' is a dot file (content/docs/.hidden.png), which egdocs neither reads nor publishes",
  );
  assert.match(
    checked.stdout,
    "content/docs/setup.md:7:12  file '/.well-known/security.txt' is a dot file (content/static/.well-known/security.txt), which is not published",
  );
  assert.match(checked.stdout, "name it in the config's publishDotfiles ('.well-known/security.txt')");
  const built = await egdocs(site, 'build');
  assert.is(built.code, 0);
  assert.match(built.stderr, "warning  content/docs/setup.md:5:11  image './.hidden.png' is a dot file");
});

test('a dot folder of content/static/ named in the config is published, and the link to it is sound', async () => {
  await around.write(
    'site/site.config.ts',
    MINI_CONFIG.replace("baseUrl: '/mini/',", "baseUrl: '/mini/', publishDotfiles: ['.well-known'],"),
  );
  const built = await egdocs(site, 'build');
  assert.is(built.code, 0, built.stderr);
  assert.is(await around.read('site/build/.well-known/security.txt'), 'Contact: mailto:security@example.com\n');
  const { files, leaks } = await published();
  assert.equal(leaks, []);
  assert.not.ok(files.includes('.DS_Store'), 'a dot file the config does not name stays out');
  assert.not.match(built.stdout, 'security.txt', 'no warning for the named one');
});

test('a config naming a path that leaves content/static/, or no dot file, is an error at its key', async () => {
  await around.write(
    'site/site.config.ts',
    MINI_CONFIG.replace("baseUrl: '/mini/',", "baseUrl: '/mini/', publishDotfiles: ['../.git', 'img'],"),
  );
  const { code, stderr } = await egdocs(site, 'build');
  assert.is(code, 1);
  assert.match(stderr, "publishDotfiles[0] '../.git' must be a path under content/static/");
  assert.match(stderr, "publishDotfiles[1] 'img' names no dot file or folder");
});

/** Each link that leads out of the project (or into a dot folder of it), and the start of its error. */
const LINKS_OUT: [link: string, target: () => string, message: string][] = [
  [
    'content/docs/environ.png',
    () => '/proc/self/environ',
    'is a symbolic link to /proc/self/environ, outside the project',
  ],
  ['content/static/ssh', () => path.join(around.dir, 'home/.ssh'), 'is a symbolic link to'],
  [
    'content/docs/shot.png',
    () => '../../../home/secret.png',
    'is a symbolic link to ../../../home/secret.png, outside',
  ],
  [
    'content/static/git-config',
    () => '../../.git/config',
    'is a symbolic link to ../../.git/config, a dot file or folder',
  ],
];

test('a symbolic link that leads out of the project fails build and check, naming the link', async () => {
  await mkdir(path.join(site, '.git'), { recursive: true });
  await around.write('site/.git/config', `token ${SECRET}`);
  for (const [link, target, message] of LINKS_OUT) {
    const at = path.join(site, link);
    await symlink(target(), at);
    for (const command of ['build', 'check']) {
      const ran = await egdocs(site, command);
      assert.is(ran.code, 1, `${link} ${command}`);
      const said = ran.stdout + ran.stderr;
      assert.ok(said.includes(`error  ${link}  ${message}`), `${link} ${command}: ${said}`);
      assert.match(said, "egdocs reads and publishes only the project's own files");
    }
    await unlink(at);
  }
  assert.not.ok(
    await stat(path.join(site, 'build')).then(
      () => true,
      () => false,
    ),
    'nothing was written',
  );
});

test('a link inside the project is followed, as before', async () => {
  await around.write('site/shared/guide.md', '# Guide\n\nShared text.\n');
  await around.write('site/shared/diagram.png', PNG);
  await symlink('../../shared/guide.md', path.join(site, 'content/docs/guide.md'));
  await symlink('../../shared/diagram.png', path.join(site, 'content/docs/diagram.png'));
  await around.write('site/content/docs/setup.md', '# Setup\n\nSteps.\n\n![Diagram](./diagram.png)\n');
  const built = await egdocs(site, 'build');
  assert.is(built.code, 0, built.stderr);
  assert.match(await around.read('site/build/docs/guide/index.html'), 'Shared text.');
  assert.ok(Object.keys(await snapshot(path.join(site, 'build'))).some((file) => file.includes('diagram-')));
});

test('serve refuses a link out on its first build and on a save, and serves no dot file', async () => {
  const dev = await createDevSite({
    configFile: path.join(site, 'site.config.ts'),
    templatesDir: path.join(ROOT, 'templates'),
  });
  const first = await dev.rebuild([]);
  assert.ok(first.ok);
  const served = [...dev.served.files.keys()];
  assert.ok(served.includes('robots.txt'));
  assert.not.ok(
    served.some((file) => /\.env|\.git|\.DS_Store|notes|unused/.test(file)),
    served.join(' '),
  );
  const link = path.join(site, 'content/static/ssh');
  await symlink(path.join(around.dir, 'home/.ssh'), link);
  const saved = await dev.rebuild([link]);
  assert.not.ok(saved.ok);
  if (!saved.ok) assert.match(saved.failure.problems[0].text, 'content/static/ssh  is a symbolic link to');
  assert.not.ok([...dev.served.files.keys()].some((file) => file.includes('id_rsa')));
  const again = await createDevSite({
    configFile: path.join(site, 'site.config.ts'),
    templatesDir: path.join(ROOT, 'templates'),
  });
  const fresh = await again.rebuild([]);
  assert.not.ok(fresh.ok, 'a first build with the link fails too');
});

test.run();
