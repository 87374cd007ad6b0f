import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AchievementView, UserStats } from '@/contracts/achievements';
import { notifications } from '@/server/db/schema';

const withCookie = (cookie?: string) => (cookie ? { cookie } : {});

/** The achievements routes against a test app. */
export function achievementCalls(app: FastifyInstance) {
  const get = async <T>(url: string, cookie?: string): Promise<T> => {
    const response = await app.inject({ url, headers: withCookie(cookie) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return response.json() as T;
  };
  return {
    catalogue: (cookie?: string) => get<AchievementView[]>('/api/achievements', cookie),
    ofUser: (userId: number) => get<AchievementView[]>(`/api/users/${userId}/achievements`),
    stats: (userId: number) => get<UserStats>(`/api/users/${userId}/stats`),
    /** name -> view, for short assertions. */
    async byName(userId: number) {
      const list = await get<AchievementView[]>(`/api/users/${userId}/achievements`);
      return Object.fromEntries(list.map((a) => [a.name, a]));
    },
    /** The titles in the user's achievement_unlocked notifications, oldest first. */
    async unlockNotices(userId: number) {
      const rows = await app.ctx.db
        .select({ data: notifications.data })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.kind, 'achievement_unlocked')),
        )
        .orderBy(notifications.id);
      return rows.map((row) => (row.data as { title: string }).title);
    },
  };
}
