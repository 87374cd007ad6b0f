import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  Leaderboard,
  LeaderboardBoard,
  LeaderboardEntry,
  LeaderboardPeriod,
} from '@/contracts/leaderboards';
import { LEADERBOARD_SIZE, LEADERBOARD_WEEK_DAYS } from '@/contracts/limits';
import { centsToDollars } from '@/contracts/money';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { achievements, dares, payouts, pledges, userAchievements, users } from '../../db/schema';
import { isVisibleUserSql, userIsVisibleSql } from '../moderation/visibility-sql';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = { userId: number; total: number };

/**
 * The top of one board (contracts/leaderboards.ts). Money boards read what really
 * happened: earners the payouts that were paid (each one booked with its ledger transfer
 * in the same transaction, funding/payout.ts), backers the pledges whose hold is in place
 * or was captured. The week is the last 7 days by the time the money or points came.
 */
export async function leaderboard(
  ctx: AppContext,
  board: LeaderboardBoard,
  period: LeaderboardPeriod,
  now = new Date(),
): Promise<Leaderboard> {
  const from = period === 'week' ? new Date(now.getTime() - LEADERBOARD_WEEK_DAYS * DAY_MS) : null;
  const rows = await TOTALS[board](ctx.db, from);
  const people = rows.length
    ? await ctx.db
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          profilePicture: users.profilePicture,
        })
        .from(users)
        .where(
          and(
            inArray(
              users.id,
              rows.map((row) => row.userId),
            ),
            // Deleted accounts (decision 0046) leave the boards, and suspended or hidden
            // ones (issue 21); the ranks close up.
            isNull(users.deletedAt),
            isVisibleUserSql('users'),
          ),
        )
    : [];
  const unit = board === 'points' ? 'points' : 'dollars';
  const entries: LeaderboardEntry[] = [];
  for (const row of rows) {
    const user = people.find((p) => p.id === row.userId);
    if (!user) continue;
    const previous = entries.at(-1);
    const total = Number(row.total);
    const value = unit === 'dollars' ? centsToDollars(total) : total;
    const rank = previous && previous.value === value ? previous.rank : entries.length + 1;
    entries.push({ rank, user, value });
  }
  return { board, period, unit, entries };
}

/**
 * Money on a dare counts only while the dare is listed (issue 21): not under review or
 * removed, and its creator neither suspended nor hidden. Over the joined `dares` row.
 */
const dareCounts = sql`(dares.moderation_state IS NULL AND ${userIsVisibleSql('dares.creator_id')})`;

/** All time, or only what came at or after `from`. */
const since = (column: PgColumn, from: Date | null) => (from ? gte(column, from) : undefined);

const TOTALS: Record<LeaderboardBoard, (db: Db, from: Date | null) => Promise<Row[]>> = {
  earners: (db, from) => {
    const total = sql<number>`sum(${payouts.amountCents})::bigint`;
    return db
      .select({ userId: payouts.takerId, total })
      .from(payouts)
      .innerJoin(dares, eq(dares.id, payouts.dareId))
      .where(and(eq(payouts.status, 'paid'), since(payouts.paidAt, from), dareCounts))
      .groupBy(payouts.takerId)
      .having(sql`sum(${payouts.amountCents}) > 0`)
      .orderBy(desc(total), payouts.takerId)
      .limit(LEADERBOARD_SIZE);
  },
  backers: (db, from) => {
    const total = sql<number>`sum(${pledges.amountCents})::bigint`;
    return db
      .select({ userId: pledges.userId, total })
      .from(pledges)
      .innerJoin(dares, eq(dares.id, pledges.dareId))
      .where(
        and(
          inArray(pledges.status, [...LIVE_PLEDGE_STATUSES]),
          since(pledges.authorizedAt, from),
          dareCounts,
        ),
      )
      .groupBy(pledges.userId)
      .orderBy(desc(total), pledges.userId)
      .limit(LEADERBOARD_SIZE);
  },
  points: (db, from) => {
    const total = sql<number>`sum(${achievements.points})::int`;
    return db
      .select({ userId: userAchievements.userId, total })
      .from(userAchievements)
      .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
      .where(
        and(
          eq(userAchievements.isUnlocked, true),
          eq(achievements.isActive, true),
          since(userAchievements.unlockedAt, from),
        ),
      )
      .groupBy(userAchievements.userId)
      .orderBy(desc(total), userAchievements.userId)
      .limit(LEADERBOARD_SIZE);
  },
};
