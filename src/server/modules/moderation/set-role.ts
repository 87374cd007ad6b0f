import { and, isNull, sql } from 'drizzle-orm';
import { USER_ROLES, type UserRole } from '@/contracts/moderation-values';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export const isUserRole = (value: string): value is UserRole =>
  (USER_ROLES as readonly string[]).includes(value);

/** An operator's mistake, said plainly by `npm run admin -- set-role` (exit 1). */
export class SetRoleError extends Error {
  override name = 'SetRoleError';
}

/**
 * `npm run admin -- set-role <email> <role>` (issue 21 item 3): grants or takes back the
 * moderator (or admin) role of the account with that address (any letter case). The session
 * cache is dropped by the users trigger (drizzle/0014), so the change holds at the next request.
 */
export async function setRole(
  db: Db,
  email: string,
  role: string,
): Promise<{ id: number; username: string; role: UserRole }> {
  if (!isUserRole(role)) {
    throw new SetRoleError(`Unknown role '${role}': use one of ${USER_ROLES.join(', ')}`);
  }
  const [row] = await db
    .update(users)
    .set({ role })
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
    .returning({ id: users.id, username: users.username, role: users.role });
  if (!row) throw new SetRoleError(`No account has the email address '${email}'`);
  return row;
}
