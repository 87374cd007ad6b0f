import { and, asc, eq, gt } from 'drizzle-orm';
import { achievements, userAchievements } from '../../../db/schema';
import { isoOrNull, type SectionReader } from './shared';

/** The account's progress toward each achievement it has started, and those it unlocked. */
export const readAchievements: SectionReader<'achievements'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: userAchievements.id,
      name: achievements.name,
      title: achievements.title,
      description: achievements.description,
      points: achievements.points,
      progress: userAchievements.progress,
      maxProgress: userAchievements.maxProgress,
      unlocked: userAchievements.isUnlocked,
      unlockedAt: userAchievements.unlockedAt,
    })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(and(eq(userAchievements.userId, scope.userId), gt(userAchievements.id, after)))
    .orderBy(asc(userAchievements.id))
    .limit(limit);
  return rows.map(({ id, unlockedAt, ...row }) => ({
    key: id,
    row: { ...row, unlockedAt: isoOrNull(unlockedAt) },
  }));
};
