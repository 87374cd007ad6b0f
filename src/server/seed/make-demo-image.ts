import { buildApp } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { defaultImagePlace, type ImagePlace } from '../db/pglite-image';
import { backfillAchievementsOnce } from '../modules/achievements/backfill';
import { demoImageKey, markSeededForRevival, writeDemoImage } from './demo-image';
import { seedDemoIfEmpty } from './seed';

/**
 * Seeds a new in-memory cluster the way a first start does (the seed, then the achievements
 * backfill main.ts runs after it) and writes it as the demo image of `buildId` and `config`
 * (decision 0061). `config.dataDir` is a scratch folder the caller removes: the seed copies the
 * demo media into it, and each start copies them into its own storage (reviveDemoImageIfPending). Jobs
 * and emails the seed queued stay queued, for the start's job runner, as after a seed at start.
 */
export async function makeDemoImage(
  config: Config,
  buildId: string,
  place: ImagePlace = defaultImagePlace,
): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await runMigrations(database);
    const app = await buildApp({ config, database });
    try {
      await seedDemoIfEmpty(app.ctx);
      await backfillAchievementsOnce(database.db);
    } finally {
      await app.close();
    }
    // After the last row: every time in the image is at or before it.
    await markSeededForRevival(database.db, Date.now());
    return await writeDemoImage(
      await database.dumpDataDir!(),
      demoImageKey(buildId, config, place),
      place,
    );
  } finally {
    await database.close();
  }
}
