#!/usr/bin/env node
// React reads NODE_ENV when first loaded; its development build renders several times slower.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../dist/cli.js');
await main();
