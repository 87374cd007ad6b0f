import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_RARITIES } from '../domain/achievements';

/**
 * One achievement of the catalogue with one user's progress on it (spec section 3:
 * achievements + user_achievements). Without a user (signed out) progress is 0 and nothing
 * is unlocked. `progressLabel` is what the card writes under its bar ("3 / 5", "$25 / $100").
 */
export const achievementViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  rarity: z.enum(ACHIEVEMENT_RARITIES),
  points: z.number().int(),
  requirement: z.string(),
  progress: z.number().int(),
  maxProgress: z.number().int(),
  progressLabel: z.string(),
  isUnlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type AchievementView = z.infer<typeof achievementViewSchema>;

/** GET /api/achievements and GET /api/users/{id}/achievements. */
export const achievementListSchema = z.array(achievementViewSchema);

/**
 * GET /api/users/{id}/stats (spec: "User stats"). recentAchievements: unlocked in the last
 * RECENT_ACHIEVEMENTS_DAYS days, newest first (at most RECENT_ACHIEVEMENTS_MAX).
 */
export const userStatsSchema = z.object({
  totalPoints: z.number().int(),
  achievementsCount: z.number().int(),
  /** How many achievements the catalogue has, for "3 of 22". */
  totalAchievements: z.number().int(),
  recentAchievements: z.array(achievementViewSchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;
