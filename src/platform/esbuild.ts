// esbuild for the config (config/compile.ts) and the client bundle (bundle/index.ts), loaded when first needed: a
// build that finds both in its stores never starts it. It is CommonJS, and require() loads it as it is, where an ES
// module's import has node first scan its 97 KB for the names it exports (58 against 20 ms).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const esbuild = (): typeof import('esbuild') => require('esbuild') as typeof import('esbuild');
