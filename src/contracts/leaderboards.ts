import { z } from 'zod';
import { LEADERBOARD_BOARDS, LEADERBOARD_PERIODS } from './leaderboard-values';

export * from './leaderboard-values';

/**
 * GET /api/leaderboards?board=&period= (issue 13, beyond the spec):
 * earners: takers by what was actually paid out to them (paid payouts, by payout time);
 * backers: pledgers by the amount of their live and captured pledges (by authorization time);
 * points: achievement points (by unlock time). period=week counts only the last 7 days.
 */

export const leaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS, { error: 'board must be earners, backers or points' }),
  period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be week or all' }).default('all'),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  /** 1-based; people with the same value share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string().nullable(),
    profilePicture: z.string().nullable(),
  }),
  /** Dollars (earners, backers) or points. */
  value: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  period: z.enum(LEADERBOARD_PERIODS),
  unit: z.enum(['dollars', 'points']),
  entries: z.array(leaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
