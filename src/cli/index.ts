// The command line: commander declarations and thin actions (flags -> stage API -> exit code).
// Heavy modules load inside the actions, so `egdocs --help` starts fast.
import { Command, Option } from 'commander';
import { VERSION } from '../platform/version.ts';

export async function main(argv: string[] = process.argv): Promise<void> {
  const program = new Command('egdocs')
    .description('Build, serve and check a documentation site from markdown.')
    .version(VERSION, '-v, --version', 'print the egdocs version')
    .option('-c, --config <file>', 'path to the site config', 'site.config.ts')
    // Each command's --help lists -c/--config too: it is given before or after the command name alike.
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError();

  program
    .command('init')
    .description('create a new project (config, home page, two docs, a blog post) in an empty folder')
    .argument('[dir]', 'folder to create it in', '.')
    .action(async (dir: string) => {
      const { runInit } = await import('./init.ts');
      process.exitCode = await runInit({ dir });
    });

  program
    .command('build')
    .description('build the site into the output folder (default: build/)')
    .option('-o, --out-dir <dir>', 'output folder, relative to the config file')
    .option('-b, --base-url <path>', 'path the site is served under (default: from the config)')
    .option('--force', 'replace the output folder even if egdocs did not write it')
    .option('--timings', 'print the time each step took')
    .action(async (options: { outDir?: string; baseUrl?: string; force?: boolean; timings?: boolean }) => {
      const { runBuild } = await import('./build.ts');
      process.exitCode = await runBuild({ configFile: program.opts().config, ...options });
    });

  program
    .command('check')
    .description('build in memory and report broken links, anchors and images; exit 1 when any is found')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'github']).default('text'))
    .action(async (options: { format: 'text' | 'json' | 'github' }) => {
      const { runCheck } = await import('./check.ts');
      process.exitCode = await runCheck({ configFile: program.opts().config, format: options.format });
    });

  program
    .command('docs:version')
    .description('snapshot the current docs and sidebars as an older version, in content/versioned/<name>/')
    .argument('<name>', "the version's name, its folder and URL segment (like 2.1)")
    .action(async (name: string) => {
      const { runDocsVersion } = await import('./docs-version.ts');
      process.exitCode = await runDocsVersion({ configFile: program.opts().config, name });
    });

  program
    .command('serve')
    .description('build in memory and serve the site locally (or serve a finished build with --dir)')
    .option('-p, --port <port>', 'port to listen on', '3000')
    .option('-H, --host <host>', 'address to bind', '127.0.0.1')
    .option('-d, --dir <dir>', 'serve this finished build instead of building')
    .option('-b, --base-url <path>', "path the site is served under (default: the build's, else the config's)")
    .option('--allow-host <host...>', 'also answer requests for these host names (when binding --host 0.0.0.0)')
    .option('--force', 'with --dir: serve a folder that egdocs did not write')
    .option('--current-version-only', 'build the current docs version only, not the older ones (a faster start)')
    .action(
      async (options: {
        port: string;
        host: string;
        dir?: string;
        baseUrl?: string;
        allowHost?: string[];
        force?: boolean;
        currentVersionOnly?: boolean;
      }) => {
        const { runServe } = await import('./serve.ts');
        process.exitCode = await runServe({
          configFile: program.opts().config,
          port: Number(options.port),
          host: options.host,
          dir: options.dir,
          baseUrl: options.baseUrl,
          allowedHosts: options.allowHost ?? [],
          force: options.force === true,
          currentVersionOnly: options.currentVersionOnly === true,
        });
      },
    );

  await program.parseAsync(argv);
}
