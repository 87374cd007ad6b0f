/** The leaderboard contract's plain values, apart from its zod schemas (leaderboards.ts) for the screens. */
export const LEADERBOARD_BOARDS = ['earners', 'backers', 'points'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];
export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
