// Bundles the server into dist/server/main.js; npm packages stay external (node_modules).
// Code splitting keeps each `await import()` of the server a chunk of its own, loaded when
// first used: without it esbuild inlines the module and hoists its packages' imports to
// the top of main.js, so e.g. the AWS SDK (S3 storage) would load on every start.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

// Chunks are content-hashed: old ones would pile up.
rmSync('dist/server', { recursive: true, force: true });
const result = await build({
  // The demo image's maker (decision 0061) is part of the bundle: the image holds what this
  // build's seed writes.
  entryPoints: ['src/server/main.ts', 'src/server/seed/demo-image-cli.ts'],
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
  metafile: true,
});
// The build's id, a hash of its code: the demo image made by this build is keyed by it.
const hash = createHash('sha256');
for (const file of Object.keys(result.metafile.outputs).sort()) {
  if (!file.endsWith('.js')) continue;
  hash.update(`${file}\n`);
  hash.update(readFileSync(file));
}
writeFileSync('dist/server/build-id', `${hash.digest('hex').slice(0, 16)}\n`);
console.log('server built: dist/server/main.js');
