import { and, inArray, ne, not, sql } from 'drizzle-orm';
import { type AchievementMetric, parseRequirement } from '@/domain/achievements';
import type { Db, Tx } from '../../db/client';
import { achievementBackfills, userAchievements } from '../../db/schema';
import { measureEveryone } from './metrics';
import { activeAchievements } from './record-progress';

/**
 * Bump when the catalogue gains achievements that existing users may already have earned,
 * or a metric changes what it counts: the next start backfills once more (the work is
 * idempotent either way). 2: pledges count while live, earned is completed dares' amounts
 * (issue 19 items 9 and 15), so progress counted the old way is set right.
 */
export const ACHIEVEMENTS_BACKFILL_VERSION = 2;
const BATCH = 500;

/**
 * Gives every existing user the progress and unlocks their history already earns (the
 * users, dares, pledges and votes that were there before achievements existed, and the
 * demo seed). Silent: no notification or email for history; only live events announce.
 * Idempotent: a locked achievement's progress is set to the true value (also down, for
 * history that no longer counts: a cancelled pledge), an unlock is kept. The rows are locked
 * before the metric is measured, as recordProgress does, so a live event waits and then
 * recomputes its own rows after this commits.
 */
export async function backfillAchievements(db: Db | Tx): Promise<{ reached: number }> {
  const catalogue = await activeAchievements(db);
  const metrics = [
    ...new Set(catalogue.map((row) => parseRequirement(row.requirement)!.metric)),
  ] as AchievementMetric[];
  let reached = 0;
  for (const metric of metrics) {
    const values = await measureEveryone(db, metric);
    const targets = catalogue.filter((a) => parseRequirement(a.requirement)!.metric === metric);
    const targetIds = targets.map((a) => a.id);
    await db
      .select({ id: userAchievements.id })
      .from(userAchievements)
      .where(inArray(userAchievements.achievementId, targetIds))
      .for('update');
    const rows = values
      .filter((v) => v.value > 0)
      .flatMap((v) =>
        targets.map((a) => {
          const isReached = v.value >= a.maxProgress;
          if (isReached) reached += 1;
          return {
            userId: v.userId,
            achievementId: a.id,
            progress: Math.min(v.value, a.maxProgress),
            maxProgress: a.maxProgress,
            isUnlocked: isReached,
            unlockedAt: isReached ? new Date() : null,
          };
        }),
      );
    // Who no longer measures anything starts from zero; the others are set just below.
    await db
      .update(userAchievements)
      .set({ progress: 0 })
      .where(
        and(
          inArray(userAchievements.achievementId, targetIds),
          not(userAchievements.isUnlocked),
          ne(userAchievements.progress, 0),
        ),
      );
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insert(userAchievements)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: [userAchievements.userId, userAchievements.achievementId],
          set: {
            progress: sql`CASE WHEN ${userAchievements.isUnlocked} THEN ${userAchievements.progress} ELSE excluded.progress END`,
            maxProgress: sql`excluded.max_progress`,
            isUnlocked: sql`${userAchievements.isUnlocked} OR excluded.is_unlocked`,
            unlockedAt: sql`coalesce(${userAchievements.unlockedAt}, excluded.unlocked_at)`,
          },
        });
    }
  }
  return { reached };
}

/**
 * Runs the backfill once per database and catalogue version, at start (main.ts, after the
 * migrations and the demo seed). The marker is the version's row in
 * `achievement_backfills`: the instance whose insert wins does the work in the same
 * transaction; any other instance starting at the same moment waits on that key and then
 * finds it taken, so the work is done once and a crash halfway leaves no marker.
 */
export async function backfillAchievementsOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(achievementBackfills)
      .values({ version: ACHIEVEMENTS_BACKFILL_VERSION })
      .onConflictDoNothing()
      .returning({ version: achievementBackfills.version });
    if (claimed.length === 0) return false;
    await backfillAchievements(tx);
    return true;
  });
}
