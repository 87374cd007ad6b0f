import type { Db } from '@/server/db/client';
import { dares } from '@/server/db/schema';

type NewDare = typeof dares.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;

/** Inserts a dare straight into the database: an active self dare by default. */
export async function createDare(
  db: Db,
  overrides: Partial<NewDare> & Pick<NewDare, 'creatorId'>,
): Promise<typeof dares.$inferSelect> {
  counter += 1;
  const [dare] = await db
    .insert(dares)
    .values({
      title: `Test dare ${counter}`,
      description: 'A dare made by a test factory',
      targetAmountCents: 5000,
      status: 'active',
      category: 'Social',
      pitchVideo: '/media/demo/x.mp4',
      takerId: overrides.creatorId,
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
      ...overrides,
    })
    .returning();
  return dare!;
}
