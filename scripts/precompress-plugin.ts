import { join } from 'node:path';
import type { Plugin } from 'vite';
import { compressAsset, isCompressible } from './precompress.mjs';

/**
 * Writes `<asset>.br` and `<asset>.gz` next to every built text asset (scripts/precompress.mjs)
 * as `npm run build` finishes. Source maps are left out: browsers fetch them only in DevTools.
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
        if (isCompressible(fileName)) compressAsset(join(outDir, fileName));
      }
    },
  };
}
