import { eq } from 'drizzle-orm';
import type { ModerationActionInput } from '@/contracts/moderation';
import type { UserRole } from '@/contracts/moderation-values';
import { moderationCases, users } from '@/server/db/schema';
import type { TestApp } from './test-app';
import { registerUser } from './users';

/**
 * A signed-in account with a staff role (issue 21), as `npm run admin -- set-role` makes one:
 * registered, then its role set in the database.
 */
export async function registerStaff(t: TestApp, role: UserRole = 'moderator') {
  const account = await registerUser(t.app, { displayName: `Staff ${role}` });
  await t.app.ctx.db.update(users).set({ role }).where(eq(users.id, account.user.id));
  // The session lookup cached at registration still says 'user'.
  t.app.ctx.caches.sessions.invalidate();
  return account;
}

/** POST /api/moderation/actions as `cookie` (none: signed out). */
export const postModerationAction = (
  t: TestApp,
  cookie: string | undefined,
  payload: ModerationActionInput,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    headers: cookie ? { cookie } : {},
    payload,
  });

/** An open moderation case on a target, as the report path or the danger screen opens one. */
export async function openCase(
  t: TestApp,
  target: { targetType: ModerationActionInput['targetType']; targetId: number; ownerId: number },
) {
  const [row] = await t.app.ctx.db
    .insert(moderationCases)
    .values({ targetType: target.targetType, targetId: target.targetId, ownerId: target.ownerId })
    .onConflictDoNothing()
    .returning();
  return row;
}
