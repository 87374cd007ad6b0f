// Whether dist/ holds a build of the current sources: `npm start` builds when not, and so
// does `npm install` (scripts/postinstall.mjs). Modification times, as make does: a checkout
// or an edit makes a source newer than the build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/web/service-worker.js', 'dist/server/main.js'];
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when every output under `root` exists and none is older than the newest source. */
export function buildIsCurrent(root = '.') {
  const builtAt = Math.min(
    ...outputs.map((path) => {
      const full = join(root, path);
      return existsSync(full) ? statSync(full).mtimeMs : 0;
    }),
  );
  return builtAt > 0 && builtAt >= Math.max(...inputs.map((path) => newestMtime(join(root, path))));
}
