// Query keys only (no hooks, no fetching): the entry bundle's first-screen seeding and the
// unlock toasts import them without pulling the screens' hooks in.
export const ACHIEVEMENTS_KEY = ['/api/achievements'] as const;
export const userStatsKey = (userId: number | undefined) => ['/api/users', userId, 'stats'];
