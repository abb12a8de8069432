// `egdocs serve` as the tests start it: on a project folder's site.config.ts, on a free loopback port, reporting as
// the CLI does and logging nowhere unless a test listens; each test sets what it looks at (`log`, `onRebuild`, …).
import path from 'node:path';
import { serveReport } from '../src/cli/report.ts';
import { type DevServer, type DevServerOptions, startDevServer } from '../src/serve/dev.ts';

export function serveProject(dir: string, options: Partial<DevServerOptions> = {}): Promise<DevServer> {
  return startDevServer({
    configFile: path.join(dir, 'site.config.ts'),
    host: '127.0.0.1',
    port: 0,
    report: serveReport,
    log: () => {},
    ...options,
  });
}
