import { and, asc, eq } from 'drizzle-orm';
import type { AchievementView, UserStats } from '@/contracts/achievements';
import { RECENT_ACHIEVEMENTS_DAYS, RECENT_ACHIEVEMENTS_MAX } from '@/contracts/limits';
import { ACHIEVEMENT_CATEGORIES, parseRequirement, progressLabel } from '@/domain/achievements';
import type { AppContext } from '../../context';
import { achievements, userAchievements, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
export const USER_NOT_FOUND = 'User not found';

/**
 * The active catalogue with one user's progress (none for a signed-out viewer), in the
 * dashboard's order: category (creator, social, financial, milestone), then catalogue order.
 */
export async function achievementsWithProgress(
  ctx: AppContext,
  userId: number | null,
): Promise<AchievementView[]> {
  const rows = await ctx.db
    .select({ achievement: achievements, mine: userAchievements })
    .from(achievements)
    .leftJoin(
      userAchievements,
      and(
        eq(userAchievements.achievementId, achievements.id),
        // -1 matches nobody: a signed-out viewer sees the bare catalogue.
        eq(userAchievements.userId, userId ?? -1),
      ),
    )
    .where(eq(achievements.isActive, true))
    .orderBy(asc(achievements.id));
  return rows
    .filter((row) => parseRequirement(row.achievement.requirement) !== null)
    .map(({ achievement, mine }) => toView(achievement, mine))
    .sort(
      (a, b) =>
        ACHIEVEMENT_CATEGORIES.indexOf(a.category) - ACHIEVEMENT_CATEGORIES.indexOf(b.category),
    );
}

function toView(
  achievement: typeof achievements.$inferSelect,
  mine: typeof userAchievements.$inferSelect | null,
): AchievementView {
  const maxProgress = achievement.maxProgress;
  const isUnlocked = mine?.isUnlocked ?? false;
  const progress = isUnlocked ? maxProgress : Math.min(mine?.progress ?? 0, maxProgress);
  return {
    id: achievement.id,
    name: achievement.name,
    title: achievement.title,
    description: achievement.description,
    icon: achievement.icon,
    category: achievement.category,
    rarity: achievement.rarity,
    points: achievement.points,
    requirement: achievement.requirement,
    progress,
    maxProgress,
    progressLabel: progressLabel(achievement.requirement, progress, maxProgress),
    isUnlocked,
    unlockedAt: mine?.unlockedAt?.toISOString() ?? null,
  };
}

async function assertUser(ctx: AppContext, userId: number) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(USER_NOT_FOUND);
}

/** GET /api/users/{id}/achievements: that user's progress on the whole catalogue. */
export async function userAchievementList(ctx: AppContext, userId: number) {
  await assertUser(ctx, userId);
  return achievementsWithProgress(ctx, userId);
}

/** GET /api/users/{id}/stats: points and unlocks are sums over the unlocked rows. */
export async function userStats(
  ctx: AppContext,
  userId: number,
  now = new Date(),
): Promise<UserStats> {
  await assertUser(ctx, userId);
  const list = await achievementsWithProgress(ctx, userId);
  const unlocked = list.filter((a) => a.isUnlocked);
  const since = now.getTime() - RECENT_ACHIEVEMENTS_DAYS * DAY_MS;
  const recentAchievements = unlocked
    .filter((a) => a.unlockedAt && Date.parse(a.unlockedAt) >= since)
    .sort((a, b) => Date.parse(b.unlockedAt!) - Date.parse(a.unlockedAt!) || b.id - a.id)
    .slice(0, RECENT_ACHIEVEMENTS_MAX);
  return {
    totalPoints: unlocked.reduce((sum, a) => sum + a.points, 0),
    achievementsCount: unlocked.length,
    totalAchievements: list.length,
    recentAchievements,
  };
}
