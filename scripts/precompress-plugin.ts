import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images, video and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<asset>.br` and `<asset>.gz` next to every built text asset, compressed once at
 * the highest levels, so the server (@fastify/static `preCompressed`) sends them without
 * compressing per request. Source maps are left out: browsers fetch them only in DevTools.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'darefund-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) continue;
        const path = join(outDir, fileName);
        const source = readFileSync(path);
        if (source.length < MIN_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
