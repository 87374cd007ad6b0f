import { and, asc, eq, gt } from 'drizzle-orm';
import { deviceName } from '@/domain/device-name';
import { sessions } from '../../../db/schema';
import { iso, type SectionReader } from './shared';

/** The account's sessions: device, when made and last used. Never the token's hash. */
export const readSessions: SectionReader<'sessions'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      rememberMe: sessions.rememberMe,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, scope.userId), gt(sessions.id, after)))
    .orderBy(asc(sessions.id))
    .limit(limit);
  return rows.map((row) => {
    const { browser, system, label } = deviceName(row.userAgent);
    return {
      key: row.id,
      row: {
        device: label,
        browser,
        system,
        rememberMe: row.rememberMe,
        createdAt: iso(row.createdAt),
        lastUsedAt: iso(row.lastSeenAt),
        expiresAt: iso(row.expiresAt),
        current: row.id === scope.sessionId,
      },
    };
  });
};
