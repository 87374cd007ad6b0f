// `npm start`: build when the build is missing or older than the sources, then run the server.
// A build here overlaps with the server's start: the server bundle is made first (esbuild,
// well under a second), then the web app builds in a child process while the server opens
// the database (on a first start PGlite creates its cluster, the slowest step) and migrates;
// the server waits for the web build before it reads dist/web (src/server/web-build-gate.ts).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const inputs = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * `vite build` as `npm run build` runs it, less the source maps: a quarter of the build's CPU
 * that a first start shares with the database (2 cores), for files only a debugger reads.
 * `npm run build` still writes them. Resolves when the build succeeded.
 */
function buildWebApp() {
  const packageJson = createRequire(import.meta.url).resolve('vite/package.json');
  const vite = join(dirname(packageJson), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--sourcemap', 'false'], {
    stdio: 'inherit',
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

const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
const changedAt = Math.max(...inputs.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building the app…');
  const webBuild = buildWebApp();
  // A failed web build stops the start even before the server asks for it.
  webBuild.catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  globalThis[Symbol.for('darefund.webBuild')] = webBuild;
  await import('./build-server.mjs');
}
await import('../dist/server/main.js');
