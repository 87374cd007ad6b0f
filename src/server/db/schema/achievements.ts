import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { achievementCategory, achievementRarity } from './enums';
import { users } from './users';

export const achievements = pgTable('achievements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  category: achievementCategory('category').notNull(),
  rarity: achievementRarity('rarity').notNull().default('common'),
  points: integer('points').notNull().default(10),
  /** What unlocks it, e.g. "dares_created:1"; the target count is maxProgress. */
  requirement: text('requirement').notNull(),
  maxProgress: integer('max_progress').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: integer('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    maxProgress: integer('max_progress').notNull().default(1),
    isUnlocked: boolean('is_unlocked').notNull().default(false),
    unlockedAt: ts('unlocked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_achievements_key').on(t.userId, t.achievementId),
    index('user_achievements_user_idx').on(t.userId),
  ],
);

/**
 * Which versions of the achievements backfill have run on this database (one row each):
 * the marker that makes the start-up backfill run once (modules/achievements/backfill.ts).
 */
export const achievementBackfills = pgTable('achievement_backfills', {
  version: integer('version').primaryKey(),
  ranAt: createdAt(),
});
