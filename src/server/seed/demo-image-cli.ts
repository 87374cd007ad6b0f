import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { demoImageApplies, demoImageKey, findDemoImage, serverBuildId } from './demo-image';
import { makeDemoImage } from './make-demo-image';

/**
 * dist/server/demo-image-cli.js, run by `npm install` after the build (scripts/postinstall.mjs):
 * makes the demo image of this build and these settings (decision 0061), unless it is there
 * or would not be used (a start from source, DATABASE_URL, Stripe, SEED_DEMO=false). Its
 * DATA_DIR is a scratch folder: an install writes nothing into the app's own.
 */
const scratch = mkdtempSync(join(tmpdir(), 'darefund-demo-image-'));
try {
  const config = loadConfig({ ...process.env, DATA_DIR: scratch, LOG_LEVEL: 'warn' });
  const buildId = serverBuildId(import.meta.url);
  const started = performance.now();
  if (!buildId) {
    console.log('No demo image from source: the bundle (dist/server) makes it.');
  } else if (!demoImageApplies(config)) {
    console.log('No demo image: these settings do not seed a new PGlite database at start.');
  } else if (findDemoImage(demoImageKey(buildId, config))) {
    console.log('Demo image is up to date.');
  } else {
    const path = await makeDemoImage(config, buildId);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Demo image made in ${seconds} s: ${path}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
