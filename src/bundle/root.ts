// Where egdocs' browser code is, and the browsers it is compiled for: what the client bundle (index.ts) and the
// inline scripts (inline.ts) are both built from.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The browsers the client code is compiled for. */
export const BROWSERS = ['es2020', 'chrome100', 'firefox100', 'safari15'];

/**
 * egdocs' own folder (holding src/client), found upward from this module: src/bundle/ in a checkout, dist/ when
 * compiled.
 */
export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'src', 'client', 'main.tsx'))) return current;
    if (path.dirname(current) === current) throw new Error(`cannot find egdocs' client sources above ${dir}`);
  }
}
