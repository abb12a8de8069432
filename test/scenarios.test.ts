// Scenario sites: each folder of test/sites/ is a small site built in memory, and its expected/ folder says what the
// build gives. A case folder holds:
//   content/                  the site's content/, read as `egdocs build` reads it
//   config.json               (optional) the config keys that differ from the test config (helpers.ts, testConfig)
//   git.json                  (optional) commits, oldest first ({ date, author, files }): the case is then built in
//                             a temporary git repository holding them, so last-updated dates come from git as in a
//                             project (files no commit names are not committed)
//   expected/diagnostics.txt  what `egdocs build` prints about the site on stderr (empty: nothing); a failed build
//                             ends with its summary line
//   expected/<output path>    an output file of the build, compared byte for byte; of an HTML page only its <main>
//                             element, the page's own part (the layout around it names hashed assets)
// UPDATE=1 rewrites diagnostics.txt and every expected file there is from the build: to expect a new output file,
// create it empty, then run the suite with UPDATE=1 and read what it wrote.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSiteFiles } from '../src/build.ts';
import { FAILED, failureLines, printDiagnostics } from '../src/cli/report.ts';
import { readContentFiles } from '../src/content/read.ts';
import { BuildFailed, type Diagnostic } from '../src/shared/model/diagnostics.ts';
import type { BuildResult } from '../src/shared/model/types.ts';
import { ROOT, sharedBundle, testConfig } from './helpers.ts';

const SITES = path.join(ROOT, 'test/sites');
const update = Boolean(process.env.UPDATE);
const test = suite('scenario sites (test/sites/<case>/)');

/** What `egdocs build` prints about a good build's diagnostics, or about a failed build. */
function printed(outcome: Diagnostic[] | BuildFailed): string {
  const lines: string[] = [];
  if (outcome instanceof BuildFailed) lines.push(...failureLines(outcome, FAILED.build));
  else printDiagnostics(outcome, (line) => lines.push(line));
  return lines.map((line) => `${line}\n`).join('');
}

/** A commit of git.json. */
interface Commit {
  date: string;
  author: string;
  files: string[];
}

/** The case's content/ in a temporary git repository made of the commits of its git.json; undefined without one. */
async function repositoryOf(dir: string): Promise<string | undefined> {
  const commits = await readFile(path.join(dir, 'git.json'), 'utf8').then(
    (text) => JSON.parse(text) as Commit[],
    () => undefined,
  );
  if (!commits) return undefined;
  const repo = await mkdtemp(path.join(os.tmpdir(), 'egdocs-scenario-'));
  await cp(path.join(dir, 'content'), path.join(repo, 'content'), { recursive: true });
  const git = (env: Record<string, string>, ...args: string[]) =>
    execFileSync('git', args, { cwd: repo, stdio: 'pipe', env: { ...process.env, ...env } });
  git({}, 'init', '-q');
  for (const { date, author, files } of commits) {
    git({}, 'add', '--', ...files);
    const email = 'author@example.com';
    git(
      {
        GIT_AUTHOR_NAME: author,
        GIT_AUTHOR_EMAIL: email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: author,
        GIT_COMMITTER_EMAIL: email,
        GIT_COMMITTER_DATE: date,
      },
      'commit',
      '-qm',
      `${author}, ${date}`,
    );
  }
  return repo;
}

/** Builds a case: its diagnostics as printed, and its output files (none when the build failed). */
async function build(dir: string): Promise<{ diagnostics: string; result?: BuildResult }> {
  const user = await readFile(path.join(dir, 'config.json'), 'utf8').then(JSON.parse, () => ({}));
  const repo = await repositoryOf(dir);
  try {
    const config = testConfig(user, repo);
    const files = await readContentFiles(repo ?? dir);
    const result = await buildSiteFiles({ config, files, bundle: sharedBundle(config.baseUrl) });
    return { diagnostics: printed(result.diagnostics), result };
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    return { diagnostics: printed(error) };
  } finally {
    if (repo) await rm(repo, { recursive: true, force: true });
  }
}

/** The part of an output file a case compares: an HTML page's <main> element, any other file whole. */
function comparedPart(outPath: string, contents: string | Uint8Array): string {
  const text = typeof contents === 'string' ? contents : new TextDecoder().decode(contents);
  const main = outPath.endsWith('.html') ? /<main[\s>][\s\S]*<\/main>/.exec(text) : null;
  return main ? `${main[0]}\n` : text;
}

/** Every file under `dir`, relative to it with forward slashes, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

for (const name of (await readdir(SITES)).sort()) {
  const dir = path.join(SITES, name);
  test(name.replaceAll('-', ' '), async () => {
    const expectedDir = path.join(dir, 'expected');
    const { diagnostics, result } = await build(dir);
    const compare = async (rel: string, actual: string) => {
      const file = path.join(expectedDir, rel);
      if (update) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, actual);
      } else {
        const expected = await readFile(file, 'utf8').catch(() => undefined);
        assert.ok(expected !== undefined, `${name}: expected/${rel} is missing; UPDATE=1 writes it`);
        assert.fixture(actual, expected!, `${name}: expected/${rel}`);
      }
    };
    await compare('diagnostics.txt', diagnostics);
    for (const rel of await filesUnder(expectedDir)) {
      if (rel === 'diagnostics.txt') continue;
      const output = result?.files.find((file) => file.path === rel);
      assert.ok(output, `${name}: the build wrote no ${rel}${result ? '' : ' (it failed)'}`);
      await compare(rel, comparedPart(rel, output.contents));
    }
  });
}

test.run();
