import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import { type AchievementMetric, parseRequirement, progressChange } from '@/domain/achievements';
import type { Db, Tx } from '../../db/client';
import { achievements, userAchievements } from '../../db/schema';
import { notify } from '../notifications/notify';
import { measureMany } from './metrics';

type AchievementRow = typeof achievements.$inferSelect;

/**
 * Moves a user's achievements for the given metrics, inside the transaction of the event
 * that changed them (a dare created, a pledge authorized, a vote cast, ...): the new
 * progress, any unlock and its notification commit with the event or not at all.
 *
 * Repeat-safe and exact under concurrency: the user's rows for these achievements are
 * created if missing and then locked (in achievement id order, so two events for the same
 * user queue instead of deadlocking) BEFORE the metric is measured. A concurrent event for
 * the same user waits here until the first commits, and its own measurement (a new
 * statement, a new snapshot under READ COMMITTED) then includes the first one's change.
 * The unlock itself is a guarded `UPDATE ... WHERE NOT is_unlocked RETURNING`, so it
 * happens, and notifies, exactly once.
 *
 * Call it last in the transaction (after the event's own writes): the locks are held to
 * the commit. Rows of different users, and of different metrics, never block each other.
 */
export async function recordProgress(
  tx: Tx,
  publicUrl: string,
  userId: number,
  metrics: AchievementMetric | readonly AchievementMetric[],
): Promise<void> {
  const wanted = [...new Set(typeof metrics === 'string' ? [metrics] : metrics)];
  const catalogue = (await catalogueInMemory(tx)).filter((row) =>
    wanted.includes(parseRequirement(row.requirement)?.metric as AchievementMetric),
  );
  if (catalogue.length === 0) return;

  const ids = catalogue.map((row) => row.id);
  // Locked in achievement id order; rows still missing are created first, then locked.
  const lockRows = () =>
    tx
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, userId), inArray(userAchievements.achievementId, ids)))
      .orderBy(asc(userAchievements.achievementId))
      .for('update');
  let rows = await lockRows();
  if (rows.length < catalogue.length) {
    await tx
      .insert(userAchievements)
      .values(
        catalogue.map((row) => ({ userId, achievementId: row.id, maxProgress: row.maxProgress })),
      )
      .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementId] });
    rows = await lockRows();
  }

  const values = await measureMany(tx, wanted, userId);

  // Progress moves of all the rows in one statement; an unlock (rare) notifies on its own.
  const moves: Array<{ id: number; progress: number; maxProgress: number }> = [];
  for (const row of rows) {
    const achievement = catalogue.find((a) => a.id === row.achievementId)!;
    const metric = parseRequirement(achievement.requirement)!.metric;
    // The catalogue's target wins over the copy in the row (a migration may change it).
    const state = { ...row, maxProgress: achievement.maxProgress };
    const change = progressChange(state, values.get(metric) ?? 0);
    if (change.kind === 'progress') {
      moves.push({ id: row.id, progress: change.progress, maxProgress: achievement.maxProgress });
    } else if (change.kind === 'unlock') {
      await unlock(tx, publicUrl, row.id, achievement, change.progress);
    }
  }
  if (moves.length > 0) {
    const list = sql.join(
      moves.map((m) => sql`(${m.id}::int, ${m.progress}::int, ${m.maxProgress}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ${userAchievements} SET progress = v.progress, max_progress = v.max_progress
      FROM (VALUES ${list}) AS v(id, progress, max_progress)
      WHERE ${userAchievements}.id = v.id`);
  }
}

async function unlock(
  tx: Tx,
  publicUrl: string,
  rowId: number,
  achievement: AchievementRow,
  progress: number,
) {
  const [unlocked] = await tx
    .update(userAchievements)
    .set({
      progress,
      maxProgress: achievement.maxProgress,
      isUnlocked: true,
      unlockedAt: sql`now()`,
    })
    .where(and(eq(userAchievements.id, rowId), not(userAchievements.isUnlocked)))
    .returning({ userId: userAchievements.userId });
  if (!unlocked) return;
  await notify(tx, publicUrl, {
    userId: unlocked.userId,
    dareId: null,
    kind: 'achievement_unlocked',
    data: {
      achievementName: achievement.name,
      title: achievement.title,
      description: achievement.description,
      points: achievement.points,
      rarity: achievement.rarity,
    },
  });
}

/**
 * The catalogue as recordProgress needs it, read once per process (decision 0054): it comes
 * from the migrations and nothing in the app changes it, so every event re-reading it was a
 * round trip for nothing. A failed read is not kept (the next call reads again).
 */
let catalogue: Promise<AchievementRow[]> | undefined;
function catalogueInMemory(tx: Tx | Db): Promise<AchievementRow[]> {
  if (!catalogue) {
    const read = activeAchievements(tx);
    catalogue = read;
    // Forgotten on failure or when empty (a database not yet seeded): the next call reads.
    read.then(
      (rows) => {
        if (rows.length === 0 && catalogue === read) catalogue = undefined;
      },
      () => {
        if (catalogue === read) catalogue = undefined;
      },
    );
  }
  return catalogue;
}

/** The active catalogue with a requirement this version understands. */
export async function activeAchievements(tx: Tx | Db) {
  const rows = await tx
    .select()
    .from(achievements)
    .where(eq(achievements.isActive, true))
    .orderBy(asc(achievements.id));
  return rows.filter((row) => parseRequirement(row.requirement) !== null);
}

/** Both sides of a follow: the follower's 'following' and the followed user's 'followers'. */
export async function recordFollowProgress(
  tx: Tx,
  publicUrl: string,
  follow: { followerId: number; followedId: number },
): Promise<void> {
  await recordProgress(tx, publicUrl, follow.followerId, 'following');
  await recordProgress(tx, publicUrl, follow.followedId, 'followers');
}
