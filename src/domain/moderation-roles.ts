import type { UserRole } from '@/contracts/moderation-values';

/** Moderators and admins work the queue at /moderation (issue 21 item 3). */
export function isModerator(user: { role: UserRole }): boolean {
  return user.role === 'moderator' || user.role === 'admin';
}

type Suspension = { suspendedAt: Date | null; suspendedUntil: Date | null };

/**
 * Whether an account is suspended at `now`: suspendedAt set, and for good (no end) or until a
 * time still ahead. A suspension that ran out needs no job to lift it. The SQL twin is
 * `isSuspendedSql` in src/server/modules/moderation/suspension-sql.ts.
 */
export function isSuspended(user: Suspension, now = new Date()): boolean {
  if (!user.suspendedAt) return false;
  return user.suspendedUntil === null || user.suspendedUntil.getTime() > now.getTime();
}
