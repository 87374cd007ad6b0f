import { eq } from 'drizzle-orm';
import { type FundingDuration, fundingDeadline } from '@/domain/funding-duration';
import type { Db } from '@/server/db/client';
import { dares } from '@/server/db/schema';

type NewDare = typeof dares.$inferInsert;

let counter = 0;

/**
 * Inserts a dare straight into the database: an active self dare by default, open for one
 * of the create form's durations (7 days unless `durationDays` says otherwise), as the
 * server only makes those (issue 19 item 22). A test that needs its deadline near or past
 * moves time: a later `now` for the job or service it calls, or `moveDeadline`.
 */
export async function createDare(
  db: Db,
  overrides: Partial<Omit<NewDare, 'expiresAt'>> &
    Pick<NewDare, 'creatorId'> & { durationDays?: FundingDuration },
): Promise<typeof dares.$inferSelect> {
  counter += 1;
  const { durationDays = 7, ...values } = overrides;
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
      expiresAt: fundingDeadline(durationDays, values.createdAt ?? new Date()),
      ...values,
    })
    .returning();
  return dare!;
}

/**
 * Time moved in the database: the dare's deadline set to `at` (e.g. a moment ago, for a
 * dare whose time ran out), as the clock would have brought it.
 */
export async function moveDeadline(db: Db, dareId: number, at: Date) {
  const [dare] = await db
    .update(dares)
    .set({ expiresAt: at })
    .where(eq(dares.id, dareId))
    .returning();
  return dare!;
}
