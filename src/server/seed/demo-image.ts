import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import {
  defaultImagePlace,
  type ImagePlace,
  imageKey,
  removeCacheFiles,
  writeCacheFile,
} from '../db/pglite-image';
import { demoImageRevival } from '../db/schema';
import { storeDemoMedia } from './seed';

/**
 * The demo image (decision 0061): a PGlite cluster the demo seed has already run in, made by
 * `npm install` after the build (seed/demo-image-cli.ts), so that a newcomer's first `npm
 * start` loads the demo world instead of seeding it (about a second of PGlite's CPU). The
 * start then moves every time in it forward by the time since it was seeded and copies the
 * demo media into storage (reviveDemoImageIfPending): the result is what the seed would have written.
 *
 * Its name holds a key of everything that decides its rows: the migrated image's key
 * (PGlite, extensions, migrations), the server build that seeded it (the seed's code and
 * data; a start from source has no build id and always seeds), and the settings the seed
 * writes into rows (the public address in the queued emails' links, the platform fee in the
 * ledger). Any difference is another name, and the start seeds as before.
 */

type DemoImageSettings = Pick<
  Config,
  'seedDemo' | 'databaseUrl' | 'publicUrl' | 'platformFeeBps' | 'stripe'
>;

/** Only a new PGlite cluster the start would seed with the simulated gateway starts from it. */
export function demoImageApplies(config: DemoImageSettings): boolean {
  return config.seedDemo && !config.databaseUrl && !config.stripe.secretKey;
}

/**
 * The id scripts/build-server.mjs writes beside the server bundle, read by an entry point
 * of that bundle (`import.meta.url`); undefined when running from source.
 */
export function serverBuildId(entryUrl: string): string | undefined {
  try {
    const id = readFileSync(join(dirname(fileURLToPath(entryUrl)), 'build-id'), 'utf8').trim();
    return id || undefined;
  } catch {
    return undefined;
  }
}

export function demoImageKey(
  buildId: string,
  config: DemoImageSettings,
  place: ImagePlace = defaultImagePlace,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        migrated: imageKey(place),
        buildId,
        publicUrl: config.publicUrl,
        platformFeeBps: config.platformFeeBps,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

const PREFIX = 'pglite-demo-';

/** Where the demo image of `key` is (or would be). */
function demoImagePath(key: string, place: ImagePlace = defaultImagePlace): string {
  return join(place.cacheDir, `${PREFIX}${key}.tar`);
}

/** The demo image of `key` when there is one (not read: a start reads it only for a new cluster). */
export function findDemoImage(key: string, place: ImagePlace = defaultImagePlace) {
  const path = demoImagePath(key, place);
  return existsSync(path) ? path : undefined;
}

/** Writes the image (whole) under its key, and removes every other demo image. */
export async function writeDemoImage(
  blob: Blob,
  key: string,
  place: ImagePlace = defaultImagePlace,
): Promise<string> {
  const path = demoImagePath(key, place);
  await writeCacheFile(path, blob);
  await removeCacheFiles(place.cacheDir, (name) => name.startsWith(PREFIX), path);
  return path;
}

/** Marks a seeded cluster, about to be dumped as the demo image, as seeded now. */
export async function markSeededForRevival(db: Db, seededAt: number): Promise<void> {
  await db.insert(demoImageRevival).values({ seededAtMs: seededAt });
}

/**
 * Makes a cluster started from the demo image what a seed now would have made, once: the
 * demo media copied into this install's storage (first: the copy is idempotent), then in one
 * transaction every time moved forward by the time since the image was seeded (the demo dares
 * are as old, their deadlines, votes' ends, holds and jobs as far off as right after a seed)
 * and the mark removed. A start killed before the commit finds the mark again and does it
 * all again. Every other database has no mark: one small read. True when it revived.
 */
export async function reviveDemoImageIfPending(ctx: AppContext): Promise<boolean> {
  const [pending] = await ctx.db.select().from(demoImageRevival).limit(1);
  if (!pending) return false;
  await storeDemoMedia(ctx);
  await ctx.db.transaction(async (tx) => {
    const taken = await tx
      .delete(demoImageRevival)
      .returning({ seededAtMs: demoImageRevival.seededAtMs });
    const seededAt = taken[0]?.seededAtMs;
    if (seededAt !== undefined) await shiftTimes(tx, Math.max(0, Date.now() - seededAt));
  });
  ctx.log.info('Demo content loaded from the demo image (decision 0061)');
  return true;
}

/**
 * Adds `ms` to every timestamp and date column of every table, in one statement, inside the
 * caller's transaction. Triggers are off for it (replica role): moving times changes no row's meaning,
 * and the cache triggers have nothing to drop on a database no one has read yet.
 */
async function shiftTimes(tx: Tx, ms: number): Promise<void> {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`not a time shift: ${ms}`);
  await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  // A DO block takes no parameters: the shift is a checked integer, written as a literal.
  await tx.execute(
    sql.raw(`DO $$
DECLARE
  shift constant interval := make_interval(secs => ${ms} / 1000.0);
  t record;
BEGIN
  FOR t IN
    SELECT c.table_name, string_agg(
      CASE c.data_type
        WHEN 'date' THEN format('%1$I = (%1$I + %2$L::interval)::date', c.column_name, shift)
        ELSE format('%1$I = %1$I + %2$L::interval', c.column_name, shift)
      END, ', ') AS sets
    FROM information_schema.columns c
    JOIN information_schema.tables t2
      ON t2.table_schema = c.table_schema AND t2.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t2.table_type = 'BASE TABLE'
      AND c.is_generated = 'NEVER'
      AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
    GROUP BY c.table_name
  LOOP
    EXECUTE format('UPDATE %I SET %s', t.table_name, t.sets);
  END LOOP;
END $$`),
  );
  // Triggers back on for the rest of the transaction.
  await tx.execute(sql`SET LOCAL session_replication_role = origin`);
}
