// `npm start`: build when the build is missing or older than the sources (`npm install` makes
// it: scripts/postinstall.mjs, so a fresh clone's first start only builds after an edit),
// then run the server.
// A build here overlaps with the server's start: the server bundle is made first (esbuild,
// well under a second), then the web app builds in a child process while the server opens
// the database (on a first start PGlite creates its cluster, the slowest step) and migrates;
// the server waits for the web build before it reads dist/web (src/server/web-build-gate.ts).
// The assets' compressed copies are made afterwards, in the background (compressAssetsLater).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { buildIsCurrent } from './build-state.mjs';
import { uncompressedAssets } from './precompress.mjs';

/**
 * `vite build` as `npm run build` runs it, less what a first start (sharing 2 cores with the
 * database) can do without: the source maps (a quarter of the build's CPU, for files only a
 * debugger reads), and the compressed copies and gzip size report (DAREFUND_START_BUILD,
 * vite.config.ts; about 45%). `npm run build` still makes all of them. Resolves when the
 * build succeeded.
 */
function buildWebApp() {
  const packageJson = createRequire(import.meta.url).resolve('vite/package.json');
  const vite = join(dirname(packageJson), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--sourcemap', 'false'], {
    stdio: 'inherit',
    env: { ...process.env, DAREFUND_START_BUILD: '1' },
  });
  // Should the server fail first, the build must not outlive `npm start`.
  const stopChild = () => child.kill();
  process.once('exit', stopChild);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0) resolve();
      else reject(new Error(`The web build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * The `.br`/`.gz` copies of the built assets (scripts/precompress.mjs) in a child process at
 * the lowest CPU priority: the server answers meanwhile, sending those files uncompressed.
 * Also after a start that stopped before they were all written. Stops with `npm start`
 * (the copies are renamed into place whole, so none is left half-written).
 */
function compressAssetsLater() {
  if (uncompressedAssets('dist/web').length === 0) return;
  const child = spawn(process.execPath, [join('scripts', 'precompress.mjs'), 'dist/web'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    setPriority(child.pid, constants.priority.PRIORITY_LOWEST);
  } catch {
    // Not allowed here (or already done): it runs at the normal priority.
  }
  child.on('error', (error) =>
    console.error(`Compressing the web assets failed: ${error.message}`),
  );
  const stopChild = () => child.kill();
  process.once('exit', stopChild);
  child.on('exit', () => process.off('exit', stopChild));
  child.unref();
}

if (!buildIsCurrent()) {
  console.log('Building the app…');
  const webBuild = buildWebApp();
  // A failed web build stops the start even before the server asks for it.
  webBuild.catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  webBuild.then(compressAssetsLater, () => {});
  globalThis[Symbol.for('darefund.webBuild')] = webBuild;
  await import('./build-server.mjs');
} else {
  compressAssetsLater();
}
await import('../dist/server/main.js');
