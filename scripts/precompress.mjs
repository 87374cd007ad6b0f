// `.br` and `.gz` copies of the built web app's text assets, compressed once at the highest
// levels so the server (@fastify/static `preCompressed`) sends them without compressing per
// request. `npm run build` writes them inside the Vite build (scripts/precompress-plugin.ts);
// `npm start` builds without them and runs this file afterwards, in the background, at the
// lowest priority (scripts/start.mjs): brotli at level 11 is about half of the build's CPU,
// which a first start needs for the database. Until a copy exists the file is sent as is.
//
// `node scripts/precompress.mjs [webRoot]` compresses every asset still lacking a copy.
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing; images, video and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;
const ENCODINGS = ['.br', '.gz'];

/** Whether `fileName` (relative to the web root) gets compressed copies. Not Vite's manifest. */
export function isCompressible(fileName) {
  return COMPRESSIBLE.test(fileName) && !fileName.startsWith('.vite/');
}

/**
 * Writes `<path>.br` and `<path>.gz` when the file is big enough. Each copy is written under
 * another name and renamed into place, so the server never sends a half-written one.
 */
export function compressAsset(path) {
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) return;
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  writeAtomically(`${path}.br`, brotli);
  writeAtomically(`${path}.gz`, gzipSync(source, { level: 9 }));
}

function writeAtomically(path, bytes) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
}

/** Paths of the compressible assets under `webRoot` that still lack a `.br` or `.gz` copy. */
export function uncompressedAssets(webRoot) {
  if (!existsSync(webRoot)) return [];
  const missing = [];
  for (const entry of readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (!isCompressible(relative(webRoot, path).replaceAll('\\', '/'))) continue;
    if (ENCODINGS.every((extension) => existsSync(path + extension))) continue;
    if (statSync(path).size >= MIN_BYTES) missing.push(path);
  }
  return missing;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webRoot = resolve(process.argv[2] ?? 'dist/web');
  for (const path of uncompressedAssets(webRoot)) compressAsset(path);
}
