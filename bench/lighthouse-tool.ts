// Lighthouse for `npm run bench:lighthouse`, installed on first use instead of by `npm install`: it brings about 190
// packages for one benchmark script. It goes into node_modules/.cache/egdocs-lighthouse (npm ci starts it afresh),
// at the version the figures in bench/ were measured with.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const LIGHTHOUSE_VERSION = '12.8.2';
const CHROME_LAUNCHER_VERSION = '1.2.1';

/** The parts of a Lighthouse result the benchmark reads. */
export interface Result {
  lighthouseVersion: string;
  environment: { hostUserAgent: string };
  runWarnings: unknown[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode?: string;
      numericValue?: number;
      displayValue?: string;
      details?: unknown;
      errorMessage?: string;
    }
  >;
}

export interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}

export interface LighthouseTool {
  lighthouse(url: string, flags: object, config?: object): Promise<{ lhr: Result } | undefined>;
  desktopConfig: object;
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
}

/** Installs Lighthouse into the cache folder when it is not there yet (saying so), and loads it. */
export async function loadLighthouse(root: string): Promise<LighthouseTool> {
  const dir = path.join(root, 'node_modules/.cache/egdocs-lighthouse');
  const entry = path.join(dir, 'node_modules/lighthouse/core/index.js');
  if (!existsSync(entry)) {
    console.log(
      `Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, dir)} (once; not part of npm install)`,
    );
    await mkdir(dir, { recursive: true });
    // One of its dependencies asks for third-party-web@latest, whose newer releases break it: pinned here.
    const manifest = {
      private: true,
      dependencies: { lighthouse: LIGHTHOUSE_VERSION, 'chrome-launcher': CHROME_LAUNCHER_VERSION },
      overrides: { '@paulirish/trace_engine': { 'third-party-web': '0.30.0' } },
    };
    await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev'], { cwd: dir, stdio: 'inherit' });
  }
  const lighthouse = await import(pathToFileURL(entry).href);
  const launcher = await import(pathToFileURL(path.join(dir, 'node_modules/chrome-launcher/dist/index.js')).href);
  return { lighthouse: lighthouse.default, desktopConfig: lighthouse.desktopConfig, launch: launcher.launch };
}
