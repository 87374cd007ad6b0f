// Bundles the server into dist/server/main.js; npm packages stay external (node_modules).
// Code splitting keeps each `await import()` of the server a chunk of its own, loaded when
// first used: without it esbuild inlines the module and hoists its packages' imports to
// the top of main.js, so e.g. the AWS SDK (S3 storage) would load on every start.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunks are content-hashed: old ones would pile up.
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/main.js');
