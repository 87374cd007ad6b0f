import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { follows, users } from '../../db/schema';

/**
 * Both counters of one follow row, in ascending id order: A following B while B follows A
 * would otherwise lock the two users' rows in opposite orders and deadlock.
 */
export async function moveCounts(tx: Tx, followerId: number, followedId: number, delta: 1 | -1) {
  const updates = [
    { id: followerId, set: { followingCount: sql`${users.followingCount} + ${delta}` } },
    { id: followedId, set: { followerCount: sql`${users.followerCount} + ${delta}` } },
  ].sort((a, b) => a.id - b.id);
  for (const update of updates) {
    await tx.update(users).set(update.set).where(eq(users.id, update.id));
  }
}

/**
 * Sets the counters from the follows table, for writers that insert follow rows in bulk
 * (the demo seed) instead of through follow().
 */
export async function recountFollows(db: Db | Tx, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({
      followerCount: sql`(select count(*) from ${follows} where ${follows.followedId} = "users"."id")`,
      followingCount: sql`(select count(*) from ${follows} where ${follows.followerId} = "users"."id")`,
    })
    .where(inArray(users.id, userIds));
}
