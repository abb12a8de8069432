// Hugo as the speed reference for `npm run bench`: the synthetic site's markdown, unchanged, in a minimal Hugo project
// (a config, a single-page layout and a list layout), built by `hugo --quiet` in a fresh process each run.
// Hugo does less than egdocs here: no sidebar, search data, payloads or link check; `.md` links stay as written and
// `:::tip` admonitions render as plain paragraphs. What it does do is the comparable core: read and parse every page,
// front matter, tables, highlighted code fences (Chroma), one HTML file per page, section, home and tag lists,
// sitemap and RSS.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { setAside } from './aside.ts';
import path from 'node:path';

export interface HugoMeasure {
  ms: number;
  /** HTML files written (pages, sections, tags, home, 404). */
  pages: number;
  /** From /usr/bin/time -v; undefined where it is not installed. */
  peakRssMb?: number;
}

/** `hugo version`'s first words ("hugo v0.111.3+extended"), or undefined when there is no `hugo` on the PATH. */
export function hugoVersion(): string | undefined {
  const run = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return run.status === 0 ? /^hugo v\S+/.exec(run.stdout)?.[0] : undefined;
}

const shell = (body: string, title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>\n`;

/** A Hugo project in `hugoDir` with a copy of `siteDir`'s content/ (as writeSyntheticSite wrote it). */
export async function writeHugoProject(siteDir: string, hugoDir: string): Promise<void> {
  await cp(path.join(siteDir, 'content'), path.join(hugoDir, 'content'), { recursive: true });
  await mkdir(path.join(hugoDir, 'layouts/_default'), { recursive: true });
  // Same base path as the egdocs config, so URLs have the same shape.
  await writeFile(path.join(hugoDir, 'hugo.toml'), 'baseURL = "https://example.com/bench/"\ntitle = "Synthetic"\n');
  await writeFile(
    path.join(hugoDir, 'layouts/_default/single.html'),
    shell('<h1>{{ .Title }}</h1>{{ .Content }}', '{{ .Title }}'),
  );
  await writeFile(
    path.join(hugoDir, 'layouts/_default/list.html'),
    shell(
      '<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>',
      '{{ .Title }}',
    ),
  );
}

/** One cold build (no public/ or resources/ left from a previous run), timed from spawn to exit. */
export async function measureHugo(hugoDir: string): Promise<HugoMeasure> {
  // Set aside rather than deleted, as egdocs' outputs are (aside.ts): deleting them slows the files created next.
  for (const dir of ['public', 'resources']) setAside(path.join(hugoDir, dir));
  // GNU time costs one fork and gives peak RSS for free; without it, Hugo runs alone and memory is not reported.
  const timed = existsSync('/usr/bin/time');
  const [command, args] = timed ? ['/usr/bin/time', ['-v', 'hugo', '--quiet']] : ['hugo', ['--quiet']];
  const start = performance.now();
  const run = spawnSync(command, args, { cwd: hugoDir, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`hugo failed (${run.status}):\n${run.stderr}`);
  const rssKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  const written = await readdir(path.join(hugoDir, 'public'), { recursive: true });
  return {
    ms,
    pages: written.filter((name) => name.endsWith('.html')).length,
    peakRssMb: rssKb ? Number(rssKb) / 1024 : undefined,
  };
}

/** The paragraph of bench/RESULTS.md that says what the Hugo columns measure. */
export function hugoNote(version: string | undefined): string {
  if (!version)
    return 'The Hugo columns are empty: `hugo` was not installed on this machine (`apt-get install hugo`).\n';
  return `The Hugo columns build the same synthetic markdown with ${version} as a speed reference (\`bench/hugo.ts\`: a
minimal project with one page layout and one list layout; \`hugo --quiet\` in a fresh process with no \`public/\` or
\`resources/\` left over; one run before each cold egdocs build, so that both meet the machine in the same state; peak
RSS from \`/usr/bin/time -v\`), timed from spawn to exit as egdocs is. Hugo does less: no sidebar, search data, payloads
or link check; \`.md\` links are left as written and \`:::tip\` admonitions come out as plain text. It keeps nothing
between builds, so one Hugo figure stands beside all four rows of a size. The machine and its disk make every figure
vary from run to run by a fifth or more: the ranges in brackets show how much (compare the plain copy).
`;
}
