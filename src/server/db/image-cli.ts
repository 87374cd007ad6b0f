import { makeImage } from './client';
import { imagePath, readImage, writeImage } from './pglite-image';

/**
 * `npm run db:image` (and `npm install`, through scripts/postinstall.mjs): makes the migrated
 * PGlite image a new database starts from (decision 0057), unless the current one is there.
 * `--force` makes it again.
 */
const force = process.argv.includes('--force');
const started = performance.now();
if (!force && (await readImage())) {
  console.log(`PGlite image is up to date: ${imagePath()}`);
} else {
  const path = await writeImage(await makeImage());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`PGlite image made in ${seconds} s: ${path}`);
}
