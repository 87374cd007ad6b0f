import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import {
  defaultImagePlace,
  ensureImage,
  type ImagePlace,
  imageKey,
  imagePath,
  readImage,
} from '@/server/db/pglite-image';

/**
 * Decision 0057: a new PGlite database starts from a migrated image (pglite-image.ts) rather
 * than initdb. The image is made when missing, loads with every migration applied, and one
 * made for other migrations is never used. PGlite only: a Postgres server has no image.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

async function appliedMigrations(database: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe.skipIf(onPostgres)('the migrated PGlite image', () => {
  let root: string;
  let place: ImagePlace;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'darefund-image-'));
    place = { migrationsFolder: join(root, 'drizzle'), cacheDir: join(root, 'cache') };
    await cp(defaultImagePlace.migrationsFolder, place.migrationsFolder, { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is made once when missing, written whole, and read back', async () => {
    expect(await readImage(place)).toBeUndefined();
    let made = 0;
    const make = async () => {
      made++;
      return makeImage();
    };
    // Two at once (two test workers): one makes it, the other waits for it.
    const [first, second] = await Promise.all([ensureImage(make, place), ensureImage(make, place)]);
    expect(made).toBe(1);
    expect(first!.size).toBeGreaterThan(1_000_000);
    expect(second!.size).toBe(first!.size);
    // No temp file or lock left: only the image, named by its key.
    expect(await readdir(place.cacheDir)).toEqual([`pglite-${imageKey(place)}.tar`]);
  }, 120_000);

  it('loads into a new database with every migration applied', async () => {
    const journalEntries = (await import('../../drizzle/meta/_journal.json')).entries.length;
    const dataDir = join(root, 'data');
    const database = await openDatabase({ dataDir, image: 'ensure' });
    try {
      expect(database.origin).toBe('image');
      expect(await appliedMigrations(database)).toBe(journalEntries);
      // Migrations after the load have nothing left to do, and the cluster is a real one.
      await runMigrations(database);
      expect(await appliedMigrations(database)).toBe(journalEntries);
      await database.db.execute(sql`insert into users (email, username, display_name, password_hash)
        values ('image@example.com', 'image', 'Image', 'x')`);
    } finally {
      await database.close();
    }
    // Renamed into place whole: no loading folder left, and the next open finds the data.
    expect((await readdir(dataDir)).filter((name) => name.includes('loading'))).toEqual([]);
    const again = await openDatabase({ dataDir });
    try {
      expect(again.origin).toBe('existing');
      const rows = await again.db.execute(sql`select count(*)::int as n from users`);
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is not used once a migration changes: the key, and so the file, differ', async () => {
    const before = imagePath(place);
    expect(await readImage(place)).toBeDefined();
    await writeFile(join(place.migrationsFolder, '0000_init.sql'), '-- changed\n', { flag: 'a' });
    expect(imagePath(place)).not.toBe(before);
    expect(await readImage(place)).toBeUndefined();
  });
});
