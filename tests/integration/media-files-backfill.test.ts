import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, submissions, users } from '@/server/db/schema';
import { fromRoot } from '@/server/lib/project-root';
import { createDare } from '../support/dares';
import { addUser } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * drizzle/0017_media_files.sql records the files an existing database already uses as their
 * users' uploads (decision 0031); its backfill statement is run here on such history.
 */
const BACKFILL = readFileSync(fromRoot('drizzle/0017_media_files.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('INSERT INTO "media_files"'))!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the media_files backfill', () => {
  it('records each used file as its first user’s upload for that use; demo media is nobody’s', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const taker = await addUser(t, 'taker');
    await db
      .update(users)
      .set({ profilePicture: '/media/images/ava.png' })
      .where(sql`id = ${taker.id}`);
    const dare = await createDare(db, {
      creatorId: creator.id,
      pitchVideo: '/media/videos/pitch.mp4',
      pitchPoster: '/media/posters/pitch.jpg',
      coverImage: '/media/images/cover.png',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    // A later dare showing the same pitch (the attack of issue 19 item 5) does not own it.
    await createDare(db, { creatorId: taker.id, pitchVideo: '/media/videos/pitch.mp4' });
    await createDare(db, { creatorId: creator.id, pitchVideo: '/media/demo/ice.mp4' });
    await db.insert(submissions).values({
      dareId: dare.id,
      userId: taker.id,
      videoUrl: '/media/videos/proof.mp4',
      thumbnailUrl: '/media/images/thumb.png',
      votingEndsAt: new Date(),
    });
    await db.delete(mediaFiles);

    await db.execute(sql.raw(BACKFILL));
    const rows = await db.select().from(mediaFiles);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, [row.uploaderId, row.purpose]]));
    expect(byKey).toEqual({
      'videos/pitch.mp4': [creator.id, 'pitch'],
      'posters/pitch.jpg': [creator.id, 'poster'],
      'images/cover.png': [creator.id, 'cover'],
      'videos/proof.mp4': [taker.id, 'proof'],
      'images/thumb.png': [taker.id, 'thumbnail'],
      'images/ava.png': [taker.id, 'avatar'],
    });
  });
});
