// Measures what a newcomer waits for (run after `npm run build`):
//  - cold start: `node dist/server/main.js` on a new DATA_DIR (migrations + demo seed) until
//    the first 200 for GET /, and the same again on the now-initialized DATA_DIR;
//  - the gzipped size of the JavaScript and CSS index.html loads before the first paint.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

if (!existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

async function timeToFirst200(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.status === 200) return performance.now() - started;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'darefund-startup-'));
const cold = await timeToFirst200(dataDir, 3900);
const warm = await timeToFirst200(dataDir, 3901);
rmSync(dataDir, { recursive: true, force: true });

const html = readFileSync('dist/web/index.html', 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);
let js = 0;
let css = 0;
for (const asset of new Set(initial)) {
  const size = gzipSync(readFileSync(join('dist/web', asset)), { level: 9 }).length;
  if (asset.endsWith('.js')) js += size;
  else css += size;
}

console.log(`cold start, new DATA_DIR (migrate + seed) to first 200: ${cold.toFixed(0)} ms`);
console.log(`start on an existing DATA_DIR to first 200:            ${warm.toFixed(0)} ms`);
console.log(
  `initial JavaScript (gzip -9): ${(js / 1024).toFixed(1)} KiB in ${initial.filter((a) => a.endsWith('.js')).length} file(s)`,
);
console.log(`initial CSS (gzip -9):        ${(css / 1024).toFixed(1)} KiB`);
